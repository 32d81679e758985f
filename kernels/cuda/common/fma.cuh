#pragma once
// fma_step(a, b, c) = a·b + c rounded once, for every element type the FMA roofs are measured in:
// DFMA, FFMA, and the paired HFMA2 (.BF16) on two 16-bit lanes at once (a scalar __half or
// __nv_bfloat16 takes one lane of it). Shared by the peak-FLOP probe's chains and the nested
// SAXPY, so a workload runs the instruction its roof was measured with.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace kernels::cuda {

__device__ __forceinline__ double fma_step(double a, double b, double c) { return fma(a, b, c); }
__device__ __forceinline__ float fma_step(float a, float b, float c) { return fmaf(a, b, c); }
__device__ __forceinline__ __half2 fma_step(__half2 a, __half2 b, __half2 c) {
  return __hfma2(a, b, c);
}
__device__ __forceinline__ __half fma_step(__half a, __half b, __half c) { return __hfma(a, b, c); }

// Native bfloat16 FMAs start with sm_80; the architecture table gives Turing no bf16 peak, so
// neither the probe nor the nested SAXPY runs them there, and the sm_75 build gets a float
// fallback.
__device__ __forceinline__ __nv_bfloat162 fma_step(__nv_bfloat162 a, __nv_bfloat162 b,
                                                   __nv_bfloat162 c) {
#if __CUDA_ARCH__ >= 800
  return __hfma2(a, b, c);
#else
  const float2 af = __bfloat1622float2(a), bf = __bfloat1622float2(b), cf = __bfloat1622float2(c);
  return __floats2bfloat162_rn(fmaf(af.x, bf.x, cf.x), fmaf(af.y, bf.y, cf.y));
#endif
}
__device__ __forceinline__ __nv_bfloat16 fma_step(__nv_bfloat16 a, __nv_bfloat16 b,
                                                  __nv_bfloat16 c) {
#if __CUDA_ARCH__ >= 800
  return __hfma(a, b, c);
#else
  return __float2bfloat16_rn(fmaf(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)));
#endif
}

}  // namespace kernels::cuda
