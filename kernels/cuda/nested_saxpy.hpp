#pragma once
// The nested SAXPY on an NVIDIA GPU (kernels/nested_saxpy.hpp): one kernel per depth m, m a
// template parameter, so the m FMAs per element are unrolled and t stays in registers. Elements
// are float, double, __half or __nv_bfloat16; 16-bit elements are computed in pairs (HFMA2, the
// instruction the fp16 and bf16 FMA roofs are measured with).
#include <cstddef>

#include "kernels/cuda/geometry.hpp"

namespace kernels::cuda {

// Vectors per thread per step (Geometry::items): their loads are all in flight at once, and their
// items × vector width chains are independent FMAs for the compute-bound depths.
inline constexpr int kNestedSaxpyItems = 4;

// Enqueues y[i] = a(…a(a·x[i] + y[i]) + y[i]…) + y[i] with m FMAs per element on the default
// stream. Throws std::invalid_argument for an m outside kNestedSaxpyDepths. x and y are 16-byte
// aligned.
template <class T>
void nested_saxpy_launch(int m, const Geometry& g, T* y, const T* x, std::size_t n, T a);

}  // namespace kernels::cuda
