// The wgmma chains of the tensor-core probe (sm_90a: this file is built for that target alone).
// Each block is one warpgroup; A and B are tiles in shared memory with every element a or b, so
// any layout the descriptors describe gives the same product, and the 64 × 128 accumulators
// (64 per thread) chain D = A·B + D.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <stdexcept>

#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/tensor_chains.hpp"

namespace probes::cuda {
namespace {

constexpr int kWarpgroup = 128;
constexpr int kAccumulators = 64;
// One 16-byte-wide core matrix of 8 rows: descriptors step by these (no swizzle).
constexpr unsigned kCoreMatrixBytes = 128;
constexpr int kTileABytes = 64 * 16 * 2, kTileBBytes = 128 * 16 * 2;  // 16-bit elements

template <TensorInstruction I>
__device__ std::uint32_t packed(double v) {
  std::uint32_t w;
  if constexpr (I == TensorInstruction::wgmma_f16) {
    const __half2 h = __float2half2_rn(float(v));
    memcpy(&w, &h, sizeof w);
  } else {
    const __nv_bfloat162 h = __float2bfloat162_rn(float(v));
    memcpy(&w, &h, sizeof w);
  }
  return w;
}

// A shared-memory matrix descriptor without swizzle: start, leading (K) and stride (M or N)
// byte offsets, each in 16-byte units.
__device__ std::uint64_t descriptor(const void* tile) {
  const auto address = static_cast<std::uint32_t>(__cvta_generic_to_shared(tile));
  return std::uint64_t((address & 0x3FFFF) >> 4) | std::uint64_t(kCoreMatrixBytes >> 4) << 16 |
         std::uint64_t(2 * kCoreMatrixBytes >> 4) << 32;
}

// Keeps the compiler from moving an accumulator across the asynchronous instructions.
__device__ void pin(float& r) { asm volatile("" : "+f"(r)::"memory"); }

template <TensorInstruction I>
__device__ void wgmma(float (&d)[kAccumulators], std::uint64_t a, std::uint64_t b) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define ROOFLAB_WGMMA_D                                                                           \
  "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), \
      "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),    \
      "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]),  \
      "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]),  \
      "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]),  \
      "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]),  \
      "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]),  \
      "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]),  \
      "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
#define ROOFLAB_WGMMA_DREGS                                                          \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "           \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, " \
  "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
  // scale-d = 1 (accumulate), A and B unscaled and K-major.
  if constexpr (I == TensorInstruction::wgmma_bf16) {
    asm volatile(
        "{ .reg .pred p; setp.ne.b32 p, %66, 0; "
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {" ROOFLAB_WGMMA_DREGS
        "}, %64, %65, p, 1, 1, 0, 0; }"
        : ROOFLAB_WGMMA_D
        : "l"(a), "l"(b), "r"(1));
  } else {
    asm volatile(
        "{ .reg .pred p; setp.ne.b32 p, %66, 0; "
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {" ROOFLAB_WGMMA_DREGS
        "}, %64, %65, p, 1, 1, 0, 0; }"
        : ROOFLAB_WGMMA_D
        : "l"(a), "l"(b), "r"(1));
  }
#undef ROOFLAB_WGMMA_D
#undef ROOFLAB_WGMMA_DREGS
#else
  __trap();
#endif
}

template <TensorInstruction I>
__global__ void __launch_bounds__(kWarpgroup)
    wgmma_chains_kernel(double a, double b, double c, int trips, double* out) {
  __shared__ alignas(128) std::uint32_t tile_a[kTileABytes / 4], tile_b[kTileBBytes / 4];
  for (int i = threadIdx.x; i < kTileABytes / 4; i += blockDim.x) tile_a[i] = packed<I>(a);
  for (int i = threadIdx.x; i < kTileBBytes / 4; i += blockDim.x) tile_b[i] = packed<I>(b);
  // Ordinary stores that the tensor cores read next: the async proxy must see them.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  const std::uint64_t da = descriptor(tile_a), db = descriptor(tile_b);
  float d[kAccumulators];
#pragma unroll
  for (int v = 0; v < kAccumulators; ++v) d[v] = float(c);
  for (int trip = 0; trip < trips; ++trip) {
#pragma unroll
    for (int v = 0; v < kAccumulators; ++v) pin(d[v]);
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int u = 0; u < kTensorUnroll; ++u) wgmma<I>(d, da, db);
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#pragma unroll
    for (int v = 0; v < kAccumulators; ++v) pin(d[v]);
  }
  const std::size_t threads = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t me = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
#pragma unroll
  for (int v = 0; v < kAccumulators; ++v) out[v * threads + me] = d[v];
}

template <TensorInstruction I>
void launch(int blocks, int trips, const TensorOperands& o, double* out) {
  static_assert(tensor_shape(I).accumulators == kAccumulators);
  wgmma_chains_kernel<I><<<blocks, kWarpgroup>>>(o.a, o.b, o.c, trips, out);
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
    default:
      throw std::invalid_argument("wgmma chains: not a wgmma instruction");
  }
}

}  // namespace probes::cuda
