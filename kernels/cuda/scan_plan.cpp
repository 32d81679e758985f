#include "kernels/cuda/scan_plan.hpp"

#include <algorithm>

#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::InputError;
using roofline::Precision;

bool in_sweep(const ScanConfig& c) {
  return std::any_of(
      std::begin(kLookbackSweep), std::end(kLookbackSweep),
      [&](const LookbackTuning& t) { return t.shape == c.shape && t.hints == c.hints; });
}

std::string shape_name(const ScanShape& s) {
  std::string name = std::to_string(s.threads) + "x" + std::to_string(s.loads);
  if (s.min_blocks > 0) name.append("b").append(std::to_string(s.min_blocks));
  if (s.staging == TileStaging::shared) name.append("staged");
  if (s.delays != kLookbackDelays) {
    const LookbackDelays& d = s.delays;
    name.append("_sleep")
        .append(std::to_string(d.before_first_read))
        .append("x")
        .append(std::to_string(d.first_poll));
    if (d.last_poll != d.first_poll) name.append("-").append(std::to_string(d.last_poll));
  }
  if (s.l2_ahead > 0) name.append("_l2ahead").append(std::to_string(s.l2_ahead));
  return name;
}

std::size_t ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

// The moves of a recursive algorithm over levels[l …]: scan_then_fan scans (2 moves per element,
// 1 per tile total written), scans the totals, then adds offsets to every tile but the first
// (2 per element, 1 per offset read); reduce_then_scan reduces (1 + the totals), scans the
// totals, then scans from the offsets (2 + the offsets).
double recursive_moves(ScanAlgorithm a, const std::vector<std::size_t>& levels, std::size_t l,
                       std::size_t tile) {
  const double n = static_cast<double>(levels[l]);
  if (l + 1 == levels.size()) return 2 * n;
  const double tiles = static_cast<double>(levels[l + 1]);
  const double inner = recursive_moves(a, levels, l + 1, tile);
  if (a == ScanAlgorithm::scan_then_fan)
    return (2 * n + tiles) + inner + (2 * (n - static_cast<double>(tile)) + (tiles - 1));
  return (n + tiles) + inner + (2 * n + tiles);
}

}  // namespace

std::string_view to_string(BlockScanAlgorithm b) {
  return b == BlockScanAlgorithm::warp_shfl ? "shfl" : "smem";
}

std::string_view to_string(LoadHint h) {
  switch (h) {
    case LoadHint::cg:
      return "cg";
    case LoadHint::cs:
      return "cs";
    case LoadHint::nc:
      return "nc";
  }
  return "?";
}

std::string_view to_string(StoreHint h) { return h == StoreHint::wb ? "wb" : "cs"; }

std::string scan_variant_name(const ScanConfig& c) {
  std::string name(to_string(c.algorithm));
  if (c.schedule == LookbackSchedule::prefetch) name.append("_prefetch");
  name.append("_").append(to_string(c.block));
  if (c.shape != default_shapes(c.algorithm)) {
    name.append("_").append(shape_name(c.shape.four));
    if (c.shape.eight != c.shape.four) name.append("_").append(shape_name(c.shape.eight));
  }
  const ScanHints hints = default_hints(c.algorithm);
  if (c.hints.load != hints.load) name.append("_ld").append(to_string(c.hints.load));
  if (c.hints.store != hints.store) name.append("_st").append(to_string(c.hints.store));
  return name;
}

void check_config(const ScanConfig& c, Precision p) {
  if (p != Precision::fp32 && p != Precision::fp64 && p != Precision::int32)
    throw InputError("scan on CUDA has no " + std::string(to_string(p)) + " kernels");
  if (c.schedule == LookbackSchedule::prefetch && c.algorithm != ScanAlgorithm::decoupled_lookback)
    throw InputError("scan: " + std::string(to_string(c.algorithm)) +
                     " has no prefetch schedule; the look-back's blocks take tiles so");
  const bool compiled =
      c.at_default() || (in_sweep(c) && c.algorithm == ScanAlgorithm::decoupled_lookback &&
                         c.block == BlockScanAlgorithm::warp_shfl);
  const ScanShape shape = c.shape.of(roofline::size_of(p));
  if (!compiled || (c.schedule == LookbackSchedule::prefetch && !prefetch_compiled(shape)))
    throw InputError("scan: no kernel is compiled for " + scan_variant_name(c) + " in " +
                     std::string(to_string(p)) +
                     " (every algorithm has its default shape and hints; the look-back with warp "
                     "shuffles also kLookbackSweep's shapes and hints, with prefetch a "
                     "staged tile of at most 16 KiB)");
}

std::vector<ScanConfig> scan_ladder() {
  std::vector<ScanConfig> out;
  for (ScanAlgorithm a : kScanAlgorithms)
    for (BlockScanAlgorithm b : kBlockScans) out.push_back({.algorithm = a, .block = b});
  return out;
}

std::vector<ScanConfig> scan_sweep() {
  std::vector<ScanConfig> out;
  const auto add = [&](const LookbackTuning& t, LookbackSchedule schedule) {
    out.push_back({.algorithm = ScanAlgorithm::decoupled_lookback,
                   .block = BlockScanAlgorithm::warp_shfl,
                   .shape = t.shape,
                   .schedule = schedule,
                   .hints = t.hints});
  };
  add(kLookbackDefault, LookbackSchedule::prefetch);  // the ladder has it with one tile per block
  for (LookbackSchedule schedule : {LookbackSchedule::one_tile, LookbackSchedule::prefetch})
    for (const LookbackTuning& t : kLookbackSweep)
      if (schedule == LookbackSchedule::one_tile ||
          (prefetch_compiled(t.shape.four) && prefetch_compiled(t.shape.eight)))
        add(t, schedule);
  return out;
}

std::vector<Precision> scan_precisions(const ScanConfig&) {
  return {Precision::int32, Precision::fp32, Precision::fp64};
}

ScanPlan plan_scan(const ScanConfig& c, Precision p, std::size_t n, std::size_t resident,
                   std::size_t l2_bytes) {
  check_config(c, p);
  if (resident < 1)
    throw InputError("scan: a grid of " + std::to_string(resident) + " resident blocks");
  const int element = roofline::size_of(p);
  const ScanShape& shape = c.shape.of(element);
  ScanPlan plan;
  plan.tile = scan_tile(shape, element);
  plan.tiles = ceil_div(n, plan.tile);
  plan.levels = {n};
  switch (c.algorithm) {
    case ScanAlgorithm::scan_then_fan:
    case ScanAlgorithm::reduce_then_scan:
      while (plan.levels.back() > plan.tile)
        plan.levels.push_back(ceil_div(plan.levels.back(), plan.tile));
      plan.blocks = plan.tiles;
      plan.span_tiles = 1;
      plan.moves = recursive_moves(c.algorithm, plan.levels, 0, plan.tile);
      break;
    case ScanAlgorithm::merrill_grimshaw: {
      // One block scans the span totals: at most one tile of them.
      const std::size_t grid = std::min({resident, plan.tiles, plan.tile});
      plan.span_tiles = grid > 0 ? ceil_div(plan.tiles, grid) : 0;
      plan.blocks = grid > 0 ? ceil_div(plan.tiles, plan.span_tiles) : 0;
      const double elements = static_cast<double>(n), blocks = static_cast<double>(plan.blocks);
      // One tile: scanned at once. Else reduce (n + totals), scan the totals, scan from offsets.
      plan.moves = plan.tiles <= 1 ? 2 * elements
                                   : (elements + blocks) + 2 * blocks + (2 * elements + blocks);
      break;
    }
    case ScanAlgorithm::decoupled_lookback:
      plan.blocks =
          c.schedule == LookbackSchedule::prefetch ? std::min(resident, plan.tiles) : plan.tiles;
      plan.span_tiles = 1;
      plan.moves = 2 * static_cast<double>(n);
      if (c.schedule == LookbackSchedule::one_tile)
        plan.l2_ahead = std::min<std::size_t>(
            shape.l2_ahead, l2_bytes / (16 * plan.tile * static_cast<std::size_t>(element)));
      break;
  }
  return plan;
}

double scan_passes(const ScanPlan& plan, std::size_t n) {
  if (n == 0) return 2;
  return std::max(2.0, plan.moves / static_cast<double>(n));
}

}  // namespace kernels::cuda
