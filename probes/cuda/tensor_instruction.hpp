#pragma once
// The matrix-unit instructions the tensor-core probe chains, as data: the type they compute, the
// warp-level (mma.sync) or warpgroup-level (wgmma) shape, how its chain accumulates and the SASS
// opcode each must compile to. Dense shapes only; FLOPs per instruction = 2·m·n·k (int8: integer
// operations).
#include <array>
#include <string_view>

#include "roofline/work.hpp"

namespace probes::cuda {

enum class TensorInstruction {
  mma_f16,   // mma.sync m16n8k16 f16 × f16 + f32
  mma_bf16,  // mma.sync m16n8k16 bf16 × bf16 + f32
  mma_tf32,  // mma.sync m16n8k8 tf32 × tf32 + f32
  mma_s8,    // mma.sync m16n8k32 s8 × s8 + s32
  mma_f64,   // mma.sync m8n8k4 f64 × f64 + f64 (DMMA), Ampere
  // mma.sync m16n8k16 f64 (sm_90): an H200 ran DMMA.8x8x4 at half the rate of cuBLAS's DGEMM
  // (33.3 against 64.0 TFLOP/s, docs/performance.md)
  mma_f64_k16,
  wgmma_f16,   // wgmma m64n128k16 f16 × f16 + f32, operands in shared memory (sm_90a)
  wgmma_bf16,  // wgmma m64n128k16 bf16 × bf16 + f32 (sm_90a)
  wgmma_tf32,  // wgmma m64n128k8 tf32 × tf32 + f32 (sm_90a)
  wgmma_s8,    // wgmma m64n128k32 s8 × s8 + s32 (sm_90a)
  wgmma_e4m3,  // wgmma m64n128k32 e4m3 × e4m3 + f32 (sm_90a)
};

// How a chain's accumulators evolve over the launch's `iterations` instructions.
enum class TensorChain {
  // D = A·B + D throughout: every accumulator ends at c + iterations·k·a·b.
  accumulates,
  // Each trip of kTensorUnroll instructions starts with D = A·B (scale-d = 0), so every
  // accumulator ends at kTensorUnroll·k·a·b. For fp8 on Hopper, whose matrix unit adds in fewer
  // bits than fp32: an accumulator grown for a whole launch stopped at 65600 (docs/methodology.md),
  // one kept under kTensorUnroll·32·9 = 2304 stays exact.
  restarts_each_trip,
};

struct TensorShape {
  TensorInstruction instruction;
  roofline::Precision precision;
  std::string_view path;  // the ceiling's path: "mma_sync" or "wgmma"
  int m, n, k;
  int threads;            // that issue one instruction together: a warp or a warpgroup
  int accumulators;       // accumulator values per thread per instruction
  int min_cc;             // lowest compute capability (major × 10 + minor) with the instruction
  int max_cc;             // highest that runs it: wgmma is sm_90a code, which no later GPU runs
  std::string_view sass;  // the opcode the probe's kernel must hold
  TensorChain chain = TensorChain::accumulates;

  double flops() const { return 2.0 * m * n * k; }
  // cc: major × 10 + minor.
  constexpr bool runs_on(int cc) const { return cc >= min_cc && cc <= max_cc; }
};

inline constexpr std::array<TensorShape, 11> kTensorShapes{{
    {TensorInstruction::mma_f16, roofline::Precision::fp16_tensor, "mma_sync", 16, 8, 16, 32, 4, 80,
     999, "HMMA"},
    {TensorInstruction::mma_bf16, roofline::Precision::bf16_tensor, "mma_sync", 16, 8, 16, 32, 4,
     80, 999, "HMMA"},
    {TensorInstruction::mma_tf32, roofline::Precision::tf32_tensor, "mma_sync", 16, 8, 8, 32, 4, 80,
     999, "HMMA"},
    {TensorInstruction::mma_s8, roofline::Precision::int8_tensor, "mma_sync", 16, 8, 32, 32, 4, 80,
     999, "IMMA"},
    {TensorInstruction::mma_f64, roofline::Precision::fp64_tensor, "mma_sync", 8, 8, 4, 32, 2, 80,
     89, "DMMA"},
    {TensorInstruction::mma_f64_k16, roofline::Precision::fp64_tensor, "mma_sync", 16, 8, 16, 32, 4,
     90, 999, "DMMA"},
    {TensorInstruction::wgmma_f16, roofline::Precision::fp16_tensor, "wgmma", 64, 128, 16, 128, 64,
     90, 90, "HGMMA"},
    {TensorInstruction::wgmma_bf16, roofline::Precision::bf16_tensor, "wgmma", 64, 128, 16, 128, 64,
     90, 90, "HGMMA"},
    {TensorInstruction::wgmma_tf32, roofline::Precision::tf32_tensor, "wgmma", 64, 128, 8, 128, 64,
     90, 90, "HGMMA"},
    {TensorInstruction::wgmma_s8, roofline::Precision::int8_tensor, "wgmma", 64, 128, 32, 128, 64,
     90, 90, "IGMMA"},
    {TensorInstruction::wgmma_e4m3, roofline::Precision::fp8_tensor, "wgmma", 64, 128, 32, 128, 64,
     90, 90, "QGMMA", TensorChain::restarts_each_trip},
}};

constexpr const TensorShape& tensor_shape(TensorInstruction i) {
  for (const TensorShape& s : kTensorShapes)
    if (s.instruction == i) return s;
  return kTensorShapes[0];  // unreachable: every instruction has a row
}

// Independent accumulator chains per thread in the mma.sync kernel, so every SM sub-partition has
// several instructions of each warp in flight to cover the matrix pipe's latency.
inline constexpr int kMmaChains = 8;
// Instructions per chain per loop trip of either kernel: iterations must be a multiple of it.
inline constexpr int kTensorUnroll = 8;

}  // namespace probes::cuda
