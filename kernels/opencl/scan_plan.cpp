#include "kernels/opencl/scan_plan.hpp"

#include <algorithm>
#include <bit>

#include "roofline/input_error.hpp"

namespace kernels::opencl {
namespace {

using roofline::InputError;
using roofline::Precision;

constexpr int kMaxLoads = 16;

std::size_t ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

// The accumulator's bytes: the tile sums' levels hold it.
int accumulator_bytes(Precision p) { return p == Precision::fp64 ? 8 : 4; }

// Plans the scan of level `level`, m elements, and of the levels its sums need.
void plan_level(ScanPlan& plan, const ScanConfig& c, int level, std::size_t m, int units) {
  const std::size_t tiles = std::max<std::size_t>(1, ceil_div(m, plan.tile));
  using K = ScanLaunch::Kernel;
  // One work-group scans what fits in a tile, and Merrill and Grimshaw's sums (one per
  // work-group of the fixed grid) by striding over their tiles.
  if (tiles == 1 || (c.algorithm == ScanAlgorithm::merrill_grimshaw && level > 0)) {
    plan.launches.push_back({.kernel = K::scan_spans, .level = level, .n = m, .span = tiles});
    return;
  }
  std::size_t span = 1, groups = tiles;
  if (c.algorithm == ScanAlgorithm::merrill_grimshaw) {
    groups = std::min(tiles, static_cast<std::size_t>(units) * kGroupsPerUnit);
    span = ceil_div(tiles, groups);
    groups = ceil_div(tiles, span);
  }
  plan.sums.push_back(groups);  // level + 1
  const ScanLaunch first = {
      .kernel = c.algorithm == ScanAlgorithm::scan_then_fan ? K::scan_spans : K::reduce_spans,
      .level = level,
      .n = m,
      .span = span,
      .groups = groups,
      .totals = true};
  plan.launches.push_back(first);
  plan_level(plan, c, level + 1, groups, units);
  ScanLaunch second = first;
  second.totals = false;
  if (c.algorithm == ScanAlgorithm::scan_then_fan) {
    second.kernel = K::add_offsets;
  } else {
    second.kernel = K::scan_spans;
    second.offsets = true;
  }
  plan.launches.push_back(second);
}

// Bytes a launch reads and writes in all: its level's elements, the sums it reads or writes.
double launch_bytes(const ScanLaunch& l, Precision p) {
  const double element = l.level == 0 ? roofline::size_of(p) : accumulator_bytes(p);
  const double sums = static_cast<double>(l.groups) * accumulator_bytes(p);
  const double data = static_cast<double>(l.n) * element;
  switch (l.kernel) {
    case ScanLaunch::Kernel::reduce_spans:
      return data + sums;
    case ScanLaunch::Kernel::scan_spans:
      return 2 * data + (l.offsets ? sums : 0) + (l.totals ? sums : 0);
    case ScanLaunch::Kernel::add_offsets:
      return 2 * data + sums;
    case ScanLaunch::Kernel::decoupled_lookback:
      // The descriptors (two per tile, of a word per 4 bytes of accumulator): filled, published
      // and read by the next tile's look-back; more reads while it spins, and a fallback's reads
      // of a predecessor's inputs, are not counted.
      return 2 * data + 3.0 * 16 * accumulator_bytes(p) / 4 * static_cast<double>(l.groups);
  }
  return 0;
}

}  // namespace

std::string_view to_string(GroupScan g) {
  switch (g) {
    case GroupScan::local:
      return "local";
    case GroupScan::subgroup:
      return "subgroup";
    case GroupScan::shfl:
      return "shfl";
  }
  return "?";
}

std::string_view to_string(ScanLaunch::Kernel k) {
  switch (k) {
    case ScanLaunch::Kernel::reduce_spans:
      return "reduce_spans";
    case ScanLaunch::Kernel::scan_spans:
      return "scan_spans";
    case ScanLaunch::Kernel::add_offsets:
      return "add_offsets";
    case ScanLaunch::Kernel::decoupled_lookback:
      return "decoupled_lookback";
  }
  return "?";
}

std::string scan_variant_name(const ScanConfig& c) {
  std::string name =
      std::string(to_string(c.algorithm)) + "_" + std::string(to_string(c.group_scan));
  // Appended piece by piece: `"_" + std::to_string(…)` draws a GCC 12 -Wrestrict false positive.
  if (c.group != kDefaultScanShape.group || c.loads != kDefaultScanShape.loads)
    name.append("_").append(std::to_string(c.group)).append("x").append(std::to_string(c.loads));
  if (c.atomic_reads) name.append("_atomicreads");
  if (c.wide_reads) name.append("_widereads");
  if (c.staged) name.append("_staged");
  if (c.warp_window) name.append("_warpwindow");
  if (c.first_wait_ns > 0 || c.poll_wait_ns > 0)
    name.append("_sleep")
        .append(std::to_string(c.first_wait_ns))
        .append("x")
        .append(std::to_string(c.poll_wait_ns));
  return name;
}

std::vector<ScanConfig> scan_variants() {
  std::vector<ScanConfig> out;
  for (ScanAlgorithm a : {ScanAlgorithm::scan_then_fan, ScanAlgorithm::reduce_then_scan,
                          ScanAlgorithm::merrill_grimshaw, ScanAlgorithm::decoupled_lookback})
    for (GroupScan g : {GroupScan::local, GroupScan::subgroup, GroupScan::shfl})
      out.push_back(a == ScanAlgorithm::decoupled_lookback && g == GroupScan::shfl
                        ? kNvidiaLookback
                        : ScanConfig{.algorithm = a, .group_scan = g});
  return out;
}

std::vector<ScanConfig> scan_sweep() {
  std::vector<ScanConfig> out;
  for (const ScanConfig& v : scan_variants()) {
    if (v.group_scan != GroupScan::local) continue;
    for (int group : {128, 256, 512})
      for (int loads : {2, 4, 8})
        if (group != v.group || loads != v.loads)
          out.push_back({.algorithm = v.algorithm,
                         .group_scan = v.group_scan,
                         .group = group,
                         .loads = loads});
  }
  out.push_back({.algorithm = ScanAlgorithm::decoupled_lookback, .atomic_reads = true});
  // Wide reads at the default shape and the H100's best of 2026-11-26; staged items where their
  // 4-byte tiles fit NVIDIA's 48 KiB of local memory beside the scan's scratch.
  struct Row {
    int group, loads;
    bool wide_reads, staged;
  };
  for (const Row r : {Row{256, 4, true, false}, Row{512, 4, true, false}, Row{256, 8, true, false},
                      Row{256, 4, false, true}, Row{128, 8, false, true}, Row{128, 4, false, true}})
    out.push_back({.algorithm = ScanAlgorithm::decoupled_lookback,
                   .group = r.group,
                   .loads = r.loads,
                   .wide_reads = r.wide_reads,
                   .staged = r.staged});
  // NVIDIA: the warp-shuffle work-group scan alone, with the warp window, with CUDA's waits, at
  // the H100's best shapes of 2026-11-26 (512 × 4 int32, 256 × 8 fp32, 512 × 2 fp64); the window
  // with the local scan; shorter waits; staged items (kNvidiaLookback is the ladder's row).
  struct Warp {
    int group, loads;
    GroupScan scan;
    bool window, staged;
    int first_wait, poll_wait;
  };
  constexpr GroupScan kShfl = GroupScan::shfl, kLocal = GroupScan::local;
  for (const Warp w :
       {Warp{512, 4, kShfl, false, false, 0, 0}, Warp{512, 4, kShfl, true, false, 0, 0},
        Warp{512, 4, kShfl, true, false, 1500, 800}, Warp{512, 2, kShfl, true, false, 1500, 800},
        Warp{128, 8, kShfl, true, false, 1500, 800}, Warp{512, 4, kLocal, true, false, 1500, 800},
        Warp{256, 4, kShfl, true, true, 1500, 800}, Warp{256, 4, kLocal, true, true, 1500, 800},
        Warp{256, 8, kShfl, true, true, 1500, 800}, Warp{128, 8, kShfl, true, true, 0, 0},
        Warp{128, 8, kShfl, true, true, 500, 200}, Warp{128, 4, kShfl, true, true, 1500, 800}})
    out.push_back({.algorithm = ScanAlgorithm::decoupled_lookback,
                   .group_scan = w.scan,
                   .group = w.group,
                   .loads = w.loads,
                   .staged = w.staged,
                   .warp_window = w.window,
                   .first_wait_ns = w.first_wait,
                   .poll_wait_ns = w.poll_wait});
  return out;
}

void check_config(const ScanConfig& c, Precision p, std::size_t max_group) {
  if (p != Precision::fp32 && p != Precision::fp64 && p != Precision::int32)
    throw InputError("scan on OpenCL has no " + std::string(to_string(p)) + " kernels");
  // The local scan doubles its offset up to the group.
  if (c.group < 1 || static_cast<std::size_t>(c.group) > max_group ||
      !std::has_single_bit(unsigned(c.group)))
    throw InputError("scan: work-group size " + std::to_string(c.group) +
                     " is not a power of two in 1.." + std::to_string(max_group));
  // The work-group scan's vector holds one sum per load: OpenCL C has 2, 4, 8 and 16 wide ones.
  if (c.loads < 1 || c.loads > kMaxLoads || !std::has_single_bit(unsigned(c.loads)))
    throw InputError("scan: loads per work-item " + std::to_string(c.loads) +
                     " is not a power of two in 1.." + std::to_string(kMaxLoads));
  if ((c.atomic_reads || c.wide_reads || c.staged || c.warp_window) &&
      c.algorithm != ScanAlgorithm::decoupled_lookback)
    throw InputError("scan: " + std::string(to_string(c.algorithm)) +
                     " has no look-back: no descriptors to read atomically or widely, no items "
                     "to stage, no warp window");
  if ((c.group_scan == GroupScan::shfl || c.warp_window) && c.group < 32)
    throw InputError("scan: work-group size " + std::to_string(c.group) +
                     " is less than a warp (32), which the shfl scan and the warp window need");
  if (c.first_wait_ns < 0 || c.poll_wait_ns < 0 ||
      ((c.first_wait_ns > 0 || c.poll_wait_ns > 0) && !c.warp_window))
    throw InputError("scan: waits of " + std::to_string(c.first_wait_ns) + " and " +
                     std::to_string(c.poll_wait_ns) +
                     " ns: they must be at least 0, and are slept by the warp window alone");
  if (c.atomic_reads && c.wide_reads)
    throw InputError(
        "scan: descriptor reads either atomic (atom_add of one word) or wide "
        "(16-byte loads), not both");
}

std::optional<std::string> unsupported(const ScanConfig& c, Precision p, const DeviceSupport& s) {
  if (p == Precision::fp64 && !s.fp64) return "the device has no cl_khr_fp64";
  if (c.group_scan == GroupScan::subgroup && !s.sub_groups)
    return "sub_group_scan_exclusive_add needs cl_khr_subgroups or OpenCL C 3.0's "
           "__opencl_c_subgroups, which the device lacks";
  if ((c.group_scan == GroupScan::shfl || c.warp_window) && !s.nv_ptx_warps)
    return std::string(c.warp_window ? "its warp window" : "the shfl work-group scan") +
           " is inline PTX (shfl.sync, vote.sync, nanosleep), which only NVIDIA's OpenCL compiles, "
           "for compute capability 7.0 or later: the device is not such a one";
  if (c.algorithm == ScanAlgorithm::decoupled_lookback && !s.int64_atomics)
    return "its tile descriptors are 64-bit words published and read by atom_cmpxchg, atom_xchg "
           "and atom_add, which need cl_khr_int64_base_atomics, which the device lacks";
  return std::nullopt;
}

std::string cl_std_option(const ScanConfig& c, const DeviceSupport& s) {
  if (c.group_scan != GroupScan::subgroup || s.c_major < 2) return "";
  return s.c_major >= 3 ? "-cl-std=CL3.0" : "-cl-std=CL2.0";
}

std::string scan_description(const ScanConfig& c) {
  const std::string group =
      c.group_scan == GroupScan::local
          ? "work-group scan by Hillis and Steele's steps in local memory"
      : c.group_scan == GroupScan::subgroup
          ? "work-group scan by sub_group_scan_exclusive_add"
          : "work-group scan by warp shuffles (inline PTX shfl.sync.up) and the warps' sums";
  switch (c.algorithm) {
    case ScanAlgorithm::scan_then_fan:
      return group +
             "; each tile scanned, the tiles' sums scanned recursively, each tile's offset "
             "added to its outputs";
    case ScanAlgorithm::reduce_then_scan:
      return group +
             "; each tile reduced, the sums scanned recursively, each tile scanned again from "
             "its offset";
    case ScanAlgorithm::merrill_grimshaw:
      return group +
             "; a fixed grid of work-groups, each reducing then scanning one contiguous span of "
             "tiles, the spans' sums scanned by one work-group between the passes";
    case ScanAlgorithm::decoupled_lookback:
      return group +
             "; one pass, tile index from an atomic ticket, look-back over 64-bit descriptor "
             "words with a bounded spin, past which the waiter reduces the predecessor's tile "
             "and publishes it by compare-and-swap" +
             (c.warp_window ? "; the look-back by one warp, 32 predecessors a step, statuses by "
                              "ballot (vote.sync)"
                            : "");
  }
  return group;
}

ScanPlan plan_scan(const ScanConfig& c, Precision p, std::size_t n, int compute_units,
                   std::size_t max_group) {
  check_config(c, p, max_group);
  if (compute_units < 1)
    throw InputError("scan: " + std::to_string(compute_units) + " compute units is no device");
  ScanPlan plan;
  plan.tile = static_cast<std::size_t>(c.group) * c.loads * kScanVector;
  if (c.algorithm == ScanAlgorithm::decoupled_lookback) {
    plan.descriptors = std::max<std::size_t>(1, ceil_div(n, plan.tile));
    plan.descriptor_words = plan.descriptors * 2 * (accumulator_bytes(p) / 4);
    plan.launches.push_back(
        {.kernel = ScanLaunch::Kernel::decoupled_lookback, .n = n, .groups = plan.descriptors});
  } else {
    plan_level(plan, c, 0, n, compute_units);
  }
  double bytes = 0;
  for (const ScanLaunch& l : plan.launches) bytes += launch_bytes(l, p);
  if (n > 0)
    plan.element_moves = std::max(2.0, bytes / (static_cast<double>(n) * roofline::size_of(p)));
  return plan;
}

}  // namespace kernels::opencl
