#pragma once
// The STREAM kernels on an NVIDIA GPU: every operation of kernels/stream.hpp as a grid-stride
// kernel with vector loads and stores, making `passes` passes per launch (the L2 probe repeats a
// small working set; each thread touches the same elements on every pass).
#include <cstddef>
#include <initializer_list>

#include "kernels/cuda/geometry.hpp"
#include "kernels/stream.hpp"

namespace kernels::cuda {

// The compiled choices of Geometry::items. Four vectors in flight per thread cover the DRAM
// latency with few resident threads; one per thread in a grid that covers the array (BabelStream's
// launch) was the fastest at DRAM sizes for every operation on an H200 (write 4.60 vs 4.55 TB/s
// with four, copy 4.26 vs 4.17; 2026-11-21).
inline constexpr std::initializer_list<int> kStreamItems = {1, 4};

// Enqueues one launch on the default stream. read and dot write one partial sum per block into
// `partials` (g.blocks() values, each summed in double) instead of an output array; the result
// is their sum.
template <class T>
void stream_launch(StreamOp op, const Geometry& g, int passes, T* out, const T* in1, const T* in2,
                   std::size_t n, T s, T* partials);

}  // namespace kernels::cuda
