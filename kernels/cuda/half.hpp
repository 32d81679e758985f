#pragma once
// CUDA's 16-bit element types as kernel elements: their precisions (kernels/precision_dispatch.hpp)
// and their values as doubles, on the host and the device alike.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "kernels/host_device.hpp"
#include "kernels/precision_dispatch.hpp"

namespace kernels {

template <>
struct ElementPrecision<__half> : PrecisionIs<roofline::Precision::fp16> {};
template <>
struct ElementPrecision<__nv_bfloat16> : PrecisionIs<roofline::Precision::bf16> {};

namespace cuda {

// Exact (every 16-bit value is a float); the 16-bit types convert to several arithmetic types,
// so a plain static_cast<double> of them is ambiguous.
template <class T>
ROOFLAB_HOST_DEVICE inline double as_double(T v) {
  return static_cast<double>(v);
}
ROOFLAB_HOST_DEVICE inline double as_double(__half v) { return __half2float(v); }
ROOFLAB_HOST_DEVICE inline double as_double(__nv_bfloat16 v) { return __bfloat162float(v); }

}  // namespace cuda
}  // namespace kernels
