// The GPU-free parts of the CUDA reduce ladder: names derived from the parameters, the configs
// refused, the launch plan (tile, grid, partials, scratch, shared memory) and the last-block
// ticket protocol replayed on host threads.
#include "kernels/cuda/reduce_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/last_block.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::InputError;
using roofline::Precision;

// The ladder's default shape is also a point of the sweep: it runs once, as one row (its fp32 sum
// at the largest length is the sweep's point), not as two rows of one name.
TEST(ReducePlan, EveryRowOfTheSuiteIsOneConfiguration) {
  roofline::Device device;
  device.compute_units = 132;
  device.facts = {{"compute_capability", "9.0"}, {"max_threads_per_sm", 2048}};
  std::set<std::pair<std::string, std::string>> rows;
  for (const Variant& v : variants(device))
    EXPECT_TRUE(rows.emplace(v.family->name, v.name).second) << v.family->name << " " << v.name;
  EXPECT_TRUE(rows.contains({"reduce", reduce_variant_name({})}));
}

TEST(ReducePlan, NamesComeFromTheParameters) {
  EXPECT_EQ(reduce_variant_name({}), "two_pass_warp_shfl_striped_v16_256x4");
  EXPECT_EQ(reduce_variant_name({.shape = {.load = BlockLoad::blocked,
                                           .width = LoadWidth::element,
                                           .loads = 16,
                                           .block = BlockReduce::smem_tree},
                                 .passes = PassScheme::one_pass_last_block,
                                 .threads = 128}),
            "one_pass_last_block_smem_tree_blocked_e_128x16");
  EXPECT_EQ(reduce_variant_name({.shape = {.block = BlockReduce::raking, .bounds = Bounds::checked},
                                 .blocks_per_sm = 16}),
            "two_pass_raking_striped_v16_256x4_checked_16_per_sm");
  std::set<std::string> names;
  for (const ReduceConfig& c : reduce_ladder()) names.insert(reduce_variant_name(c));
  EXPECT_EQ(names.size(), reduce_ladder().size());
  std::set<std::string> sweep;
  for (const ReduceConfig& c : reduce_sweep()) sweep.insert(reduce_variant_name(c));
  EXPECT_EQ(sweep.size(), std::size(kReduceSweepThreads) * std::size(kReduceSweepLoads));
  for (const ReduceConfig& c : reduce_sweep())  // every point has a compiled kernel
    EXPECT_NO_THROW(check_config(c, Precision::fp32)) << reduce_variant_name(c);
  std::set<std::string> grid;
  for (const ReduceConfig& c : reduce_grid_sweep()) {
    EXPECT_TRUE(grid.insert(reduce_variant_name(c)).second);
    EXPECT_FALSE(names.contains(reduce_variant_name(c)));
  }
  EXPECT_EQ(grid.size(), std::size(kReduceGridPerUnit));
}

// The heat map's corners: one warp with one item per thread, 1024 threads with 64.
TEST(ReducePlan, SweepSpansOneWarpAndOneItemTo1024ThreadsAnd64Items) {
  std::set<int> threads, items;
  for (const ReduceConfig& c : reduce_sweep()) {
    threads.insert(c.threads);
    items.insert(c.shape.loads * vector_elements(c.shape.width, 4));
  }
  EXPECT_EQ(threads, (std::set<int>{32, 64, 128, 256, 512, 1024}));
  EXPECT_EQ(items, (std::set<int>{1, 2, 4, 8, 16, 32, 64}));
}

TEST(ReducePlan, LadderCoversEveryBlockReduceAndPassScheme) {
  std::set<BlockReduce> blocks;
  std::set<PassScheme> passes;
  std::set<std::pair<BlockLoad, LoadWidth>> loads;
  for (const ReduceConfig& c : reduce_ladder()) {
    blocks.insert(c.shape.block);
    passes.insert(c.passes);
    loads.insert({c.shape.load, c.shape.width});
  }
  EXPECT_EQ(blocks.size(), 7u);
  EXPECT_EQ(passes.size(), 3u);
  EXPECT_EQ(loads.size(), 4u);
  // Every block reduce with one atomic pass too, and checked loads beside unchecked.
  std::set<BlockReduce> atomic;
  std::set<Bounds> bounds;
  for (const ReduceConfig& c : reduce_ladder()) {
    if (c.passes == PassScheme::one_pass_atomic) atomic.insert(c.shape.block);
    bounds.insert(c.shape.bounds);
  }
  EXPECT_EQ(atomic, blocks);
  EXPECT_EQ(bounds.size(), 2u);
  for (const ReduceConfig& c : reduce_ladder()) {
    const auto precisions = reduce_precisions(c);
    if (c.shape.block == BlockReduce::warp_redux) {
      EXPECT_EQ(precisions, std::vector{Precision::int32});
    } else {
      EXPECT_EQ(precisions.size(), 3u);
    }
    for (Precision p : precisions)
      for (ReduceOp op : kReduceOps) EXPECT_NO_THROW(check_config({op, c.shape, c.passes}, p));
  }
}

ReduceConfig with_threads(int threads) {
  ReduceConfig c;
  c.threads = threads;
  return c;
}

TEST(ReducePlan, RefusesConfigsWithoutAKernel) {
  EXPECT_THROW(check_config(with_threads(96), Precision::fp32), InputError);  // not a power of 2
  EXPECT_THROW(check_config(with_threads(16), Precision::fp32), InputError);
  EXPECT_THROW(check_config(with_threads(2048), Precision::fp32), InputError);
  EXPECT_THROW(check_config({.shape = {.loads = 3}}, Precision::fp32), InputError);
  EXPECT_THROW(check_config({.shape = {.block = BlockReduce::warp_redux}}, Precision::fp32),
               InputError);
  EXPECT_THROW(check_config({}, Precision::fp16), InputError);
  // Sweep shapes are compiled for the fp32 sum only.
  const ReduceShape sweep{.loads = 16};
  EXPECT_NO_THROW(check_config({.op = ReduceOp::sum, .shape = sweep}, Precision::fp32));
  EXPECT_THROW(check_config({.op = ReduceOp::dot, .shape = sweep}, Precision::fp32), InputError);
  EXPECT_THROW(check_config({.op = ReduceOp::sum, .shape = sweep}, Precision::fp64), InputError);
  try {
    check_config({.shape = {.loads = 32}}, Precision::fp32);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("256x32"), std::string::npos) << e.what();
  }
}

TEST(ReducePlan, TileIsThreadsTimesLoadsTimesVector) {
  const ReduceConfig c{};
  EXPECT_EQ(plan_reduce(c, Precision::fp32, 0, 10).tile, 256u * 4 * 4);
  EXPECT_EQ(plan_reduce(c, Precision::fp64, 0, 10).tile, 256u * 4 * 2);
  EXPECT_EQ(plan_reduce(c, Precision::int32, 0, 10).tile, 256u * 4 * 4);
  ReduceConfig scalar{.shape = {.width = LoadWidth::element, .loads = 16}};
  scalar.threads = 64;
  EXPECT_EQ(plan_reduce(scalar, Precision::fp64, 0, 10).tile, 64u * 16);
}

// Checked loads cover the last partial tile themselves: every tile is a full tile of the plan.
TEST(ReducePlan, CheckedLoadsCountThePartialTile) {
  const ReduceConfig c{.shape = {.bounds = Bounds::checked}};
  const std::size_t tile = 4096;
  EXPECT_EQ(plan_reduce(c, Precision::fp32, 0, 40).full_tiles, 0u);
  EXPECT_EQ(plan_reduce(c, Precision::fp32, 1, 40).full_tiles, 1u);
  EXPECT_EQ(plan_reduce(c, Precision::fp32, 3 * tile, 40).full_tiles, 3u);
  EXPECT_EQ(plan_reduce(c, Precision::fp32, 3 * tile + 5, 40).full_tiles, 4u);
}

TEST(ReducePlan, GridCapIsWavesOfResidentBlocksOrBlocksPerSm) {
  EXPECT_EQ(max_blocks({}, 8, 132), 8 * 132 * kSubscription);
  ReduceConfig capped;
  capped.blocks_per_sm = 4;
  EXPECT_EQ(max_blocks(capped, 8, 132), 4 * 132);
  capped.blocks_per_sm = -1;
  EXPECT_THROW(check_config(capped, Precision::fp32), InputError);
}

TEST(ReducePlan, GridIsTheFullTilesUpToMaxBlocks) {
  const ReduceConfig c{};
  const std::size_t tile = 4096;
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, tile - 1}) {
    const ReducePlan p = plan_reduce(c, Precision::fp32, n, 40);
    EXPECT_EQ(p.full_tiles, 0u) << n;
    EXPECT_EQ(p.blocks, 1) << n;  // the element-wise tail still needs a block
  }
  ReducePlan p = plan_reduce(c, Precision::fp32, 3 * tile + 5, 40);
  EXPECT_EQ(p.full_tiles, 3u);
  EXPECT_EQ(p.blocks, 3);
  p = plan_reduce(c, Precision::fp32, std::size_t{1} << 28, 40);
  EXPECT_EQ(p.full_tiles, (std::size_t{1} << 28) / tile);
  EXPECT_EQ(p.blocks, 40);
  EXPECT_THROW(plan_reduce(c, Precision::fp32, 1, 0), InputError);
}

TEST(ReducePlan, DeviceMemoryFollowsThePassSchemeAndBlockReduce) {
  const std::size_t n = 100 * 4096;
  ReduceConfig c{};
  EXPECT_EQ(plan_reduce(c, Precision::fp32, n, 64).partials, 64u);
  EXPECT_EQ(plan_reduce(c, Precision::fp32, n, 64).scratch, 0u);
  c.passes = PassScheme::one_pass_atomic;
  EXPECT_EQ(plan_reduce(c, Precision::fp32, n, 64).partials, 0u);
  c.passes = PassScheme::one_pass_last_block;
  EXPECT_EQ(plan_reduce(c, Precision::fp32, n, 64).partials, 64u);
  c = {.shape = {.block = BlockReduce::gmem_tree}};
  EXPECT_EQ(plan_reduce(c, Precision::fp32, n, 64).scratch, 64u * 256);
  EXPECT_EQ(plan_reduce(c, Precision::fp32, n, 64).shared_bytes, 0);
}

TEST(ReducePlan, SharedMemoryIsOneValuePerThreadOrPerWarp) {
  EXPECT_EQ(block_shared_bytes(BlockReduce::gmem_tree, 256, 4), 0);
  EXPECT_EQ(block_shared_bytes(BlockReduce::smem_tree, 256, 8), 2048);
  EXPECT_EQ(block_shared_bytes(BlockReduce::smem_tree_shfl, 1024, 4), 4096);
  EXPECT_EQ(block_shared_bytes(BlockReduce::raking, 256, 4), (256 + 32) * 4);
  EXPECT_EQ(block_shared_bytes(BlockReduce::warp_shfl, 256, 8), 64);
  EXPECT_EQ(block_shared_bytes(BlockReduce::warp_cg, 32, 4), 4);
  EXPECT_EQ(block_shared_bytes(BlockReduce::warp_redux, 1024, 4), 128);
}

TEST(LastBlockTicket, CounterWrapsLikeAtomicInc) {
  EXPECT_EQ(next_ticket(0, 4), 1u);
  EXPECT_EQ(next_ticket(3, 4), 4u);
  EXPECT_EQ(next_ticket(4, 4), 0u);  // the last of 5 blocks resets the counter
  EXPECT_EQ(next_ticket(0, ticket_limit(1)), 0u);
  EXPECT_TRUE(is_last_ticket(0, 1));
  EXPECT_TRUE(is_last_ticket(4, 5));
  EXPECT_FALSE(is_last_ticket(3, 5));
}

// The protocol on host threads, a block per thread in a shuffled order, launch after launch on
// the same counter: each writes its partial, fences, draws a ticket with atomicInc's rule; the
// block with the last ticket fences and must see every partial. Exactly one block finishes each
// launch, with the full sum, and the counter is 0 again for the next launch.
TEST(LastBlockTicket, ExactlyOneBlockSeesEveryPartialLaunchAfterLaunch) {
  constexpr unsigned kBlocks = 24;
  std::atomic<unsigned> counter{0};
  std::mt19937 shuffle(7);
  for (int launch = 0; launch < 50; ++launch) {
    std::vector<long> partials(kBlocks, 0);
    std::atomic<int> finishers{0};
    std::atomic<long> result{-1};
    std::vector<unsigned> order(kBlocks);
    for (unsigned b = 0; b < kBlocks; ++b) order[b] = b;
    std::shuffle(order.begin(), order.end(), shuffle);
    std::vector<std::thread> blocks;
    for (unsigned b : order)
      blocks.emplace_back([&, b] {
        partials[b] = launch * 1000 + b;
        std::atomic_thread_fence(std::memory_order_seq_cst);  // __threadfence()
        unsigned old = counter.load(std::memory_order_relaxed);
        while (!counter.compare_exchange_weak(old, next_ticket(old, ticket_limit(kBlocks)),
                                              std::memory_order_relaxed)) {
        }
        if (!is_last_ticket(old, kBlocks)) return;
        std::atomic_thread_fence(std::memory_order_seq_cst);
        long sum = 0;
        for (long p : partials) sum += p;
        result = sum;
        ++finishers;
      });
    for (auto& t : blocks) t.join();
    EXPECT_EQ(finishers, 1) << "launch " << launch;
    EXPECT_EQ(result, launch * 1000L * kBlocks + kBlocks * (kBlocks - 1) / 2) << launch;
    EXPECT_EQ(counter.load(), 0u) << launch;
  }
}

}  // namespace
}  // namespace kernels::cuda
