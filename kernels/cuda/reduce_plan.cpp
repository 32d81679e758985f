#include "kernels/cuda/reduce_plan.hpp"

#include <algorithm>
#include <bit>

#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::InputError;
using roofline::Precision;

constexpr int kWarp = 32;

bool in(const ReduceShape& s, const auto& shapes) {
  return std::find(std::begin(shapes), std::end(shapes), s) != std::end(shapes);
}

}  // namespace

std::string_view to_string(BlockReduce b) {
  switch (b) {
    case BlockReduce::gmem_tree:
      return "gmem_tree";
    case BlockReduce::smem_tree:
      return "smem_tree";
    case BlockReduce::smem_tree_shfl:
      return "smem_tree_shfl";
    case BlockReduce::warp_shfl:
      return "warp_shfl";
    case BlockReduce::warp_cg:
      return "warp_cg";
    case BlockReduce::warp_redux:
      return "warp_redux";
    case BlockReduce::raking:
      return "raking";
  }
  return "?";
}

bool shape_compiled(const ReduceShape& s, Precision p, ReduceOp op) {
  if (s.block == BlockReduce::warp_redux && p != Precision::int32) return false;
  if (in(s, kLadderShapes)) return true;
  return p == Precision::fp32 && op == ReduceOp::sum && in(s, kSweepShapes);
}

void check_config(const ReduceConfig& c, Precision p) {
  if (p != Precision::fp32 && p != Precision::fp64 && p != Precision::int32)
    throw InputError("reduce on CUDA has no " + std::string(to_string(p)) + " kernels");
  // The trees halve the block at each step.
  if (c.threads < kWarp || c.threads > 1024 || !std::has_single_bit(unsigned(c.threads)))
    throw InputError("reduce: threads per block " + std::to_string(c.threads) +
                     " is not a power of two in 32..1024");
  if (c.shape.loads < 1 || !std::has_single_bit(unsigned(c.shape.loads)))
    throw InputError("reduce: loads per thread " + std::to_string(c.shape.loads) +
                     " is not a power of two");
  if (c.shape.block == BlockReduce::warp_redux && p != Precision::int32)
    throw InputError("reduce: warp_redux (__reduce_add_sync) has no " + std::string(to_string(p)) +
                     " form; it adds integers only");
  if (c.blocks_per_sm < 0)
    throw InputError("reduce: blocks per SM " + std::to_string(c.blocks_per_sm) + " is negative");
  if (!shape_compiled(c.shape, p, c.op))
    throw InputError("reduce: no kernel is compiled for " + reduce_variant_name(c) + " in " +
                     std::string(to_string(p)) + " " + std::string(to_string(c.op)) +
                     " (kLadderShapes and kSweepShapes list those that are)");
}

std::string reduce_variant_name(const ReduceConfig& c) {
  const ReduceShape& s = c.shape;
  std::string name = std::string(to_string(c.passes)) + "_" + std::string(to_string(s.block)) +
                     "_" + std::string(to_string(s.load)) + "_" + std::string(to_string(s.width)) +
                     "_" + std::to_string(c.threads) + "x" + std::to_string(s.loads);
  if (s.bounds == Bounds::checked) name += "_checked";
  if (c.blocks_per_sm > 0) name += "_" + std::to_string(c.blocks_per_sm) + "_per_sm";
  return name;
}

int block_shared_bytes(BlockReduce b, int threads, int value_bytes) {
  switch (b) {
    case BlockReduce::gmem_tree:
      return 0;
    case BlockReduce::smem_tree:
    case BlockReduce::smem_tree_shfl:
      return threads * value_bytes;
    case BlockReduce::raking:
      return (threads + kWarp) * value_bytes;
    default:
      return (threads + kWarp - 1) / kWarp * value_bytes;
  }
}

int max_blocks(const ReduceConfig& c, int resident, int sms) {
  return c.blocks_per_sm > 0 ? c.blocks_per_sm * sms : resident * sms * kSubscription;
}

ReducePlan plan_reduce(const ReduceConfig& c, Precision p, std::size_t n, int max_blocks) {
  check_config(c, p);
  if (max_blocks < 1)
    throw InputError("reduce: at most " + std::to_string(max_blocks) + " blocks is no grid");
  const int element_bytes = roofline::size_of(p);
  // Partials and scratch hold the accumulator, as wide as the element (int32 in uint32).
  const int value_bytes = element_bytes;
  ReducePlan plan;
  plan.tile = static_cast<std::size_t>(c.threads) * c.shape.loads *
              vector_elements(c.shape.width, element_bytes);
  plan.full_tiles =
      c.shape.bounds == Bounds::checked ? (n + plan.tile - 1) / plan.tile : n / plan.tile;
  plan.blocks = static_cast<int>(
      std::clamp<std::size_t>(plan.full_tiles, 1, static_cast<std::size_t>(max_blocks)));
  plan.shared_bytes = block_shared_bytes(c.shape.block, c.threads, value_bytes);
  plan.partials = c.passes == PassScheme::one_pass_atomic ? 0 : plan.blocks;
  plan.scratch = c.shape.block == BlockReduce::gmem_tree
                     ? static_cast<std::size_t>(plan.blocks) * c.threads
                     : 0;
  return plan;
}

std::vector<ReduceConfig> reduce_ladder() {
  std::vector<ReduceConfig> ladder;
  for (const ReduceShape& s : kLadderShapes) ladder.push_back({.shape = s});
  for (const ReduceShape& s : kLadderShapes)
    if (s == ReduceShape{.block = s.block})  // a block reduce at the default loads
      ladder.push_back({.shape = s, .passes = PassScheme::one_pass_atomic});
  ladder.push_back({.shape = kDefaultShape, .passes = PassScheme::one_pass_last_block});
  return ladder;
}

std::vector<ReduceConfig> reduce_sweep() {
  std::vector<ReduceConfig> sweep;
  for (int threads : kReduceSweepThreads)
    for (const SweepLoads& l : kReduceSweepLoads)
      sweep.push_back({.shape = {.width = l.width, .loads = l.loads}, .threads = threads});
  return sweep;
}

std::vector<ReduceConfig> reduce_grid_sweep() {
  std::vector<ReduceConfig> sweep;
  for (int blocks : kReduceGridPerUnit) {
    ReduceConfig c;
    c.blocks_per_sm = blocks;
    sweep.push_back(c);
  }
  return sweep;
}

std::vector<Precision> reduce_precisions(const ReduceConfig& c) {
  if (c.shape.block == BlockReduce::warp_redux) return {Precision::int32};
  return {Precision::fp32, Precision::fp64, Precision::int32};
}

}  // namespace kernels::cuda
