#include <algorithm>
#include <limits>
#include <string>

#include "kernels/cuda/common/block_reduce.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/stream.hpp"
#include "kernels/cuda/vector.cuh"
#include "kernels/stream_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

template <StreamOp Op, class T>
__device__ __forceinline__ T element(T out_old, T a, T b, T s) {
  if constexpr (Op == StreamOp::write) return s;
  if constexpr (Op == StreamOp::copy) return a;
  if constexpr (Op == StreamOp::scale) return s * a;
  if constexpr (Op == StreamOp::add) return a + b;
  if constexpr (Op == StreamOp::triad) return a + s * b;
  if constexpr (Op == StreamOp::daxpy) return out_old + s * a;
  return T(0);
}

// The scalars of even and odd passes come from the host (stream_pass_scalar): negating s on the
// device is an fp64 add per thread, which CUPTI counted (daxpy ran 1.25x its declared FLOPs).
template <StreamOp Op, class T, int N, int Items>
__global__ void stream_store_kernel(T* __restrict__ out, const T* __restrict__ in1,
                                    const T* __restrict__ in2, std::size_t n, T s_even, T s_odd,
                                    int passes) {
  const std::size_t first = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t vectors = n / N;
  for (int pass = 0; pass < passes; ++pass) {
    const T sp = pass % 2 == 0 ? s_even : s_odd;
    for (std::size_t base = first; base < vectors; base += Items * stride) {
      Vector<T, N> a[Items] = {}, b[Items] = {}, o[Items] = {};
#pragma unroll
      for (int item = 0; item < Items; ++item) {
        const std::size_t i = base + item * stride;
        if (i >= vectors) break;
        if constexpr (stream_inputs(Op) >= 1) a[item] = load<T, N>(in1 + i * N);
        if constexpr (stream_inputs(Op) >= 2) b[item] = load<T, N>(in2 + i * N);
        if constexpr (stream_in_place(Op)) o[item] = load<T, N>(out + i * N);
      }
#pragma unroll
      for (int item = 0; item < Items; ++item) {
        const std::size_t i = base + item * stride;
        if (i >= vectors) break;
#pragma unroll
        for (int k = 0; k < N; ++k)
          o[item].v[k] = element<Op>(o[item].v[k], a[item].v[k], b[item].v[k], sp);
        store<T, N>(out + i * N, o[item]);
      }
    }
    for (std::size_t i = vectors * N + first; i < n; i += stride) {
      const T a = stream_inputs(Op) >= 1 ? in1[i] : T(0);
      const T b = stream_inputs(Op) >= 2 ? in2[i] : T(0);
      out[i] = element<Op>(out[i], a, b, sp);
    }
  }
}

template <StreamOp Op, class T, int N, int Items>
__global__ void stream_sum_kernel(T* partials, const T* __restrict__ in1, const T* __restrict__ in2,
                                  std::size_t n, int passes) {
  const std::size_t first = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t vectors = n / N;
  T acc[Items] = {};
  for (int pass = 0; pass < passes; ++pass) {
    for (std::size_t base = first; base < vectors; base += Items * stride) {
      Vector<T, N> a[Items] = {}, b[Items] = {};
#pragma unroll
      for (int item = 0; item < Items; ++item) {
        const std::size_t i = base + item * stride;
        if (i >= vectors) break;
        a[item] = load<T, N>(in1 + i * N);
        if constexpr (Op == StreamOp::dot) b[item] = load<T, N>(in2 + i * N);
      }
#pragma unroll
      for (int item = 0; item < Items; ++item)
#pragma unroll
        for (int k = 0; k < N; ++k)
          acc[item] += Op == StreamOp::dot ? a[item].v[k] * b[item].v[k] : a[item].v[k];
    }
    for (std::size_t i = vectors * N + first; i < n; i += stride)
      acc[0] += Op == StreamOp::dot ? in1[i] * in2[i] : in1[i];
  }
  double total = 0;
#pragma unroll
  for (int item = 0; item < Items; ++item) total += acc[item];
  // The block's sum in double: warp shuffles, then one value per warp in shared memory.
  __shared__ double warp_sums[32];
  const double sum = block_sum<BlockReduceAlgorithm::warp_shfl, double>(total, warp_sums, nullptr);
  if (threadIdx.x == 0) partials[blockIdx.x] = static_cast<T>(sum);
}

// The slices launch of read (stream.hpp): block b reads slice b mod `count`.
template <class T, int N, int Items>
__global__ void stream_read_slices_kernel(T* partials, const T* __restrict__ in, std::size_t n,
                                          std::size_t count) {
  const std::size_t rows = n / N / blockDim.x;
  const std::size_t slice = blockIdx.x % count;
  T acc[Items] = {};
  for (std::size_t row = slice; row < rows; row += Items * count) {
    Vector<T, N> a[Items] = {};
#pragma unroll
    for (int item = 0; item < Items; ++item) {
      const std::size_t r = row + item * count;
      if (r >= rows) break;
      a[item] = load<T, N>(in + (r * blockDim.x + threadIdx.x) * N);
    }
#pragma unroll
    for (int item = 0; item < Items; ++item)
#pragma unroll
      for (int k = 0; k < N; ++k) acc[item] += a[item].v[k];
  }
  if (slice == 0)
    for (std::size_t i = rows * blockDim.x * N + threadIdx.x; i < n; i += blockDim.x)
      acc[0] += in[i];
  double total = 0;
#pragma unroll
  for (int item = 0; item < Items; ++item) total += acc[item];
  __shared__ double warp_sums[32];
  const double sum = block_sum<BlockReduceAlgorithm::warp_shfl, double>(total, warp_sums, nullptr);
  if (threadIdx.x == 0) partials[slice] = static_cast<T>(sum);
}

std::size_t slice_count(const Geometry& g, std::size_t n, int element_bytes) {
  const std::size_t rows = n / (g.vector_bytes / element_bytes) / g.threads;
  return std::max<std::size_t>(rows / g.slice_rows, 1);
}

template <StreamOp Op, class T, int N, int Items>
void launch_items(const Geometry& g, int passes, T* out, const T* in1, const T* in2, std::size_t n,
                  T s, T* partials) {
  if constexpr (Op == StreamOp::read) {
    if (slices(g)) {
      const std::size_t count = slice_count(g, n, sizeof(T));
      const std::size_t blocks = count * passes;
      if (blocks > std::numeric_limits<int>::max())
        throw roofline::InputError("slices: " + std::to_string(passes) + " passes of " +
                                   std::to_string(count) + " slices are too many blocks");
      stream_read_slices_kernel<T, N, Items>
          <<<static_cast<unsigned>(blocks), g.threads>>>(partials, in1, n, count);
      return check_launch("stream read slices kernel");
    }
  }
  if constexpr (stream_stores(Op)) {
    stream_store_kernel<Op, T, N, Items><<<g.blocks(), g.threads>>>(
        out, in1, in2, n, stream_pass_scalar(Op, s, 0), stream_pass_scalar(Op, s, 1), passes);
  } else {
    stream_sum_kernel<Op, T, N, Items><<<g.blocks(), g.threads>>>(partials, in1, in2, n, passes);
  }
  check_launch("stream kernel");
}

template <StreamOp Op, class T, int N>
void launch_width(const Geometry& g, int passes, T* out, const T* in1, const T* in2, std::size_t n,
                  T s, T* partials) {
  if (g.items == 1) return launch_items<Op, T, N, 1>(g, passes, out, in1, in2, n, s, partials);
  launch_items<Op, T, N, 4>(g, passes, out, in1, in2, n, s, partials);
}

template <StreamOp Op, class T>
void launch_op(const Geometry& g, int passes, T* out, const T* in1, const T* in2, std::size_t n,
               T s, T* partials) {
  check_geometry(g, sizeof(T), kStreamItems);
  switch (g.vector_bytes / static_cast<int>(sizeof(T))) {
    case 1:
      return launch_width<Op, T, 1>(g, passes, out, in1, in2, n, s, partials);
    case 2:
      return launch_width<Op, T, 2>(g, passes, out, in1, in2, n, s, partials);
    default:
      if constexpr (sizeof(T) == 4)
        return launch_width<Op, T, 4>(g, passes, out, in1, in2, n, s, partials);
  }
}

}  // namespace

std::size_t stream_partials(const Geometry& g, std::size_t n, int element_bytes) {
  return slices(g) ? slice_count(g, n, element_bytes) : static_cast<std::size_t>(g.blocks());
}

template <class T>
void stream_launch(StreamOp op, const Geometry& g, int passes, T* out, const T* in1, const T* in2,
                   std::size_t n, T s, T* partials) {
  if (slices(g) && op != StreamOp::read)
    throw roofline::InputError("slices: the " + std::string(to_string(op)) +
                               " kernel has only the grid stride");
  with_stream_op(op, [&](auto constant) {
    launch_op<decltype(constant)::value>(g, passes, out, in1, in2, n, s, partials);
  });
}

template void stream_launch(StreamOp, const Geometry&, int, float*, const float*, const float*,
                            std::size_t, float, float*);
template void stream_launch(StreamOp, const Geometry&, int, double*, const double*, const double*,
                            std::size_t, double, double*);

}  // namespace kernels::cuda
