// The wgmma chains of the tensor-core probe (sm_90a: this file is built for that target alone).
// Each block is one warpgroup; A and B are tiles in shared memory with every element a or b, so
// any layout the descriptors describe gives the same product, and the 64 × 128 accumulators
// (64 per thread) chain D = A·B + D. One kernel template over the instruction.
#include <stdexcept>
#include <string>
#include <type_traits>

#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/tensor_chains.hpp"
#include "probes/cuda/tensor_words.cuh"

namespace probes::cuda {
namespace {

constexpr int kWarpgroup = 128;
constexpr int kAccumulators = 64;
// One 16-byte-wide core matrix of 8 rows: descriptors step by these (no swizzle).
constexpr unsigned kCoreMatrixBytes = 128;
// K spans 32 bytes in every type (16 16-bit, 8 tf32 or 32 8-bit elements): two core matrices.
constexpr int kTileABytes = 64 * 32, kTileBBytes = 128 * 32;

// A shared-memory matrix descriptor without swizzle: start, leading (K) and stride (M or N)
// byte offsets, each in 16-byte units.
__device__ std::uint64_t descriptor(const void* tile) {
  const auto address = static_cast<std::uint32_t>(__cvta_generic_to_shared(tile));
  return std::uint64_t((address & 0x3FFFF) >> 4) | std::uint64_t(kCoreMatrixBytes >> 4) << 16 |
         std::uint64_t(2 * kCoreMatrixBytes >> 4) << 32;
}

// Keep the compiler from moving an accumulator across the asynchronous instructions.
__device__ void pin(float& r) { asm volatile("" : "+f"(r)::"memory"); }
__device__ void pin(int& r) { asm volatile("" : "+r"(r)::"memory"); }

// One wgmma of `types` (shape and types, a string literal) on accumulators bound with constraint
// `acc` ("+f" or "+r"), A and B from the descriptors a and b; `accumulate` is scale-d (0: D = A·B),
// and `immediates` the instruction's trailing operands (A and B unscaled and K-major).
#define ROOFLAB_WGMMA(types, acc, immediates)                                                   \
  asm volatile(                                                                                 \
      "{ .reg .pred p; setp.ne.b32 p, %66, 0; wgmma.mma_async.sync.aligned." types              \
      " {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, "           \
      "%17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, "        \
      "%33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, "        \
      "%49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, "            \
      "%64, %65, p" immediates "; }"                                                            \
      : acc(d[0]), acc(d[1]), acc(d[2]), acc(d[3]), acc(d[4]), acc(d[5]), acc(d[6]), acc(d[7]), \
        acc(d[8]), acc(d[9]), acc(d[10]), acc(d[11]), acc(d[12]), acc(d[13]), acc(d[14]),       \
        acc(d[15]), acc(d[16]), acc(d[17]), acc(d[18]), acc(d[19]), acc(d[20]), acc(d[21]),     \
        acc(d[22]), acc(d[23]), acc(d[24]), acc(d[25]), acc(d[26]), acc(d[27]), acc(d[28]),     \
        acc(d[29]), acc(d[30]), acc(d[31]), acc(d[32]), acc(d[33]), acc(d[34]), acc(d[35]),     \
        acc(d[36]), acc(d[37]), acc(d[38]), acc(d[39]), acc(d[40]), acc(d[41]), acc(d[42]),     \
        acc(d[43]), acc(d[44]), acc(d[45]), acc(d[46]), acc(d[47]), acc(d[48]), acc(d[49]),     \
        acc(d[50]), acc(d[51]), acc(d[52]), acc(d[53]), acc(d[54]), acc(d[55]), acc(d[56]),     \
        acc(d[57]), acc(d[58]), acc(d[59]), acc(d[60]), acc(d[61]), acc(d[62]), acc(d[63])      \
      : "l"(a), "l"(b), "r"(accumulate))

// Per instruction: the accumulator type, how a value fills one 32-bit word of the tiles, and the
// instruction itself. 16-bit types take transpose immediates too (0: K-major); tf32 and e4m3 only
// the scales; integer types neither.
template <TensorInstruction I>
using Accumulator = std::conditional_t<I == TensorInstruction::wgmma_s8, int, float>;

template <TensorInstruction I>
__device__ std::uint32_t word(double v) {
  if constexpr (I == TensorInstruction::wgmma_f16) {
    return f16x2_word(v);
  } else if constexpr (I == TensorInstruction::wgmma_bf16) {
    return bf16x2_word(v);
  } else if constexpr (I == TensorInstruction::wgmma_tf32) {
    return tf32_word(v);
  } else if constexpr (I == TensorInstruction::wgmma_s8) {
    return s8x4_word(v);
  } else {
    static_assert(I == TensorInstruction::wgmma_e4m3);
    return e4m3x4_word(v);
  }
}

template <TensorInstruction I>
__device__ void wgmma(Accumulator<I> (&d)[kAccumulators], std::uint64_t a, std::uint64_t b,
                      int accumulate) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  if constexpr (I == TensorInstruction::wgmma_f16) {
    ROOFLAB_WGMMA("m64n128k16.f32.f16.f16", "+f", ", 1, 1, 0, 0");
  } else if constexpr (I == TensorInstruction::wgmma_bf16) {
    ROOFLAB_WGMMA("m64n128k16.f32.bf16.bf16", "+f", ", 1, 1, 0, 0");
  } else if constexpr (I == TensorInstruction::wgmma_tf32) {
    ROOFLAB_WGMMA("m64n128k8.f32.tf32.tf32", "+f", ", 1, 1");
  } else if constexpr (I == TensorInstruction::wgmma_s8) {
    ROOFLAB_WGMMA("m64n128k32.s32.s8.s8", "+r", "");
  } else {
    static_assert(I == TensorInstruction::wgmma_e4m3);
    ROOFLAB_WGMMA("m64n128k32.f32.e4m3.e4m3", "+f", ", 1, 1");
  }
#else
  __trap();
#endif
}

#undef ROOFLAB_WGMMA

// `first_accumulates` is scale-d of each trip's first instruction: 1, or 0 for a chain that
// restarts each trip (TensorChain). A kernel argument, not a constant: given a constant 0, ptxas
// proved the earlier trips' results dead and dropped their wgmmas (16 QGMMA in the kernel against
// 40 HGMMA in the others, and an H100 "ran" e4m3 at 3.3 times its peak).
template <TensorInstruction I>
__global__ void __launch_bounds__(kWarpgroup)
    wgmma_chains_kernel(double a, double b, double c, int first_accumulates, int trips,
                        double* out) {
  __shared__ alignas(128) std::uint32_t tile_a[kTileABytes / 4], tile_b[kTileBBytes / 4];
  for (int i = threadIdx.x; i < kTileABytes / 4; i += blockDim.x) tile_a[i] = word<I>(a);
  for (int i = threadIdx.x; i < kTileBBytes / 4; i += blockDim.x) tile_b[i] = word<I>(b);
  // Ordinary stores that the tensor cores read next: the async proxy must see them.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  const std::uint64_t da = descriptor(tile_a), db = descriptor(tile_b);
  Accumulator<I> d[kAccumulators];
#pragma unroll
  for (int v = 0; v < kAccumulators; ++v) d[v] = Accumulator<I>(c);
  for (int trip = 0; trip < trips; ++trip) {
#pragma unroll
    for (int v = 0; v < kAccumulators; ++v) pin(d[v]);
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int u = 0; u < kTensorUnroll; ++u) wgmma<I>(d, da, db, u == 0 ? first_accumulates : 1);
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#pragma unroll
    for (int v = 0; v < kAccumulators; ++v) pin(d[v]);
  }
  const std::size_t threads = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t me = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
#pragma unroll
  for (int v = 0; v < kAccumulators; ++v) out[v * threads + me] = double(d[v]);
}

template <TensorInstruction I>
void launch(int blocks, int trips, const TensorOperands& o, double* out) {
  static_assert(tensor_shape(I).accumulators == kAccumulators);
  const int first_accumulates = tensor_shape(I).chain == TensorChain::accumulates;
  wgmma_chains_kernel<I><<<blocks, kWarpgroup>>>(o.a, o.b, o.c, first_accumulates, trips, out);
  kernels::cuda::check_launch("wgmma_chains_kernel");
}

}  // namespace

void wgmma_chains_launch(TensorInstruction i, int blocks, int threads_per_block, int trips,
                         const TensorOperands& operands, double* out) {
  if (threads_per_block != kWarpgroup)
    throw std::invalid_argument("wgmma chains: a block is one warpgroup of 128 threads, not " +
                                std::to_string(threads_per_block));
  switch (i) {
    case TensorInstruction::wgmma_f16:
      return launch<TensorInstruction::wgmma_f16>(blocks, trips, operands, out);
    case TensorInstruction::wgmma_bf16:
      return launch<TensorInstruction::wgmma_bf16>(blocks, trips, operands, out);
    case TensorInstruction::wgmma_tf32:
      return launch<TensorInstruction::wgmma_tf32>(blocks, trips, operands, out);
    case TensorInstruction::wgmma_s8:
      return launch<TensorInstruction::wgmma_s8>(blocks, trips, operands, out);
    case TensorInstruction::wgmma_e4m3:
      return launch<TensorInstruction::wgmma_e4m3>(blocks, trips, operands, out);
    default:
      throw std::invalid_argument("wgmma chains: not a wgmma instruction");
  }
}

}  // namespace probes::cuda
