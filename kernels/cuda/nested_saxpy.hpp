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

// The bulk-copy kernel's tiles: vectors per thread and threads per block (two 4 KiB tiles per
// block of 256, eight blocks and 64 KiB in flight per SM; cub::DeviceTransform aims at 48 KiB per
// SM on sm_90). Of 64, 128 or 256 threads × 1 or 2 vectors on an H100, the fastest at m = 1 and
// 16 in every precision and at fp64 m = 64, within 1.6% at the other m = 64; 3 and 4 vectors of
// 256 threads were slower (docs/performance.md, 2026-11-26).
inline constexpr int kNestedSaxpyBulkItems = 1, kNestedSaxpyBulkThreads = 256;

// Enqueues y[i] = a(…a(a·x[i] + y[i]) + y[i]…) + y[i] with m FMAs per element on the default
// stream. Throws std::invalid_argument for an m outside kNestedSaxpyDepths. x and y are 16-byte
// aligned.
template <class T>
void nested_saxpy_launch(int m, const Geometry& g, T* y, const T* x, std::size_t n, T a);

// The same with the copy engine's bulk copies (sm_90 and later): one block of `threads` per tile
// of threads × `items` 16-byte vectors, x and y copied into shared memory whole.
template <class T>
void nested_saxpy_bulk_launch(int m, int threads, int items, T* y, const T* x, std::size_t n, T a);

}  // namespace kernels::cuda
