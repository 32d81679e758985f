#pragma once
// The scan family on an OpenCL device (definition in kernels/scan.hpp): four algorithms, each
// with either work-group scan, strung from the kernels of one source (scan.cl) built with the
// parameters as macros. This header is the device-free part: the parameters, the names derived
// from them, what a device must have for each, the variants and the launch planning.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/opencl/device_support.hpp"
#include "kernels/scan.hpp"

namespace kernels::opencl {

using kernels::ScanAlgorithm;
using kernels::ScanKind;

// How a work-group scans its work-items' sums (the values are scan.cl's GROUP_SCAN).
enum class GroupScan {
  local = 0,     // Hillis and Steele's in local memory, double-buffered (log2(group) steps, a
                 // barrier each)
  subgroup = 1,  // sub_group_scan_exclusive_add in each sub-group, then over the sub-groups' sums
  shfl = 2,      // warp shuffles by inline PTX in each warp, then over the warps' sums: one barrier
                 // (NVIDIA only, DeviceSupport::nv_ptx_warps; its OpenCL has no sub-groups)
};

std::string_view to_string(GroupScan g);

struct ScanConfig {
  ScanAlgorithm algorithm = ScanAlgorithm::reduce_then_scan;
  GroupScan group_scan = GroupScan::local;
  int group = 256;  // work-items per work-group, a power of two
  // 4-element vectors per work-item and tile, a power of two up to 16: work-item t loads vector
  // t of each of `loads` rows of `group` vectors (coalesced), and one work-group scan of a
  // `loads`-wide vector scans all rows at once.
  int loads = 4;
  // decoupled_lookback: its descriptors read by atom_add of 0 (OpenCL 1.x's one atomic read, a
  // read-modify-write) rather than by volatile loads (scan.cl says why either is right).
  bool atomic_reads = false;
  // decoupled_lookback with loads: a tile's descriptors read 16 bytes a load (a 4-byte value's
  // aggregate and inclusive prefix together; an 8-byte value with its complement) rather than
  // 8 bytes a load.
  bool wide_reads = false;
  // decoupled_lookback: each work-item's items wait in local memory rather than registers while
  // the work-group looks back (group × loads × 4 accumulators of local memory more).
  bool staged = false;
  // decoupled_lookback: the look-back by the first warp alone, CUB's way (a window of 32
  // predecessors read at once, their statuses by ballots, their sum by shuffles, the other warps
  // scanning their items meanwhile) rather than by the work-group with a barrier per window
  // step; NVIDIA only, as shfl.
  bool warp_window = false;
  // warp_window: ns the warp sleeps (nanosleep) before its first read of the predecessors'
  // descriptors, and between polls of a window not ready; 0: none. CUDA's look-back waits 1500
  // and 800 (kernels/cuda/lookback.hpp's kLookbackDelays, and the study there).
  int first_wait_ns = 0;
  int poll_wait_ns = 0;
};

// The elements a work-item scans per tile; a tile is group × that.
inline constexpr int kScanVector = 4;

inline constexpr ScanConfig kDefaultScanShape{};

// "reduce_then_scan_local": the algorithm and the work-group scan, then "_128x8" (work-group
// size × loads per work-item) for a shape other than the default 256 × 4, then "_atomicreads" or
// "_widereads", then "_staged", then "_warpwindow" and its waits, "_sleep1500x800", then "_r48" (at
// most 48 registers).
std::string scan_variant_name(const ScanConfig& c);

// NVIDIA's look-back (the shfl scan's): 128 × 8, the tile staged in local memory, the warp
// window with CUDA's waits. H100, 2^28, 2026-11-27 (docs/performance.md): 2879 / 2874 GB/s int32
// / fp32 inclusive, 1.067 / 1.079 × CUDA's best look-back, against 0.703 / 0.711 × for the local
// scan's 256 × 4.
inline constexpr ScanConfig kNvidiaLookback{.algorithm = ScanAlgorithm::decoupled_lookback,
                                            .group_scan = GroupScan::shfl,
                                            .group = 128,
                                            .loads = 8,
                                            .staged = true,
                                            .warp_window = true,
                                            .first_wait_ns = 1500,
                                            .poll_wait_ns = 800};

// Every variant: each algorithm with each work-group scan, at the default shape; the look-back
// with the shfl scan (NVIDIA's) at kNvidiaLookback.
std::vector<ScanConfig> scan_variants();

// The tuning sweep: each algorithm with the local work-group scan at work-groups of 128, 256 and
// 512 work-items × 2, 4 and 8 loads per work-item, the default shape left out (it is the
// variant's own row); the look-back with atomic reads at the default shape, with wide reads at
// the default shape and the H100's best of 2026-11-26 (512 × 4 int32, 256 × 8 fp32), and with
// staged items at 256 × 4, 128 × 8 and 128 × 4; the look-back with the shfl work-group scan, its
// warp window and its waits at the shapes scan_plan.cpp lists (NVIDIA only).
std::vector<ScanConfig> scan_sweep();

// Throws roofline::InputError naming the bad value: a precision other than fp32, fp64, int32, a
// group size that is not a power of two in 1..max_group, loads per work-item not a power of two
// in 1..16, atomic or wide reads, staged items or a warp window for an algorithm other than
// decoupled_lookback, atomic and wide reads at once, the shfl scan or a warp window in a group of
// fewer than 32, waits without a warp window or below 0.
void check_config(const ScanConfig& c, roofline::Precision p, std::size_t max_group);

// Why the device cannot run the config in precision p; nullopt when it can.
std::optional<std::string> unsupported(const ScanConfig& c, roofline::Precision p,
                                       const DeviceSupport& s);

// The -cl-std the config needs: sub-groups on a 2.x or 3.0 device; empty for OpenCL C 1.2.
std::string cl_std_option(const ScanConfig& c, const DeviceSupport& s);

// What the variant does, for its params.
std::string scan_description(const ScanConfig& c);

// One launch of a scan: a kernel of scan.cl over one level's data. Level 0 is the input (x)
// scanned into the output; level k ≥ 1 holds the sums of level k − 1's work-groups, scanned
// exclusively in place (in the accumulator type).
struct ScanLaunch {
  enum class Kernel { reduce_spans, scan_spans, add_offsets, decoupled_lookback };
  Kernel kernel = Kernel::scan_spans;
  int level = 0;
  std::size_t n = 0;       // the level's elements
  std::size_t span = 1;    // tiles per work-group
  std::size_t groups = 1;  // work-groups
  bool offsets = false;    // scan_spans: seeded from level + 1 (add_offsets always is)
  bool totals = false;     // scan_spans: its groups' sums to level + 1 (reduce_spans always)
};

std::string_view to_string(ScanLaunch::Kernel k);

struct ScanPlan {
  std::size_t tile = 0;              // elements: group × loads × 4
  std::vector<std::size_t> sums;     // sums[k - 1]: the elements of level k ≥ 1
  std::vector<ScanLaunch> launches;  // in order
  std::size_t descriptors = 0;       // decoupled_lookback: tiles
  std::size_t descriptor_words = 0;  // decoupled_lookback: 8-byte words, 2 or 4 per tile
  double element_moves = 2;          // elements read and written per input element, ≥ 2
};

// The plan for n elements of precision p on `compute_units` units (merrill_grimshaw's grid is
// min(tiles, compute_units × kGroupsPerUnit)). Throws roofline::InputError for a bad config or
// compute_units below 1.
ScanPlan plan_scan(const ScanConfig& c, roofline::Precision p, std::size_t n, int compute_units,
                   std::size_t max_group);

}  // namespace kernels::opencl
