#pragma once
// The scan family on an NVIDIA GPU (definition in kernels/scan.hpp): the CUDA Handbook's three
// multi-pass algorithms (ch. 13) and the single-pass decoupled look-back (Merrill & Garland 2016),
// each with either block scan of kernels/cuda/common/block_scan.cuh. This header is the GPU-free
// part: the parameters, the names derived from them, the rows' configs and the launch planning,
// with the element moves each algorithm makes (its declared algorithm_bytes).
//
// Every kernel works on tiles of threads × loads 16-byte vectors (4096 int32 or float, 2048
// double at the default 128 × 8): a warp loads its span of the tile warp-striped, hands each
// thread consecutive elements through shared memory (common/warp_exchange.cuh), each thread scans
// its elements serially, the block scans the threads' totals, and the result goes back the same
// way.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/cuda/common/block_scan_algorithm.hpp"
#include "kernels/cuda/common/memory_hint.hpp"
#include "kernels/cuda/lookback.hpp"
#include "kernels/scan.hpp"

namespace kernels::cuda {

using kernels::ScanAlgorithm;

// How the look-back's blocks take tiles.
//   one_tile:  a block per tile, which draws its ticket, loads, scans, looks back and stores.
//   prefetch:  a grid of resident blocks, each drawing tickets until they run out; a block draws
//              its next ticket and issues the next tile's loads (into registers) before it looks
//              back for the current one, so its loads stay in flight while it waits. Deadlock-free
//              as one_tile: a block holds at most its current ticket and a later one, and waits
//              only for tiles before its current one, so the holder of the lowest unfinished
//              ticket is always working on it with every predecessor done.
// H100, 2^28, 128 × 8, 2026-11-25: prefetch moved the same bytes per second as one_tile (int32
// 2422 vs 2419 GB/s, fp32 2341 vs 2342; 256 × 8: 2383 vs 2369, 2203 vs 2198): the look-back's
// blocks do not wait for their loads, so prefetch is in the opt-in sweep only.
enum class LookbackSchedule { one_tile, prefetch };

// Where the look-back holds its tile between loading and storing it.
//   registers: each warp loads its span into registers (16-byte loads, hinted), hands each lane
//              its consecutive items through shared memory, and the items stay in registers
//              through the block scan and the look-back (CUB's BLOCK_LOAD_WARP_TRANSPOSE, which
//              its sm_90 tunings use).
//   shared:    each warp copies its span into its slice of shared memory by 16-byte cp.async
//              (through L2 only; load hint cs: with an L2::evict_first cache policy, cg: without;
//              nc has no such copy), so no registers hold the tile in flight;
//              each lane sums and scans its items in place a vector at a time and the span is
//              stored from there. Registers no longer grow with the tile, so a tile can be larger
//              and more tiles resident per SM; with prefetch the block copies its next tile into
//              a second buffer while it looks back for the current one.
enum class TileStaging { registers, shared };

inline constexpr ScanAlgorithm kScanAlgorithms[] = {
    ScanAlgorithm::scan_then_fan, ScanAlgorithm::reduce_then_scan, ScanAlgorithm::merrill_grimshaw,
    ScanAlgorithm::decoupled_lookback};
inline constexpr BlockScanAlgorithm kBlockScans[] = {BlockScanAlgorithm::warp_shfl,
                                                     BlockScanAlgorithm::smem};

std::string_view to_string(BlockScanAlgorithm b);  // "shfl", "smem"
std::string_view to_string(LoadHint h);            // "cg", "cs", "nc"
std::string_view to_string(StoreHint h);           // "wb", "cs"

// The block's shape: threads, and 16-byte vectors per thread and tile (4 × 4 int32 or float, or
// 4 × 2 double, items per thread at 256 × 4). Any number of loads, not only powers of two: the
// warp exchange's swizzle (common/exchange_slot.hpp) is conflict-free for every count.
struct ScanShape {
  int threads = 256;
  int loads = 4;
  // The look-back kernels' __launch_bounds__ minimum of resident blocks per SM (0: none given;
  // 1 is not the same, ptxas then spends up to 255 registers), which caps ptxas at 64 K registers
  // / (threads × min_blocks) per thread: more tiles in flight per SM where registers limit them.
  int min_blocks = 0;
  TileStaging staging = TileStaging::registers;  // the look-back kernels only
  LookbackDelays delays = kLookbackDelays;       // the look-back kernels only
  // The look-back one tile per block (the prefetch schedule takes its next tile itself): as it
  // starts, a block asks the L2 for the input of the tile this many tickets later (0: none), so
  // that the tile's block finds it there; nothing waits for it. At most what a sixteenth of the
  // L2 holds (plan_scan).
  int l2_ahead = 0;

  friend constexpr bool operator==(const ScanShape&, const ScanShape&) = default;
};

// A look-back shape with its tile staged in shared memory.
constexpr ScanShape staged(int threads, int loads, LookbackDelays delays = kLookbackDelays) {
  return {threads, loads, 0, TileStaging::shared, delays};
}

// A shape per element size: `four` for int32 and float, `eight` for double (CUB's tunings differ
// by the accumulator's size too). One shape for both from {threads, loads}.
struct ScanShapes {
  ScanShape four, eight;

  constexpr ScanShapes(int threads, int loads) : four{threads, loads}, eight{threads, loads} {}
  constexpr ScanShapes(ScanShape four_bytes, ScanShape eight_bytes)
      : four(four_bytes), eight(eight_bytes) {}
  constexpr ScanShape of(int element_bytes) const { return element_bytes == 8 ? eight : four; }

  friend constexpr bool operator==(const ScanShapes&, const ScanShapes&) = default;
};

// Every algorithm's shape: 128 threads × 8 vectors, 32 items per thread for 4-byte types (CUB's
// sm_90 scan policies use 128-384 threads × 12-24 items; cub/device/dispatch/tuning/
// tuning_scan.cuh, CCCL 3.0). H100, 2^28, the look-back one tile per block, as a share of a
// device-to-device copy in the same process (tests/cuda/scan_gpu_test.cpp's speed test,
// 2026-11-25): fp32 128 × 8 0.781-0.784, 256 × 8 0.733-0.739, 256 × 4 0.709-0.716, 128 × 4
// 0.692-0.699, 512 × 4 0.655, 512 × 2 0.568, 256 × 2 0.532; int32 128 × 8 0.806, 256 × 8 0.789
// (CUB 0.815-0.818). The multi-pass algorithms moved as much at 128 × 8 as at 256 × 4, or more
// (merrill_grimshaw_shfl fp32 1922 GB/s against 1836).
inline constexpr ScanShape kScanShape{128, 8};
// The default per element size: kScanShape for 4-byte types; 128 × 12 vectors (24 doubles per
// thread) for fp64, the best of the H200 sweep of 2026-11-26 (the look-back one tile per block at
// 0.859-0.863 of the copy against 0.818-0.822 at 128 × 8; docs/performance.md).
inline constexpr ScanShapes kScanShapes{kScanShape, {128, 12}};

// Cache hints of the look-back's loads of the input and stores of the output (each byte is
// touched once); the default, ld.global.cg and st.global, is every other kernel's.
struct ScanHints {
  LoadHint load = LoadHint::cg;
  StoreHint store = StoreHint::wb;

  friend constexpr bool operator==(const ScanHints&, const ScanHints&) = default;
};

// Both streaming hints: loads and stores evict first.
inline constexpr ScanHints kStreaming{.load = LoadHint::cs, .store = StoreHint::cs};

// A look-back kernel of the opt-in sweep (warp shuffles, either schedule): shapes and hints.
struct LookbackTuning {
  ScanShapes shape;
  ScanHints hints{};
};

// Streaming stores, loads through L2 without a cache policy: the staged tiles' best hints.
inline constexpr ScanHints kStreamingStores{.load = LoadHint::cg, .store = StoreHint::cs};

// The look-back's default tile (staged 128 × 8), its blocks asking the L2 for the input 256 tiles
// ahead (4 MiB, about 1.1 µs ahead of the tile's block at the H200's pace), and the sweep's best
// shape 128 tiles ahead.
inline constexpr ScanShape kStagedL2Ahead256{128, 8, 0, TileStaging::shared, kLookbackDelays, 256};
inline constexpr ScanShape kBestL2Ahead128{128, 12, 0, TileStaging::shared, {1245, 648, 648}, 128};

// The sweep, compiled for every type and run in every type (opt-in rows).
// Registers: the ladder's default before the H100 sweep of 2026-11-26 (the multi-pass shapes
// without hints); the look-back's default before the staged tiles (128 × 8 for 4-byte types,
// 128 × 12 at most 80 registers for double, both hints); 48 items per thread for 4-byte types
// with both hints.
// Staged in shared memory, with copies under an evict-first policy (both hints): the default's
// tile; 48 and 64 items per thread (24 and 32 doubles), 256 × 8.
// H100, 2^28, the speed test in rounds, 2026-11-26 19:20 UTC (docs/performance.md), × the best
// multi-pass (reduce_then_scan), int32 / fp32 / fp64 inclusive: registers 128 × 8 (fp64 128 × 12
// b6) 1.265 / 1.269 / 1.359; staged 128 × 8 with both hints 1.324 / 1.324 / 1.361, loads without
// the policy 1.343 / 1.338 / 1.384; 128 × 12 1.353 / 1.325 / 1.390, 128 × 16 1.336 / 1.334 /
// 1.400, 256 × 8 1.348 / 1.305 / 1.399 (both hints). Lost there, so dropped since: CUB's sm_90
// shapes with both hints (1.228 / 1.235 / 1.254), 128 × 12 at 80 registers (1.227 / 1.292 /
// 1.370), staged 128 × 4 and 128 × 6 (1.22-1.31). Every prefetch row lost, 0.26-0.74 of the copy
// against 0.83-0.95 one tile per block: the registers layout holds two tiles (95-168 registers,
// spilling at 80), a staged block's two buffers cost resident blocks.
// The last row: 128 × 12 staged (48 items per thread for 4-byte types) with CUB's sm_90 fixed delay
// for 4-byte sums (tuning_scan.cuh: 1245 ns before the first read, 648 between polls). H200, 2^28,
// the speed test, 2026-11-30 (docs/performance.md), × the copy, int32 / fp32 / fp64 inclusive and
// exclusive: 0.849-0.850 / 0.831-0.841 / 0.899-0.901, the best row in every type, against the
// default's 0.823-0.827 / 0.792-0.803 / 0.875-0.876; its tile is too large to double buffer for
// prefetch (prefetch_compiled), which the default must be. Lost there, so dropped: the default
// tile with CUB's waits, with {1000, 500, 500}, {2000, 800, 800} or {1500, 200, 1600}
// (0.770-0.877, at most 0.012 above the default in any type), and CUB's 24 items per
// thread, staged 128 × 6 (0.779-0.844). Lost in a later call (2026-11-30, binaries of 4a17703,
// speed-b13-2026-11-30.txt.gz): the default's tile with at least 13 blocks resident, where the
// default holds 12 by its 40 registers (32 registers; Nsight Compute: occupancy 79% against 73%,
// DRAM still at 71% of its peak), int32 0.776 / 0.785 against the default's 0.812 / 0.823, fp32
// 0.819 / 0.786 against 0.800 / 0.782, fp64 0.878 / 0.877 against 0.876 / 0.872.
// The last two rows: the default without its L2 requests, and the best row with them 128 tiles
// ahead (H200, the speed test twice, 2026-11-30: int32 0.904-0.921, fp32 0.905-0.911, fp64
// 0.918-0.934 of the copy, the best row in every type; its tile cannot be double buffered for
// prefetch). Lost there: 512 tiles ahead (12 MiB; 0.806-0.824, below the row without).
inline constexpr LookbackTuning kLookbackSweep[] = {
    {kScanShapes},
    {{kScanShape, {128, 12, 6}}, kStreaming},
    {{128, 12}, kStreaming},
    {{staged(128, 8), staged(128, 8)}, kStreaming},
    {{staged(128, 12), staged(128, 12)}, kStreaming},
    {{staged(128, 16), staged(128, 16)}, kStreaming},
    {{staged(256, 8), staged(256, 8)}, kStreaming},
    {{staged(128, 12, {1245, 648, 648}), staged(128, 12, {1245, 648, 648})}, kStreamingStores},
    {{staged(128, 8), staged(128, 8)}, kStreamingStores},
    {{kBestL2Ahead128, kBestL2Ahead128}, kStreamingStores},
};

// Whether the prefetch schedule has a kernel for a shape: a staged tile is double buffered there,
// and both buffers must fit a block's 48 KiB of static shared memory with room for the block scan
// (tiles of at most 16 KiB).
constexpr bool prefetch_compiled(const ScanShape& s) {
  return s.staging == TileStaging::registers || s.threads * s.loads * 16 <= 16 * 1024;
}

// The look-back's default, apart from the multi-pass algorithms' kScanShapes: tiles staged in
// shared memory, 128 threads × 8 vectors (32 4-byte items or 16 doubles per thread), copied
// through L2 without a cache policy, stored streaming. H100, 2^28, the speed test in rounds,
// 2026-11-26 19:20 UTC (docs/performance.md), × the best multi-pass, inclusive / exclusive: int32
// 1.343 / 1.343, fp32 1.338 / 1.335 (fp32's best row), fp64 1.384 / 1.388. Beside it: int32's
// best, staged 128 × 12 with evict-first copies, 1.353 / 1.354 but fp32 1.325 / 1.330; fp64's
// best, staged 128 × 16 with evict-first copies, 1.400 / 1.402 (the same copies cost 128 × 8 1-2%
// in every type). The register layout it replaces (kLookbackSweep's second row) moved 1.265-1.282
// (4-byte types) and 1.359 (fp64). Each block asks the L2 for the input 256 tiles ahead
// (kStagedL2Ahead256). H200, 2^28, the speed test, 2026-11-30 (docs/performance.md), × the copy,
// inclusive and exclusive, two runs: int32 0.896-0.911, fp32 0.886-0.898, fp64 0.900-0.917,
// against 0.823-0.840, 0.796-0.809 and 0.861-0.875 without (the sweep's last row but one); 128
// tiles ahead 0.875-0.914.
inline constexpr LookbackTuning kLookbackDefault{{kStagedL2Ahead256, kStagedL2Ahead256},
                                                 kStreamingStores};
// The sweep and the tests run the default with prefetch too.
static_assert(prefetch_compiled(kLookbackDefault.shape.four) &&
              prefetch_compiled(kLookbackDefault.shape.eight));

// The default shape and hints of an algorithm.
constexpr ScanShapes default_shapes(ScanAlgorithm a) {
  return a == ScanAlgorithm::decoupled_lookback ? kLookbackDefault.shape : kScanShapes;
}
constexpr ScanHints default_hints(ScanAlgorithm a) {
  return a == ScanAlgorithm::decoupled_lookback ? kLookbackDefault.hints : ScanHints{};
}

struct ScanConfig {
  ScanAlgorithm algorithm = ScanAlgorithm::decoupled_lookback;
  BlockScanAlgorithm block = BlockScanAlgorithm::warp_shfl;
  ScanShapes shape = default_shapes(algorithm);
  LookbackSchedule schedule = LookbackSchedule::one_tile;  // decoupled_lookback only
  ScanHints hints = default_hints(algorithm);              // decoupled_lookback only

  // The algorithm's default shape and hints (a ladder row's kernel).
  constexpr bool at_default() const {
    return shape == default_shapes(algorithm) && hints == default_hints(algorithm);
  }
};

// The variant's name: algorithm, "prefetch" for that look-back schedule, block scan
// ("scan_then_fan_shfl", "decoupled_lookback_prefetch_smem"), then threads × loads ("b<k>" with a
// minimum of resident blocks) when the shape is not the algorithm's default, once when both
// element sizes share it ("decoupled_lookback_shfl_256x4"), else 4-byte then 8-byte
// ("_128x6_224x12"), then the hints that are not the algorithm's default ("_ldcg", "_ldnc",
// "_stwb"). A shape is <threads>x<loads>, then "b<k>" with a minimum of resident blocks, then
// "staged" with its tile in shared memory ("_128x16staged"), then the waits where not
// kLookbackDelays ("_sleep1245x648") and the L2 requests ahead where any ("_l2ahead128").
std::string scan_variant_name(const ScanConfig& c);

// Elements per tile for an element type of `element_bytes` bytes.
constexpr std::size_t scan_tile(const ScanShape& s, int element_bytes) {
  return std::size_t(s.threads) * s.loads * (16 / element_bytes);
}

// Throws roofline::InputError naming the bad value: a precision other than int32, fp32 and fp64,
// a shape and hints with no compiled kernel (the default for every algorithm; the sweep's for the
// look-back with warp shuffles), the prefetch schedule for a multi-pass algorithm or a staged
// tile too large to double buffer (prefetch_compiled).
void check_config(const ScanConfig& c, roofline::Precision p);

// The rows: every algorithm with either block scan at the default shape (the look-back one tile
// per block).
std::vector<ScanConfig> scan_ladder();
// The opt-in sweep: the look-back with warp shuffles at each of kLookbackSweep in both schedules
// (prefetch where prefetch_compiled), and with prefetch at the default shape.
std::vector<ScanConfig> scan_sweep();
// The element types a config runs: int32, fp32 and fp64 (the sweep's too: its shapes differ by
// element size).
std::vector<roofline::Precision> scan_precisions(const ScanConfig& c);

// The launches of one scan of n elements.
struct ScanPlan {
  std::size_t tile = 0;   // elements per tile
  std::size_t tiles = 0;  // ⌈n / tile⌉
  // scan_then_fan and reduce_then_scan: the lengths of the recursion's arrays, n first, then
  // the tile totals of the one before, down to one of at most one tile (scanned by one block).
  // Each level but the last has a totals array and an offsets array of the next one's length.
  std::vector<std::size_t> levels;
  // merrill_grimshaw: blocks (spans) and tiles per span; decoupled_lookback: one block per tile,
  // or with prefetch the resident grid (at most the tiles).
  std::size_t blocks = 0;
  std::size_t span_tiles = 0;
  // Element reads and writes of all passes, the tile totals and offsets included (look-back
  // descriptors not counted: 8 bytes written twice and read a few times per tile).
  double moves = 0;
  // The look-back one tile per block: how many tiles ahead a block asks the L2 for (0: none).
  std::size_t l2_ahead = 0;
};

// The plan for n elements of precision p; `resident` is the kernel's resident blocks per SM × SMs:
// merrill_grimshaw's spans (capped here at the tiles and at one tile of span totals) and the
// prefetching look-back's grid (capped at the tiles); `l2_bytes` the device's L2 (0: unknown, no
// L2 requests ahead), a sixteenth of which caps the shape's l2_ahead: on an H200 4 MiB of
// requests ahead (about a sixteenth of its 60 MiB) ran 1.04-1.10× the look-back without them,
// 12 MiB 0.92-0.99× (kLookbackSweep). Throws roofline::InputError for a config check_config
// refuses, or `resident` below 1.
ScanPlan plan_scan(const ScanConfig& c, roofline::Precision p, std::size_t n, std::size_t resident,
                   std::size_t l2_bytes = 0);

// Element moves per element (scan_work's passes): moves / n, at least 2 (and 2 for n = 0).
double scan_passes(const ScanPlan& plan, std::size_t n);

}  // namespace kernels::cuda
