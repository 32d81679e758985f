#pragma once
// One 32-bit operand word of the tensor-core chains, filled with the value v (a small integer,
// exact in every input type) in every element the word holds: the register operands of mma.sync
// and the shared-memory tiles of wgmma are built from these.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdint>
#include <cstring>

namespace probes::cuda {

__device__ inline std::uint32_t f16x2_word(double v) {
  const __half2 h = __float2half2_rn(float(v));
  std::uint32_t w;
  memcpy(&w, &h, sizeof w);
  return w;
}

__device__ inline std::uint32_t bf16x2_word(double v) {
  const __nv_bfloat162 h = __float2bfloat162_rn(float(v));
  std::uint32_t w;
  memcpy(&w, &h, sizeof w);
  return w;
}

// tf32 is fp32 with the low 13 mantissa bits ignored: a small integer's fp32 bits are its tf32.
__device__ inline std::uint32_t tf32_word(double v) { return __float_as_uint(float(v)); }

__device__ inline std::uint32_t s8x4_word(double v) {
  return 0x01010101u * (std::uint32_t(int(v)) & 0xffu);
}

__device__ inline std::uint32_t e4m3x4_word(double v) {
  return 0x01010101u * __nv_cvt_float_to_fp8(float(v), __NV_SATFINITE, __NV_E4M3);
}

}  // namespace probes::cuda
