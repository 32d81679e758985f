// The GPU-free parts of the CUDA scan family: names derived from the parameters, the configs
// refused, the launch plans (tiles, recursion levels, spans) with the element moves each
// algorithm declares, and the look-back descriptors' rules (epochs, packing, the window).
#include "kernels/cuda/scan_plan.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "kernels/cuda/common/exchange_slot.hpp"
#include "kernels/cuda/lookback.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::InputError;
using roofline::Precision;

constexpr ScanConfig config(ScanAlgorithm a, BlockScanAlgorithm b = BlockScanAlgorithm::warp_shfl) {
  return {.algorithm = a, .block = b};
}

TEST(ScanPlan, NamesComeFromTheParameters) {
  EXPECT_EQ(scan_variant_name(config(ScanAlgorithm::scan_then_fan)), "scan_then_fan_shfl");
  EXPECT_EQ(scan_variant_name(config(ScanAlgorithm::decoupled_lookback, BlockScanAlgorithm::smem)),
            "decoupled_lookback_smem");
  EXPECT_EQ(scan_variant_name({.shape = {256, 4}}), "decoupled_lookback_shfl_256x4");
  EXPECT_EQ(scan_variant_name({.shape = {{128, 6}, {224, 12}}}),
            "decoupled_lookback_shfl_128x6_224x12");
  // Hints are named where they differ from the look-back's default (streaming stores).
  EXPECT_EQ(scan_variant_name({.hints = {}}), "decoupled_lookback_shfl_stwb");
  EXPECT_EQ(scan_variant_name({.hints = kStreaming}), "decoupled_lookback_shfl_ldcs");
  EXPECT_EQ(scan_variant_name({.schedule = LookbackSchedule::prefetch,
                               .hints = {.load = LoadHint::nc, .store = StoreHint::cs}}),
            "decoupled_lookback_prefetch_shfl_ldnc");
  EXPECT_EQ(scan_variant_name({.shape = {{128, 6}, {224, 12}}, .hints = {}}),
            "decoupled_lookback_shfl_128x6_224x12_stwb");
  EXPECT_EQ(scan_variant_name({.shape = {{128, 12, 6}, {128, 12, 6}}}),
            "decoupled_lookback_shfl_128x12b6");
  EXPECT_EQ(scan_variant_name(
                {.block = BlockScanAlgorithm::smem, .schedule = LookbackSchedule::prefetch}),
            "decoupled_lookback_prefetch_smem");
  // A staged tile is named.
  EXPECT_EQ(scan_variant_name({.shape = {staged(128, 16), staged(128, 16)}}),
            "decoupled_lookback_shfl_128x16staged");
  EXPECT_EQ(scan_variant_name({.shape = {staged(128, 8), {128, 12, 6}}}),
            "decoupled_lookback_shfl_128x8staged_128x12b6");
  // Waits other than kLookbackDelays are named: before the first read x the first poll, then the
  // last poll where the polls double.
  const ScanShape cub_waits = staged(128, 8, {1245, 648, 648});
  EXPECT_EQ(scan_variant_name({.shape = {cub_waits, cub_waits}}),
            "decoupled_lookback_shfl_128x8staged_sleep1245x648");
  const ScanShape doubling = staged(128, 8, {1500, 200, 1600});
  EXPECT_EQ(scan_variant_name({.shape = {doubling, doubling}}),
            "decoupled_lookback_shfl_128x8staged_sleep1500x200-1600");
  // So are L2 requests ahead other than the default's; the default without them is a sweep row.
  EXPECT_EQ(scan_variant_name({.shape = {kBestL2Ahead128, kBestL2Ahead128}}),
            "decoupled_lookback_shfl_128x12staged_sleep1245x648_l2ahead128");
  EXPECT_EQ(scan_variant_name({.shape = {staged(128, 8), staged(128, 8)}}),
            "decoupled_lookback_shfl_128x8staged");
  std::set<std::string> names;
  for (const ScanConfig& c : scan_ladder()) names.insert(scan_variant_name(c));
  for (const ScanConfig& c : scan_sweep()) names.insert(scan_variant_name(c));
  EXPECT_EQ(names.size(), scan_ladder().size() + scan_sweep().size());
  EXPECT_EQ(scan_ladder().size(), 8u);  // 4 algorithms × 2 block scans
}

TEST(ScanPlan, RefusesWhatIsNotCompiled) {
  for (const ScanConfig& c : scan_ladder())
    for (Precision p : scan_precisions(c)) EXPECT_NO_THROW(check_config(c, p));
  for (const ScanConfig& c : scan_sweep()) {
    EXPECT_EQ(scan_precisions(c),
              (std::vector<Precision>{Precision::int32, Precision::fp32, Precision::fp64}));
    for (Precision p : scan_precisions(c)) EXPECT_NO_THROW(check_config(c, p));
    if (c.at_default()) continue;
    ScanConfig smem = c;  // a sweep shape: warp shuffles only
    smem.block = BlockScanAlgorithm::smem;
    EXPECT_THROW(check_config(smem, Precision::fp32), InputError);
    ScanConfig multipass = c;
    multipass.algorithm = ScanAlgorithm::reduce_then_scan;
    multipass.schedule = LookbackSchedule::one_tile;
    // The multi-pass kernels have their default shape without hints only (a sweep row may be it).
    if (!multipass.at_default()) {
      EXPECT_THROW(check_config(multipass, Precision::fp32), InputError);
    }
  }
  EXPECT_THROW(check_config({}, Precision::fp16), InputError);
  EXPECT_THROW(check_config({.algorithm = ScanAlgorithm::merrill_grimshaw,
                             .schedule = LookbackSchedule::prefetch},
                            Precision::fp32),
               InputError);
  EXPECT_THROW(check_config({.shape = {64, 4}}, Precision::fp32), InputError);
  // Hints are compiled with the sweep's shapes only, and for the look-back only.
  EXPECT_THROW(
      check_config({.shape = {256, 4}, .hints = {.store = StoreHint::cs}}, Precision::fp32),
      InputError);
  EXPECT_THROW(check_config({.algorithm = ScanAlgorithm::reduce_then_scan,
                             .hints = {.store = StoreHint::cs}},
                            Precision::fp32),
               InputError);
  // Staged tiles are compiled with the sweep's shapes only; prefetch double buffers 16 KiB tiles.
  EXPECT_THROW(check_config({.shape = {staged(128, 10), staged(128, 10)}}, Precision::fp32),
               InputError);
  const ScanConfig big{.shape = {staged(128, 16), staged(128, 16)}, .hints = kStreaming};
  EXPECT_NO_THROW(check_config(big, Precision::fp32));
  ScanConfig prefetch = big;
  prefetch.schedule = LookbackSchedule::prefetch;
  EXPECT_THROW(check_config(prefetch, Precision::fp32), InputError);
  prefetch.shape = {staged(128, 8), staged(128, 8)};
  EXPECT_NO_THROW(check_config(prefetch, Precision::fp64));
  EXPECT_THROW(plan_scan({}, Precision::fp32, 10, 0), InputError);
}

// The look-back one tile per block asks the L2 for the tiles its shape says ahead, at most what a
// sixteenth of the L2 holds: 240 tiles of 16 KiB of an H200's 60 MiB, 16 of a 4 MiB L2, none
// where the L2 is unknown or with the prefetch schedule.
TEST(ScanPlan, L2RequestsAheadFitASixteenthOfTheL2) {
  constexpr std::size_t n = std::size_t{1} << 28, kMiB = std::size_t{1} << 20;
  EXPECT_EQ(kLookbackDefault.shape.four.l2_ahead, 256);
  EXPECT_EQ(plan_scan({}, Precision::int32, n, 1, 60 * kMiB).l2_ahead, 240u);
  EXPECT_EQ(plan_scan({}, Precision::fp64, n, 1, 60 * kMiB).l2_ahead, 240u);
  EXPECT_EQ(plan_scan({}, Precision::fp32, n, 1, 4 * kMiB).l2_ahead, 16u);
  EXPECT_EQ(plan_scan({}, Precision::fp32, n, 1, 1024 * kMiB).l2_ahead, 256u);
  EXPECT_EQ(plan_scan({}, Precision::fp32, n, 1).l2_ahead, 0u);
  EXPECT_EQ(plan_scan({.schedule = LookbackSchedule::prefetch}, Precision::fp32, n, 1056, 60 * kMiB)
                .l2_ahead,
            0u);
  EXPECT_EQ(
      plan_scan(config(ScanAlgorithm::reduce_then_scan), Precision::fp32, n, 1, 60 * kMiB).l2_ahead,
      0u);
}

TEST(ScanPlan, TilesAreSixteenBytesPerLoad) {
  EXPECT_EQ(scan_tile(kScanShape, 4), 4096u);
  EXPECT_EQ(scan_tile(kScanShape, 8), 2048u);
  const ScanPlan p = plan_scan({}, Precision::int32, 4097, 1);
  EXPECT_EQ(p.tile, 4096u);
  EXPECT_EQ(p.tiles, 2u);
  EXPECT_EQ(p.blocks, 2u);
  // A shape per element size: the multi-pass default, 128 × 12 vectors (24 doubles) for fp64;
  // the look-back's, 128 × 8 in every type.
  EXPECT_EQ(plan_scan(config(ScanAlgorithm::reduce_then_scan), Precision::fp64, 1, 1).tile,
            128u * 24);
  EXPECT_EQ(plan_scan({}, Precision::fp64, 1, 1).tile, 128u * 16);
  const ScanConfig cub_shapes{.shape = {{128, 6}, {224, 12}}, .hints = kStreamingStores};
  EXPECT_EQ(scan_tile(cub_shapes.shape.of(8), 8), 224u * 24);
}

// 2^28 int32: three levels (2^28, 65536 tile totals, 16), ≈ 4n and ≈ 3n element moves.
TEST(ScanPlan, RecursionLevelsAndMoves) {
  const std::size_t n = std::size_t{1} << 28;
  const ScanPlan fan = plan_scan(config(ScanAlgorithm::scan_then_fan), Precision::int32, n, 1);
  EXPECT_EQ(fan.levels, (std::vector<std::size_t>{n, 65536, 16}));
  EXPECT_NEAR(scan_passes(fan, n), 4.0, 0.002);
  EXPECT_GT(scan_passes(fan, n), 4.0);  // the totals and offsets count too
  const ScanPlan rts = plan_scan(config(ScanAlgorithm::reduce_then_scan), Precision::int32, n, 1);
  EXPECT_EQ(rts.levels, fan.levels);
  EXPECT_NEAR(scan_passes(rts, n), 3.0, 0.002);
  const ScanPlan one = plan_scan({}, Precision::int32, n, 1);
  EXPECT_EQ(scan_passes(one, n), 2.0);
  EXPECT_EQ(one.blocks, 65536u);
  const ScanPlan prefetch =
      plan_scan({.schedule = LookbackSchedule::prefetch}, Precision::int32, n, 1056);
  EXPECT_EQ(prefetch.blocks, 1056u);  // the resident grid
  EXPECT_EQ(
      plan_scan({.schedule = LookbackSchedule::prefetch}, Precision::int32, 5000, 1056).blocks, 2u);
  // One tile or less: one block scans it, 2n, in every algorithm.
  for (const ScanConfig& c : scan_ladder()) {
    const ScanPlan small = plan_scan(c, Precision::fp64, 2048, 528);
    EXPECT_EQ(small.levels, std::vector<std::size_t>{2048});
    EXPECT_EQ(scan_passes(small, 2048), 2.0) << scan_variant_name(c);
    EXPECT_EQ(scan_passes(plan_scan(c, Precision::fp32, 0, 528), 0), 2.0);
    EXPECT_EQ(plan_scan(c, Precision::fp32, 0, 528).tiles, 0u);
  }
}

TEST(ScanPlan, MerrillGrimshawSpansCoverTheTilesOnce) {
  const ScanConfig mg = config(ScanAlgorithm::merrill_grimshaw);
  for (std::size_t n : {std::size_t{4097}, std::size_t{1} << 20, (std::size_t{1} << 28) + 3})
    for (std::size_t spans : {std::size_t{1}, std::size_t{528}, std::size_t{100000}}) {
      const ScanPlan p = plan_scan(mg, Precision::fp32, n, spans);
      SCOPED_TRACE(std::to_string(n) + " elements, " + std::to_string(spans) + " spans");
      EXPECT_LE(p.blocks, std::min({spans, p.tiles, p.tile}));  // one block scans the totals
      EXPECT_GE(p.blocks * p.span_tiles, p.tiles);
      EXPECT_LT((p.blocks - 1) * p.span_tiles, p.tiles);  // no block without a tile
      EXPECT_NEAR(scan_passes(p, n), 3.0, 0.01);
    }
}

// The warp exchange's shared-memory slots (common/exchange_slot.hpp), for every vector count up
// to 24 the sweep may use: a permutation of each 8 slots, and every quarter-warp's 16-byte
// accesses, striped and blocked, in 8 different bank groups.
template <int Loads>
void expect_conflict_free() {
  SCOPED_TRACE(std::to_string(Loads) + " vectors per thread");
  std::vector<bool> used(32 * Loads);
  for (unsigned v = 0; v < used.size(); ++v) {
    const unsigned slot = exchange_slot<Loads>(v);
    ASSERT_LT(slot, used.size());
    EXPECT_EQ(slot / 8, v / 8);
    EXPECT_FALSE(used[slot]);
    used[slot] = true;
  }
  for (unsigned quarter = 0; quarter < 4; ++quarter) {
    const auto groups = [&](auto vector_of_lane) {
      std::set<unsigned> g;
      for (unsigned lane = 8 * quarter; lane < 8 * quarter + 8; ++lane)
        g.insert(exchange_slot<Loads>(vector_of_lane(lane)) % 8);
      return g.size();
    };
    for (unsigned i = 0; i < Loads; ++i) {
      EXPECT_EQ(groups([&](unsigned lane) { return i * 32 + lane; }), 8u) << "striped " << i;
      EXPECT_EQ(groups([&](unsigned lane) { return lane * Loads + i; }), 8u) << "blocked " << i;
    }
  }
}

TEST(ScanPlan, WarpExchangeIsConflictFreeForAnyVectorCount) {
  [&]<int... L>(std::integer_sequence<int, L...>) { (expect_conflict_free<L + 1>(), ...); }
  (std::make_integer_sequence<int, 24>());
}

TEST(Lookback, DescriptorsOfAnotherLaunchReadAsNothingYet) {
  for (unsigned epoch : {1u, 2u, kEpochLimit - 1})
    for (TileStatus s : {TileStatus::aggregate, TileStatus::inclusive}) {
      EXPECT_EQ(tile_status(tile_tag(epoch, s), epoch), s);
      EXPECT_EQ(tile_status(tile_tag(epoch, s), next_epoch(epoch)), TileStatus::invalid);
    }
  EXPECT_EQ(tile_status(0, 1), TileStatus::invalid);  // cleared memory
  const std::uint64_t w = tile_word(tile_tag(7, TileStatus::inclusive), 0xdeadbeefu);
  EXPECT_EQ(word_bits(w), 0xdeadbeefu);
  EXPECT_EQ(tile_status(word_tag(w), 7), TileStatus::inclusive);
  EXPECT_EQ(next_epoch(0), 1u);
  EXPECT_EQ(next_epoch(kEpochLimit - 1), 1u);  // wraps: the host clears the descriptors
  EXPECT_LT(next_epoch(kEpochLimit - 1), kEpochLimit - 1);
}

TEST(Lookback, WindowEndsAtTheNearestInclusivePrefix) {
  EXPECT_EQ(window_lanes(0), 0xffffffffu);
  EXPECT_EQ(window_lanes(1u), 1u);
  EXPECT_EQ(window_lanes(0b10100u), 0b111u);
  EXPECT_EQ(window_lanes(1u << 31), 0xffffffffu);
}

// The look-back's protocol on host threads, launch after launch on the same descriptors and counter
// with no reset between launches (only the epoch advances): each block draws tickets with
// atomicInc's rule, publishes its tile's aggregate in a packed word (relaxed), looks back 32
// predecessors at a time with the window rule until it reaches an inclusive prefix, and publishes
// its own; with prefetch a block draws its next ticket before it scans its current tile. Every
// tile must get the sum of the tiles before it, each tile is taken once, nothing deadlocks, and
// the counter is 0 after each launch, in both schedules.
void replay_lookback(unsigned tiles, unsigned blocks, bool prefetch) {
  std::vector<std::atomic<std::uint64_t>> words(tiles);
  for (auto& w : words) w = 0;
  std::atomic<unsigned> counter{0};
  const unsigned limit = prefetch ? prefetch_ticket_limit(tiles, blocks) : ticket_limit(tiles);
  const auto draw = [&] {
    unsigned old = counter.load(std::memory_order_relaxed);
    while (
        !counter.compare_exchange_weak(old, next_ticket(old, limit), std::memory_order_relaxed)) {
    }
    return old;
  };
  unsigned epoch = 0;
  for (int launch = 0; launch < 5; ++launch) {
    epoch = next_epoch(epoch);
    const auto value = [&](unsigned t) { return static_cast<std::uint32_t>(launch * 7 + t + 1); };
    const auto publish = [&](unsigned t, TileStatus s, std::uint32_t v) {
      words[t].store(tile_word(tile_tag(epoch, s), v), std::memory_order_relaxed);
    };
    std::vector<std::uint32_t> prefix(tiles, ~0u);
    std::vector<std::atomic<int>> taken(tiles);
    const auto scan_tile = [&](unsigned t) {
      ++taken[t];
      std::uint32_t exclusive = 0;
      if (t == 0) {
        publish(0, TileStatus::inclusive, value(0));
      } else {
        publish(t, TileStatus::aggregate, value(t));
        for (long long window = static_cast<long long>(t) - 1;; window -= 32) {
          unsigned inclusive = 0, lanes = 0;
          std::uint32_t values[32];
          for (;;) {  // a warp's poll: every lane reads, then the ballots
            unsigned invalid = 0;
            inclusive = 0;
            for (unsigned lane = 0; lane < 32; ++lane) {
              const long long p = window - lane;
              TileStatus s = TileStatus::inclusive;
              values[lane] = 0;
              if (p >= 0) {
                const std::uint64_t w = words[p].load(std::memory_order_relaxed);
                s = tile_status(word_tag(w), epoch);
                values[lane] = word_bits(w);
              }
              invalid |= unsigned(s == TileStatus::invalid) << lane;
              inclusive |= unsigned(s == TileStatus::inclusive) << lane;
            }
            lanes = window_lanes(inclusive);
            if ((invalid & lanes) == 0) break;
            std::this_thread::yield();
          }
          for (unsigned lane = 0; lane < 32; ++lane)
            if ((lanes >> lane) & 1u) exclusive += values[lane];
          if (inclusive) break;
        }
        publish(t, TileStatus::inclusive, exclusive + value(t));
      }
      prefix[t] = exclusive;
    };
    std::vector<std::thread> threads;
    for (unsigned b = 0; b < (prefetch ? blocks : tiles); ++b)
      threads.emplace_back([&] {
        unsigned t = draw();
        if (!prefetch) return t < tiles ? scan_tile(t) : void();
        while (t < tiles) {  // the next ticket is drawn before the current tile is scanned
          const unsigned next = draw();
          scan_tile(t);
          t = next;
        }
      });
    for (auto& t : threads) t.join();
    std::uint32_t expected = 0;
    for (unsigned t = 0; t < tiles; ++t) {
      EXPECT_EQ(taken[t], 1) << "launch " << launch << " tile " << t;
      EXPECT_EQ(prefix[t], expected) << "launch " << launch << " tile " << t;
      expected += value(t);
    }
    EXPECT_EQ(counter.load(), 0u) << "launch " << launch;
  }
}

TEST(Lookback, OneTilePerBlockReplaysLaunchAfterLaunchWithoutReset) {
  replay_lookback(100, 100, false);
}

TEST(Lookback, PrefetchScheduleReplaysLaunchAfterLaunchWithoutReset) {
  replay_lookback(300, 6, true);
}

}  // namespace
}  // namespace kernels::cuda
