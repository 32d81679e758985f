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

// The read's slices launch (g.slice_rows > 0): the array as rows of g.threads vectors, cut into
// S = max(rows / slice_rows, 1) slices, slice s the rows s, s + S, s + 2S, … (slice 0 also the
// elements past the last whole row). A launch of `passes` passes is passes × S blocks, block b
// reading slice b mod S with g.items loads in flight and ending: gpu-l2-cache's shape, blocks
// that start, read and leave, where a resident grid's blocks move in step. Several blocks read a
// slice, so its lines are read from several SMs: where a slice's readers overlap in time the L2's
// request coalescer answers some of them (Nsight Compute on an H200, 2026-11-30,
// data/recorded/h200/l2-slices/: 3.0% of this launch's sectors at 15 MiB; a scratch kernel of
// 1024-thread slices 1.1% at 15 MiB, 3.3% at 7.5, 8.1% at 3.75), so the bandwidth probe runs it
// only from a quarter of the L2 up (probes/cuda/bandwidth.hpp).
inline constexpr bool slices(const Geometry& g) { return g.slice_rows > 0; }

// The partial sums a read or dot launch of n elements of `element_bytes` writes: one per block of
// the grid stride, one per slice of the slices launch.
std::size_t stream_partials(const Geometry& g, std::size_t n, int element_bytes);

// Enqueues one launch on the default stream. read and dot write partial sums into `partials`
// (stream_partials values, each summed in double; the slices launch's blocks of a slice all write
// its sum) instead of an output array; the result is their sum. Throws roofline::InputError for
// slices with an operation other than read.
template <class T>
void stream_launch(StreamOp op, const Geometry& g, int passes, T* out, const T* in1, const T* in2,
                   std::size_t n, T s, T* partials);

}  // namespace kernels::cuda
