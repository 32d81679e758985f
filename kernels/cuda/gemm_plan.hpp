#pragma once
// The GEMM family on an NVIDIA GPU (definition in kernels/gemm.hpp): the study's ladder from the
// naive kernel to warp tiling with double buffering, and cuBLAS. This header is the GPU-free part:
// the kernels' parameters (tile shapes as named policy structs), the tuned choice per
// architecture as table rows citing their evidence, the names derived from them, which shapes a
// kernel takes and its launch.
//
// Which loop lives where (X = A·B, row-major, every kernel one X tile per block):
//   naive           a thread per entry of X, a k-long dot from global memory;
//   naive_transposed_b  the same reading B transposed (n × k, as a CPU study stores it so that
//                   both operands of a dot are read along rows), transposed once before timing;
//   smem_tiled      the CUDA samples' matrixMul: a bm × bm block of threads stages bm × bm tiles
//                   of A and B in shared memory, a thread per entry;
//   register_tiled  no shared memory: x × y threads (16 × 16 in the ladder; kGemmGroups in the
//                   group-size sweep), each a tm × tn tile of X in registers, its
//                   tm + tn loads per step of k shared by its tm·tn FMAs (the rest from L1);
//   block_tiled     bm × bk and bk × bn tiles in shared memory, each thread a tm × tn register
//                   tile from them (siboehm's kernel 5), with 16-byte global loads and stores
//                   optionally (kernel 6);
//   warp_tiled      block tile → warp tile (wm × wn in wn_iter column sub-tiles) → thread tile,
//                   16-byte loads, the shared-memory tiles double-buffered: the next k tile's
//                   global loads are in flight (in registers) while the current one is
//                   multiplied (siboehm's kernel 10 structure plus double buffering);
//   warp_tiled_async the same tiling fed by asynchronous copies (cp.async, sm_80 on) into a ring
//                   of `stages` shared-memory stages (dynamic shared memory): A's elements copied
//                   transposed, B's as 16-byte vectors, no staging registers; a thread's next
//                   fragments read from shared memory while it multiplies the current ones
//                   (CUTLASS's SM80 multistage SIMT structure).
// Edges: every kernel guards its loads (zeros beyond A's and B's edges) and stores, so any
// m, n, k is exact. The 16-byte kernels need rows that start on 16 bytes: n and k multiples of
// 4 floats or 2 doubles (1000 × 1000 is; 1001 is refused with that reason).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/gemm.hpp"
#include "roofline/work.hpp"

namespace kernels::cuda {

enum class GemmKernel {
  naive,
  naive_transposed_b,
  smem_tiled,
  register_tiled,
  block_tiled,
  warp_tiled,
  warp_tiled_async
};
std::string_view to_string(GemmKernel k);

// Which index of X consecutive threads take: rows (a warp reads A down a column and stores X
// down a column, 32 transactions each; siboehm's kernel 1) or columns (B and X coalesced, A's
// entry broadcast; his kernel 2).
enum class NaiveIndex { uncoalesced, coalesced };
std::string_view to_string(NaiveIndex i);

// A tile shape: X's block tile bm × bn stepping bk along k, a warp's wm × wn tile in wn_iter
// sub-tiles of columns, a thread's tm × tn tile, threads per block. Fields a kernel does not use
// are 0 (bk for naive and register_tiled, the warp tile below warp_tiled).
struct GemmTile {
  int bm = 0, bn = 0, bk = 0;
  int wm = 0, wn = 0, wn_iter = 0;
  int tm = 1, tn = 1;
  int threads = 0;
  friend constexpr bool operator==(const GemmTile&, const GemmTile&) = default;
};

// What a tiled kernel (block_tiled, warp_tiled, warp_tiled_async) takes as policy beyond its tile;
// the defaults are the ladder's kernels as first measured.
struct GemmOptions {
  // Elements after each k row of A's transposed shared tile. The transposing stores of a warp
  // land 4 k rows apart × consecutive m: with bm a multiple of 32 they hit 8 or 16 banks; 4
  // spreads them over all 32 at bk 8 (2-way at bk 16) and keeps the rows on 16 bytes.
  int a_pad = 0;
  // A thread's fragments read from shared memory as 16-byte vectors (LDS.128) rather than left to
  // the compiler to merge; needs tm and tn multiples of the vector.
  bool smem_vectors = false;
  // Block rasterization: consecutive blocks walk a group of this many block rows column by
  // column, so the blocks resident together share a few A and B panels in L2 instead of reading
  // all of B; 0: row by row (blockIdx as is).
  int group_rows = 0;
  // Shared-memory stages of warp_tiled_async's ring (2 … 8): stages − 1 k tiles in flight while
  // one is multiplied. 0 for the other kernels.
  int stages = 0;
  // Blocks per SM that warp_tiled_async's registers must allow (__launch_bounds__'s minimum: the
  // compiler then keeps a thread within 64 Ki / (threads · min_blocks) registers); 0: its choice.
  int min_blocks = 0;
  friend constexpr bool operator==(const GemmOptions&, const GemmOptions&) = default;
};

// The naive kernel's tile for a group of threads (x × y, kernels/gemm.hpp): a thread per entry.
// The register-tiled kernel's: tm × tn per thread.
constexpr GemmTile naive_tile(GemmGroup g) { return {.bm = g.y, .bn = g.x, .threads = g.x * g.y}; }
constexpr GemmTile register_tile(int tm, int tn, GemmGroup g) {
  return {.bm = g.y * tm, .bn = g.x * tn, .tm = tm, .tn = tn, .threads = g.x * g.y};
}

// The study's fixed shapes: 16 × 16 threads for the naive and register-tiled kernels.
inline constexpr GemmTile kNaiveTile = naive_tile({});
inline constexpr GemmTile kSmemTile16{.bm = 16, .bn = 16, .bk = 16, .threads = 256};
inline constexpr GemmTile kSmemTile32{.bm = 32, .bn = 32, .bk = 32, .threads = 1024};
inline constexpr GemmTile kRegisterTile4x4 = register_tile(4, 4, {});
inline constexpr GemmTile kRegisterTile8x4 = register_tile(8, 4, {});

// The tiles the naive and register-tiled kernels are compiled for: the ladder's, then the group
// sweep's (kGemmGroups; the naive kernel's coalesced).
inline constexpr auto kNaiveTiles = [] {
  std::array<GemmTile, kGemmGroups.size() + 1> out{kNaiveTile};
  for (std::size_t i = 0; i < kGemmGroups.size(); ++i) out[i + 1] = naive_tile(kGemmGroups[i]);
  return out;
}();
inline constexpr auto kRegisterTiles = [] {
  std::array<GemmTile, 2 * (kGemmGroups.size() + 1)> out{kRegisterTile4x4, kRegisterTile8x4};
  for (std::size_t i = 0; i < kGemmGroups.size(); ++i) {
    out[2 * i + 2] = register_tile(4, 4, kGemmGroups[i]);
    out[2 * i + 3] = register_tile(8, 4, kGemmGroups[i]);
  }
  return out;
}();

// Block tiling: siboehm's kernels 5 and 6 (src/runner.cu, SGEMM_CUDA @ 60cba6f, read 2026-11-26):
// 128 × 128 × 8, 8 × 8 per thread, for fp32. fp64 takes 64 × 64 × 8, 4 × 4 per thread (half the
// accumulator registers of 8 × 8 doubles; his A100 autotuned kernel 9 shape without its bk 16).
// Unmeasured here.
inline constexpr GemmTile kBlockTile128{
    .bm = 128, .bn = 128, .bk = 8, .tm = 8, .tn = 8, .threads = 256};
inline constexpr GemmTile kBlockTile64{
    .bm = 64, .bn = 64, .bk = 8, .tm = 4, .tn = 4, .threads = 256};

// Warp tiling: siboehm's kernel 10 configurations (src/runner.cu, as above): tuned by him on an
// RTX A6000 and on an A100.
inline constexpr GemmTile kWarpTileA6000{.bm = 128,
                                         .bn = 128,
                                         .bk = 16,
                                         .wm = 64,
                                         .wn = 64,
                                         .wn_iter = 4,
                                         .tm = 8,
                                         .tn = 4,
                                         .threads = 128};
inline constexpr GemmTile kWarpTileA100{.bm = 64,
                                        .bn = 128,
                                        .bk = 16,
                                        .wm = 32,
                                        .wn = 64,
                                        .wn_iter = 1,
                                        .tm = 4,
                                        .tn = 4,
                                        .threads = 128};
// fp64: the A100 shape at bk 8, so that the two stages of tiles take 24 KiB of shared memory
// (bk 16 would take all 48 KiB of static shared memory). Derived here, unmeasured.
inline constexpr GemmTile kWarpTileA100Fp64{.bm = 64,
                                            .bn = 128,
                                            .bk = 8,
                                            .wm = 32,
                                            .wn = 64,
                                            .wn_iter = 1,
                                            .tm = 4,
                                            .tn = 4,
                                            .threads = 128};

// Warp tiling fed by cp.async: CUTLASS's SM80 SIMT sgemm tile (tools/library/scripts/generator.py,
// GenerateSM80_Simt_f32: 128×128×8 in 4 or 5 stages, 4×2 warps of 32×64, a lane's 8×8 as 2×2
// blocks of 4×4) with A's rows padded, 16-byte fragment reads and groups of 8 block rows.
inline constexpr GemmTile kAsyncTileCutlass{.bm = 128,
                                            .bn = 128,
                                            .bk = 8,
                                            .wm = 32,
                                            .wn = 64,
                                            .wn_iter = 2,
                                            .tm = 4,
                                            .tn = 4,
                                            .threads = 256};
// fp64: 64 × 64 × 8 in 2 × 2 warps of 32 × 32 (sm_90's fp32 warp_tiled tile at bk 8): a lane's
// 32 doubles and two fragments fit its registers, where warp_tiled's fp64 tile spills.
inline constexpr GemmTile kAsyncTileFp64{.bm = 64,
                                         .bn = 64,
                                         .bk = 8,
                                         .wm = 32,
                                         .wn = 32,
                                         .wn_iter = 1,
                                         .tm = 4,
                                         .tn = 4,
                                         .threads = 128};
inline constexpr GemmOptions kAsyncOptions4{
    .a_pad = 4, .smem_vectors = true, .group_rows = 8, .stages = 4, .min_blocks = 2};

// The tuned choice of a tiled kernel per architecture and precision: a table row with its
// evidence. `min_cc`: the row applies from this compute capability (major × 10 + minor) up to the
// next row's.
struct GemmTuning {
  GemmKernel kernel;
  roofline::Precision precision;
  int min_cc;
  GemmTile tile;
  std::string_view evidence;
  GemmOptions options{};
};

// The rows (block_tiled and warp_tiled; the other kernels take the study's fixed shapes). The
// kernels are compiled for exactly these tiles and options (and kGemmSweep's); the ladder takes a
// row's options with its tile, so a sweep winner is promoted by copying its tile and options.
// clang-format off
inline constexpr GemmTuning kGemmTunings[] = {
    {GemmKernel::block_tiled, roofline::Precision::fp32, 0, kBlockTile128,
     "siboehm SGEMM_CUDA kernels 5/6 shape (tuned on an RTX A6000); unmeasured here"},
    {GemmKernel::block_tiled, roofline::Precision::fp64, 0, kBlockTile64,
     "siboehm's A100 kernel 9 shape at bk 8, for fp64 registers; unmeasured here"},
    {GemmKernel::warp_tiled, roofline::Precision::fp32, 0, kWarpTileA100,
     "siboehm kernel 10, his A100 configuration; unmeasured here"},
    {GemmKernel::warp_tiled, roofline::Precision::fp32, 86, kWarpTileA6000,
     "siboehm kernel 10, his RTX A6000 (sm_86) configuration; unmeasured here"},
    // The best of kGemmSweep's 19 rows on an H200 (2026-11-26, docs/performance.md): the A6000
    // shape of the earlier row ran 33.2/33.1 TFLOP/s at 4096/8192.
    {GemmKernel::warp_tiled, roofline::Precision::fp32, 90,
     {.bm = 64, .bn = 64, .bk = 16, .wm = 32, .wn = 32, .wn_iter = 1, .tm = 4, .tn = 4,
      .threads = 128},
     "H200 sweep 2026-11-26: 40.5/42.0 TFLOP/s at 4096/8192, 0.79/0.82 of cuBLAS SGEMM; CUTLASS's "
     "64x64 shape, 2x2 warps of 32x32, LDS.128, A padded, groups of 8 block rows",
     {.a_pad = 4, .smem_vectors = true, .group_rows = 8}},
    {GemmKernel::warp_tiled, roofline::Precision::fp64, 0, kWarpTileA100Fp64,
     "siboehm kernel 10 A100 configuration at bk 8 for fp64; H100 2026-11-26: 18.45/18.81 TFLOP/s "
     "at 4096/8192, 0.39 of cuBLAS DGEMM (FP64 tensor cores)"},
    {GemmKernel::warp_tiled_async, roofline::Precision::fp32, 80, kAsyncTileCutlass,
     "CUTLASS SM80 SIMT sgemm 128x128x8, 4x2 warps of 32x64, 4 stages; unmeasured here",
     kAsyncOptions4},
    // The best of kGemmSweep's asynchronous rows on an H100 (2026-11-26 19:10 UTC,
    // docs/performance.md); the earlier sm_90 row, 128x256x16 in 3 stages, ran 45.31/45.82 there.
    {GemmKernel::warp_tiled_async, roofline::Precision::fp32, 90,
     {.bm = 128, .bn = 256, .bk = 32, .wm = 64, .wn = 64, .wn_iter = 2, .tm = 8, .tn = 4,
      .threads = 256},
     "H100 sweep 2026-11-26: 47.76/48.45 TFLOP/s at 4096/8192, 0.936/0.943 of cuBLAS SGEMM; "
     "CUTLASS's 128x256 tile at bk 32, 2x4 warps of 64x64, 2 stages (one barrier per 32 k)",
     {.a_pad = 4, .smem_vectors = true, .group_rows = 8, .stages = 2}},
    {GemmKernel::warp_tiled_async, roofline::Precision::fp64, 80, kAsyncTileFp64,
     "sm_90's fp32 warp_tiled tile at bk 8 for fp64, 4 stages; H100 2026-11-26: 17.36/17.79 "
     "TFLOP/s at 4096/8192, below warp_tiled's fp64 row",
     kAsyncOptions4},
};
// clang-format on

// The opt-in sweep (fp32, for tuning on a GPU: the speed test and opt-in rows time them all in
// one run): tiles known good on sm_80/sm_90, with the options. Shapes from siboehm's kernel 10/12
// configurations (src/runner.cu, SGEMM_CUDA @ 60cba6f) and CUTLASS's SM80 SIMT sgemm tiles
// (tools/library/scripts/generator.py, GenerateSM80_Simt_f32: 256×128×8 and 128×256×8 with 4×2
// warps of 64×64, 128×128×8 with 4×2 warps of 32×64, 64×64×8, …; CUTLASS's lanes hold 8×8 of a
// 32×64 warp tile as 2×2 blocks of 4×4, our wn_iter 2 × wm_iter 2 of 4×4). min_cc is unused.
// ptxas (CUDA 13, sm_90, -Xptxas -v): no row spills; registers per thread in the evidence.
namespace sweep {
constexpr GemmOptions kPlain{};
constexpr GemmOptions kVectors{.smem_vectors = true};
constexpr GemmOptions kPadded{.a_pad = 4, .smem_vectors = true};
constexpr GemmOptions kGrouped{.a_pad = 4, .smem_vectors = true, .group_rows = 8};
constexpr GemmTuning warp(int bm, int bn, int bk, int wm, int wn, int wn_iter, int tm, int tn,
                          int threads, GemmOptions options, std::string_view evidence) {
  return {.kernel = GemmKernel::warp_tiled,
          .precision = roofline::Precision::fp32,
          .min_cc = 0,
          .tile = {.bm = bm,
                   .bn = bn,
                   .bk = bk,
                   .wm = wm,
                   .wn = wn,
                   .wn_iter = wn_iter,
                   .tm = tm,
                   .tn = tn,
                   .threads = threads},
          .evidence = evidence,
          .options = options};
}
constexpr GemmTuning async(int bm, int bn, int bk, int wm, int wn, int wn_iter, int tm, int tn,
                           int threads, int stages, int min_blocks, std::string_view evidence) {
  GemmTuning row = warp(bm, bn, bk, wm, wn, wn_iter, tm, tn, threads, kGrouped, evidence);
  row.kernel = GemmKernel::warp_tiled_async;
  row.options.stages = stages;
  row.options.min_blocks = min_blocks;
  return row;
}
constexpr GemmTuning block(int bm, int bn, int bk, int tm, int tn, int threads, GemmOptions options,
                           std::string_view evidence) {
  return {.kernel = GemmKernel::block_tiled,
          .precision = roofline::Precision::fp32,
          .min_cc = 0,
          .tile = {.bm = bm, .bn = bn, .bk = bk, .tm = tm, .tn = tn, .threads = threads},
          .evidence = evidence,
          .options = options};
}
}  // namespace sweep

// clang-format off
inline constexpr GemmTuning kGemmSweep[] = {
    sweep::warp(128, 128, 16, 64, 64, 4, 8, 4, 128, sweep::kPlain,
                "siboehm kernel 10/12 A6000 (the sm_90 row); 239 registers"),
    sweep::warp(128, 128, 16, 64, 64, 4, 8, 4, 128, sweep::kVectors,
                "siboehm A6000 + LDS.128; 239 registers"),
    sweep::warp(128, 128, 16, 64, 64, 4, 8, 4, 128, sweep::kPadded,
                "siboehm A6000 + LDS.128, A pad; 239 registers"),
    sweep::warp(128, 128, 16, 64, 64, 4, 8, 4, 128, sweep::kGrouped,
                "siboehm A6000 + LDS.128, A pad, groups; 249 registers"),
    sweep::warp(128, 128, 8, 64, 64, 4, 8, 4, 128, sweep::kGrouped,
                "siboehm A6000 at bk 8; 223 registers"),
    sweep::warp(128, 128, 16, 64, 64, 2, 8, 8, 128, sweep::kGrouped,
                "siboehm A6000 block, 8x8 lanes; 243 registers"),
    sweep::warp(64, 128, 16, 32, 64, 1, 4, 4, 128, sweep::kGrouped,
                "siboehm kernel 10 A100; 167 registers"),
    sweep::warp(128, 128, 8, 32, 64, 2, 4, 4, 256, sweep::kPadded,
                "CUTLASS SM80 SIMT 128x128x8, 4x2 warps of 32x64; 125 registers"),
    sweep::warp(128, 128, 8, 32, 64, 2, 4, 4, 256, sweep::kGrouped,
                "CUTLASS SM80 SIMT 128x128x8, 4x2 warps of 32x64; 128 registers"),
    sweep::warp(128, 128, 8, 32, 64, 1, 8, 8, 256, sweep::kGrouped,
                "CUTLASS 128x128x8 warps, 8x8 lanes; 141 registers"),
    sweep::warp(128, 128, 16, 32, 64, 2, 4, 4, 256, sweep::kGrouped,
                "CUTLASS 128x128 warps at bk 16; 161 registers"),
    sweep::warp(256, 128, 8, 64, 64, 2, 8, 4, 256, sweep::kPadded,
                "CUTLASS SM80 SIMT 256x128x8, 4x2 warps of 64x64; 207 registers"),
    sweep::warp(256, 128, 8, 64, 64, 2, 8, 4, 256, sweep::kGrouped,
                "CUTLASS SM80 SIMT 256x128x8, 4x2 warps of 64x64; 211 registers"),
    sweep::warp(128, 256, 8, 64, 64, 2, 8, 4, 256, sweep::kGrouped,
                "CUTLASS SM80 SIMT 128x256x8, 2x4 warps of 64x64; 211 registers"),
    sweep::warp(128, 64, 16, 64, 32, 1, 8, 4, 128, sweep::kGrouped,
                "CUTLASS 128x64 shape, 2x2 warps of 64x32; 167 registers"),
    sweep::warp(64, 64, 16, 32, 32, 1, 4, 4, 128, sweep::kGrouped,
                "CUTLASS 64x64 shape, 2x2 warps of 32x32; 94 registers"),
    sweep::block(128, 128, 8, 8, 8, 256, sweep::kPadded,
                "siboehm kernel 6 shape (block_tiled_v16); 127 registers"),
    sweep::block(128, 128, 16, 8, 8, 256, sweep::kGrouped,
                "siboehm A100 kernel 9 shape, 128x128x16; 121 registers"),
    sweep::block(128, 64, 16, 8, 4, 256, sweep::kGrouped,
                "128x64x16, 8x4 per thread; 69 registers"),
    sweep::async(128, 128, 8, 32, 64, 2, 4, 4, 256, 4, 2, "CUTLASS SM80 SIMT 128x128x8, 4 stages"),
    sweep::async(128, 128, 8, 32, 64, 2, 4, 4, 256, 5, 2, "CUTLASS SM80 SIMT 128x128x8, 5 stages"),
    sweep::async(128, 128, 8, 32, 64, 2, 4, 4, 256, 4, 0, "CUTLASS 128x128x8, registers unbounded"),
    sweep::async(128, 128, 16, 32, 64, 2, 4, 4, 256, 3, 2, "CUTLASS 128x128 warps at bk 16"),
    sweep::async(256, 128, 8, 64, 64, 2, 8, 4, 256, 4, 0, "CUTLASS SM80 SIMT 256x128x8, 4 stages"),
    sweep::async(128, 256, 8, 64, 64, 2, 8, 4, 256, 4, 0, "CUTLASS SM80 SIMT 128x256x8, 4 stages"),
    sweep::async(128, 128, 8, 64, 64, 2, 8, 4, 128, 4, 2, "2x2 warps of 64x64, 4 stages"),
    sweep::async(128, 64, 8, 64, 32, 2, 4, 4, 128, 5, 3, "CUTLASS SM80 SIMT 128x64x8, 5 stages"),
    sweep::async(64, 128, 8, 32, 64, 2, 4, 4, 128, 5, 4, "CUTLASS SM80 SIMT 64x128x8, 5 stages"),
    sweep::async(64, 64, 16, 32, 32, 1, 4, 4, 128, 4, 4, "sm_90's warp_tiled row, 4 stages"),
    sweep::async(128, 128, 8, 64, 64, 2, 8, 4, 128, 3, 2, "64x64 warps, 3 stages (cuBLAS's)"),
    sweep::async(128, 128, 16, 64, 64, 2, 8, 4, 128, 3, 2, "64x64 warps at bk 16, 3 stages"),
    sweep::async(128, 256, 8, 64, 64, 2, 8, 4, 256, 3, 0, "CUTLASS SIMT 128x256x8, 3 stages"),
    sweep::async(64, 128, 8, 32, 64, 2, 4, 4, 128, 4, 4, "CUTLASS SM80 SIMT 64x128x8, 4 stages"),
    sweep::async(64, 128, 16, 32, 64, 2, 4, 4, 128, 4, 4, "CUTLASS 64x128 warps at bk 16"),
    sweep::async(128, 128, 16, 64, 64, 2, 8, 4, 128, 4, 2, "64x64 warps at bk 16, 4 stages"),
    sweep::async(128, 256, 16, 64, 64, 2, 8, 4, 256, 3, 0, "CUTLASS 128x256 warps at bk 16"),
    sweep::async(128, 256, 16, 64, 64, 2, 8, 4, 256, 4, 0, "128x256 at bk 16, 4 stages"),
    sweep::async(128, 256, 32, 64, 64, 2, 8, 4, 256, 2, 0, "128x256 at bk 32, 2 stages"),
    sweep::async(256, 128, 16, 64, 64, 2, 8, 4, 256, 3, 0, "256x128 at bk 16, 3 stages"),
    sweep::async(256, 128, 16, 64, 64, 2, 8, 4, 256, 4, 0, "256x128 at bk 16, 4 stages"),
};
// clang-format on

// The tile of a tiled kernel on a device of compute capability cc in precision p: the table's
// row with the largest min_cc ≤ cc. Throws roofline::InputError when no row applies.
const GemmTuning& gemm_tuning(GemmKernel k, roofline::Precision p, int cc);

// One of our kernels with its parameters.
struct GemmConfig {
  GemmKernel kernel = GemmKernel::naive;
  NaiveIndex index = NaiveIndex::coalesced;  // naive only
  GemmTile tile = kNaiveTile;
  bool vector = false;    // 16-byte global loads and stores (block_tiled; warp_tiled always)
  GemmOptions options{};  // block_tiled and warp_tiled
  bool swept = false;     // a kGemmSweep row: its tile and options are in the name
};

// The bytes of warp_tiled_async's ring: `stages` tiles of A (padded, transposed), then of B.
constexpr int gemm_ring_bytes(const GemmTile& t, const GemmOptions& o, int element_bytes) {
  return o.stages * t.bk * (t.bm + o.a_pad + t.bn) * element_bytes;
}

// The variant's name, from its parameters: "naive_coalesced", "naive_transposed_b",
// "smem_tiled_32", "register_tiled_8x4", "block_tiled", "block_tiled_v16", "warp_tiled_db",
// "warp_tiled_async" (the tile of the last three is per architecture and precision, so it is in
// the params, not the name); a group of the sweep other than 16 × 16 follows as "_block8x8"
// (x × y threads).
std::string gemm_variant_name(const GemmConfig& c);

// The group of a naive or register-tiled config's block.
GemmGroup gemm_group(const GemmConfig& c);

// The opt-in sweep's configs (kGemmSweep, fp32), in the table's order.
std::vector<GemmConfig> gemm_sweep();

// The group-size sweep's configs (kGemmGroups): the coalesced naive kernel, then register-tiled
// 4 × 4 and 8 × 4, at each group.
std::vector<GemmConfig> gemm_group_sweep();

// The configs of our ladder for a device of compute capability cc and precision p, in the order
// of the study.
std::vector<GemmConfig> gemm_ladder(roofline::Precision p, int cc);

// Whether the config loads 16-byte vectors, and its elements per vector for `element_bytes`.
bool gemm_vector_loads(const GemmConfig& c);
int gemm_vector_elements(const GemmConfig& c, int element_bytes);

// The launch of one multiplication: a 1-D block of `threads` per X tile, grid_x over X's columns
// and grid_y over its rows; none when X is empty.
struct GemmLaunch {
  unsigned grid_x = 0, grid_y = 0;
  int threads = 0;
  int shared_bytes = 0;  // dynamic shared memory per block (warp_tiled_async's ring)
  bool empty() const { return grid_x == 0 || grid_y == 0; }
};

// The plan of config c on shape s for elements of `element_bytes`. Throws roofline::InputError
// with the reason for a shape the kernel refuses (n or k not a multiple of its vector elements; a
// grid beyond CUDA's limits) or a tile no kernel is compiled for (check_tile).
GemmLaunch plan_gemm(const GemmConfig& c, const GemmShape& s, int element_bytes);

// Throws roofline::InputError unless the config's tile is one the kernels are compiled for (a
// shape of the study or a row of kGemmTunings for its kernel) and consistent: threads cover the
// block tile, vectors divide the tiles' loads among the threads, warps cover the block tile.
void check_tile(const GemmConfig& c, int element_bytes);

// The bytes between global memory (L2) and the SMs that the config's block tiling implies when
// each tile a block loads comes from L2 once: A read once per block column of X, B once per
// block row, X written once, (m·k·⌈n/bn⌉ + k·n·⌈m/bm⌉ + m·n) elements. naive and register_tiled
// stage nothing, so their blocks' reuse relies on L1 hits; their figure is that of their block
// tile. The declared Work::algorithm_bytes: each ladder step moves it down, the point right.
double gemm_tile_traffic(const GemmConfig& c, const GemmShape& s, int element_bytes);

}  // namespace kernels::cuda
