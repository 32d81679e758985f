#pragma once
// The STREAM kernels on an NVIDIA GPU: every operation of kernels/stream.hpp as a grid-stride
// kernel with vector loads and stores, making `passes` passes per launch (the L2 probe repeats a
// small working set; each thread touches the same elements on every pass).
#include <cstddef>

#include "kernels/cuda/geometry.hpp"
#include "kernels/stream.hpp"

namespace kernels::cuda {

// Vectors each thread has in flight per step: its loads are all issued before the first is used,
// so an SM keeps enough bytes in flight to cover the DRAM latency with few resident threads.
inline constexpr int kStreamItems = 4;

// Enqueues one launch on the default stream. read and dot write one partial sum per block into
// `partials` (g.blocks() values, each summed in double) instead of an output array; the result
// is their sum.
template <class T>
void stream_launch(StreamOp op, const Geometry& g, int passes, T* out, const T* in1, const T* in2,
                   std::size_t n, T s, T* partials);

}  // namespace kernels::cuda
