#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cuda/bulk_copy.cuh"
#include "kernels/cuda/common/fma.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/current_device.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/vector.cuh"
#include "kernels/nested_saxpy.hpp"

namespace kernels::cuda {
namespace {

// Unrolling the depth loop by 32 (× kItems × vector lanes FMAs per step: 512 FFMA or HFMA2, 256
// DFMA) keeps the loop's counter and branch at about 0.6% of the issue slots at large m, where
// the kernel is bound by FMA throughput and FFMA or HFMA2 takes every slot (at 8: 2.3%, 0.993×
// Thrust's fully unrolled functor at fp32 m = 1024 on an H200, docs/performance.md 2026-11-26).
constexpr int kDepthUnroll = 32;

// What a step computes on: the element, or a pair of 16-bit elements (one HFMA2 for both).
// The kernels take `a` both as the element and as the lane, paired on the host: a paired kernel
// parameter is a constant-bank operand, and with it ptxas issues half of the HFMA2 as HFMA2.MMA,
// whose pipe runs beside the FMA pipe; `a` paired in the kernel (a register, or a uniform
// register's .H0_H0) keeps every HFMA2 on the FMA pipe, at half the paired roof (H200, m = 1024:
// 63.5 against 115.7 TFLOP/s, 512 HFMA2 against 256 + 257 .MMA; docs/performance.md).
template <class T>
struct Lane {
  using type = T;
  static T of(T a) { return a; }
};
template <>
struct Lane<__half> {
  using type = __half2;
  static __half2 of(__half a) { return __half2half2(a); }
};
template <>
struct Lane<__nv_bfloat16> {
  using type = __nv_bfloat162;
  static __nv_bfloat162 of(__nv_bfloat16 a) { return __bfloat162bfloat162(a); }
};

// M steps of t = a·t + y0 on `Items` independent vectors.
template <int M, int Items, class L, int N>
__device__ __forceinline__ void nest(Vector<L, N>* t, const Vector<L, N>* y0, L a) {
#pragma unroll kDepthUnroll
  for (int step = 0; step < M; ++step)
#pragma unroll
    for (int item = 0; item < Items; ++item)
#pragma unroll
      for (int k = 0; k < N; ++k) t[item].v[k] = fma_step(a, t[item].v[k], y0[item].v[k]);
}

// Step `base`'s vectors of x and y (base, base + stride, …) that lie inside the array into t and
// y0: how many. Unguarded, the caller knows the step is whole.
template <bool Guarded = true, int Items, class L, int N>
__device__ __forceinline__ int load_step(Vector<L, N> (&t)[Items], Vector<L, N> (&y0)[Items],
                                         const L* x, const L* y, std::size_t base,
                                         std::size_t stride, std::size_t vectors) {
  int items = 0;
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    const std::size_t i = base + item * stride;
    if (Guarded && i >= vectors) break;
    t[item] = load<L, N>(x + i * N);
    y0[item] = load<L, N>(y + i * N);
    ++items;
  }
  return items;
}

// A step's FMAs on its `items` vectors, then their stores. The last step of a grid may hold fewer
// items: their FMAs only, so the FLOPs executed are the FLOPs declared (hardware counters check
// them exactly).
template <int M, int Items, class L, int N>
__device__ __forceinline__ void compute_step(Vector<L, N> (&t)[Items],
                                             const Vector<L, N> (&y0)[Items], int items, L a, L* y,
                                             std::size_t base, std::size_t stride) {
  if (items == Items) {
    nest<M, Items>(t, y0, a);
  } else {
#pragma unroll
    for (int item = 0; item < Items; ++item)
      if (item < items) nest<M, 1>(&t[item], &y0[item], a);
  }
#pragma unroll
  for (int item = 0; item < Items; ++item)
    if (item < items) store<L, N>(y + (base + item * stride) * N, t[item]);
}

// A double-buffered step: step `base`'s `items` vectors taken from the buffer, the next step's
// loaded into it, then step `base` computed and stored. The next step's items.
template <bool Guarded, int M, int Items, class L, int N>
__device__ __forceinline__ int buffered_step(Vector<L, N> (&next_t)[Items],
                                             Vector<L, N> (&next_y0)[Items], int items, L a,
                                             const L* x, L* y, std::size_t base, std::size_t stride,
                                             std::size_t vectors) {
  Vector<L, N> t[Items], y0[Items];
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    t[item] = next_t[item];
    y0[item] = next_y0[item];
  }
  const int next_items =
      load_step<Guarded>(next_t, next_y0, x, y, base + Items * stride, stride, vectors);
  compute_step<M>(t, y0, items, a, y, base, stride);
  return next_items;
}

// 16-byte vectors of lanes in grid-stride steps of kItems per thread, then the elements past the
// last whole vector one by one. Double-buffered, a thread loads its next step's vectors before it
// computes the current one's (NestedSaxpyBuffering).
template <class T, int M, bool DoubleBuffered>
__global__ void nested_saxpy_kernel(T* __restrict__ y, const T* __restrict__ x, std::size_t n, T a,
                                    typename Lane<T>::type a_lanes) {
  using L = typename Lane<T>::type;
  constexpr int kItems = nested_saxpy_items(sizeof(T), M);
  constexpr int kLanes = 16 / sizeof(L), kPerLane = sizeof(L) / sizeof(T);
  using V = Vector<L, kLanes>;
  L* const y_lanes = reinterpret_cast<L*>(y);
  const L* const x_lanes = reinterpret_cast<const L*>(x);
  const std::size_t first = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t vectors = n / (kLanes * kPerLane), step = kItems * stride;
  if constexpr (DoubleBuffered) {
    V next_t[kItems] = {}, next_y0[kItems] = {};
    int next_items = load_step(next_t, next_y0, x_lanes, y_lanes, first, stride, vectors);
    std::size_t base = first;
    // While this step and the next are whole, no load or store is guarded: with the guards'
    // branches between its loads it ran 0.81 of the roof at fp16 m = 128 on an H200, without 0.88.
    for (; next_items == kItems && base + step + (kItems - 1) * stride < vectors; base += step)
      buffered_step<false, M>(next_t, next_y0, kItems, a_lanes, x_lanes, y_lanes, base, stride,
                              vectors);
    for (; base < vectors; base += step)
      next_items = buffered_step<true, M>(next_t, next_y0, next_items, a_lanes, x_lanes, y_lanes,
                                          base, stride, vectors);
  } else {
    for (std::size_t base = first; base < vectors; base += step) {
      V t[kItems] = {}, y0[kItems] = {};
      const int items = load_step(t, y0, x_lanes, y_lanes, base, stride, vectors);
      compute_step<M>(t, y0, items, a_lanes, y_lanes, base, stride);
    }
  }
  for (std::size_t i = vectors * kLanes * kPerLane + first; i < n; i += stride) {
    Vector<T, 1> t{x[i]};
    const Vector<T, 1> y0{y[i]};
    nest<M, 1>(&t, &y0, a);
    y[i] = t.v[0];
  }
}

// Tiles of `items` accesses of `Lanes` lanes per thread (NestedSaxpyBulkTile): the copy engine
// brings a tile's x and y into shared memory (bulk_copy.cuh), the threads compute from there,
// access t of the tile by thread t mod the block, and store y (cub::DeviceTransform's bulk-copy
// algorithm, which Thrust's transform does not take: NestedSaxpyFeed), one tile per block. With
// `stages` > 1 a resident grid cycles through the tiles and each block keeps its next stages − 1
// tiles landing while it computes one, so the SM's loads and FMAs overlap inside a block instead
// of only across blocks. Dynamic shared memory: stages × two tiles.
template <class T, int M, int Lanes>
__global__ void nested_saxpy_bulk_kernel(T* __restrict__ y, const T* __restrict__ x, std::size_t n,
                                         T a, typename Lane<T>::type a_lanes, int items, int stages,
                                         bool streaming_stores) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  using L = typename Lane<T>::type;
  constexpr int kPerVector = 16 / sizeof(T), kPerAccess = Lanes * sizeof(L) / sizeof(T);
  extern __shared__ __align__(128) unsigned char buffers[];
  __shared__ unsigned long long landed[kNestedSaxpyMostStages];
  const int tile = static_cast<int>(blockDim.x) * items * kPerAccess;  // elements
  const std::size_t tiles = (n + tile - 1) / tile;
  // Tile t's elements, and its whole 16-byte vectors (what is copied).
  const auto count = [&](std::size_t t) {
    const std::size_t begin = t * tile;
    return static_cast<int>(n - begin < std::size_t(tile) ? n - begin : tile);
  };
  const auto copied = [&](std::size_t t) { return count(t) / kPerVector * kPerVector; };
  const auto x_stage = [&](int s) { return reinterpret_cast<T*>(buffers) + 2 * s * tile; };
  // One thread: tile t's x and y into stage s.
  const auto fetch = [&](std::size_t t, int s) {
    const unsigned bytes = static_cast<unsigned>(copied(t)) * sizeof(T);
    if (bytes == 0) return;
    bulk_expect(&landed[s], 2 * bytes);
    bulk_copy(x_stage(s), x + t * tile, bytes, &landed[s]);
    bulk_copy(x_stage(s) + tile, y + t * tile, bytes, &landed[s]);
  };
  if (threadIdx.x == 0)
    for (int s = 0; s < stages; ++s) bulk_init(&landed[s]);
  __syncthreads();
  if (threadIdx.x == 0)
    for (int s = 0; s < stages && blockIdx.x + std::size_t(s) * gridDim.x < tiles; ++s)
      fetch(blockIdx.x + std::size_t(s) * gridDim.x, s);
  int j = 0;  // this block's tiles so far
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x, ++j) {
    const int s = j % stages, whole = copied(t), last = count(t);
    // Stage s's (j / stages)-th tile: its phase's parity.
    if (whole > 0) bulk_wait(&landed[s], (j / stages) & 1);
    const L* const x_lanes = reinterpret_cast<const L*>(x_stage(s));
    const L* const y0_lanes = reinterpret_cast<const L*>(x_stage(s) + tile);
    L* const y_lanes = reinterpret_cast<L*>(y + t * tile);
    for (int v = threadIdx.x; v < whole / kPerAccess; v += blockDim.x) {
      Vector<L, Lanes> out = load_plain<L, Lanes>(x_lanes + v * Lanes);
      const Vector<L, Lanes> y0 = load_plain<L, Lanes>(y0_lanes + v * Lanes);
      nest<M, 1>(&out, &y0, a_lanes);
      if (streaming_stores)
        store_streaming<L, Lanes>(y_lanes + v * Lanes, out);
      else
        store<L, Lanes>(y_lanes + v * Lanes, out);
    }
    // The elements past the last whole vector (in the last tile only), from global memory.
    for (int i = whole + threadIdx.x; i < last; i += blockDim.x) {
      Vector<T, 1> out{x[t * tile + i]};
      const Vector<T, 1> y0{y[t * tile + i]};
      nest<M, 1>(&out, &y0, a);
      y[t * tile + i] = out.v[0];
    }
    // Every thread is done with stage s before the copy engine refills it.
    __syncthreads();
    const std::size_t next = t + std::size_t(stages) * gridDim.x;
    if (threadIdx.x == 0 && next < tiles) fetch(next, s);
  }
#else
  __trap();  // launched on sm_90 and later only (nested_saxpy_bulk_launch)
#endif
}

// Tiles fed by L2 prefetches (NestedSaxpyFeed::l2_prefetch): block b's tile of Threads × Items
// accesses of `Lanes` lanes; one thread asks the L2 for x's and y's tile (one bulk prefetch each,
// nothing waited for), then thread t loads (plain loads), computes and stores accesses t,
// t + Threads, … (the shapes: nested_saxpy.hpp). The last tile takes its whole vectors one access
// at a time and the elements past them one by one.
template <class T, int M, int Lanes, int Threads, int Items>
__global__ void __launch_bounds__(Threads)
    nested_saxpy_l2_tile_kernel(T* __restrict__ y, const T* __restrict__ x, std::size_t n, T a,
                                typename Lane<T>::type a_lanes, bool streaming_stores) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  using L = typename Lane<T>::type;
  constexpr int kPerVector = 16 / sizeof(T), kPerAccess = Lanes * sizeof(L) / sizeof(T);
  constexpr int tile = Threads * Items * kPerAccess;  // elements
  const std::size_t begin = std::size_t{blockIdx.x} * tile;
  const int last = static_cast<int>(n - begin < std::size_t(tile) ? n - begin : tile);
  const int whole = last / kPerVector * kPerVector;
  T* const y_tile = y + begin;
  const T* const x_tile = x + begin;
  if (threadIdx.x == 0 && whole > 0) {
    bulk_prefetch_l2(x_tile, whole * sizeof(T));
    bulk_prefetch_l2(y_tile, whole * sizeof(T));
  }
  L* const y_lanes = reinterpret_cast<L*>(y_tile);
  const L* const x_lanes = reinterpret_cast<const L*>(x_tile);
  const auto compute_and_store = [&](int v, Vector<L, Lanes>& out, const Vector<L, Lanes>& y0) {
    nest<M, 1>(&out, &y0, a_lanes);
    if (streaming_stores)
      store_streaming<L, Lanes>(y_lanes + v * Lanes, out);
    else
      store<L, Lanes>(y_lanes + v * Lanes, out);
  };
  if (last == tile) {
#pragma unroll
    for (int k = 0; k < Items; ++k) {
      const int v = k * Threads + threadIdx.x;
      Vector<L, Lanes> out = load_plain<L, Lanes>(x_lanes + v * Lanes);
      compute_and_store(v, out, load_plain<L, Lanes>(y_lanes + v * Lanes));
    }
    return;
  }
  for (int v = threadIdx.x; v < whole / kPerAccess; v += Threads) {
    Vector<L, Lanes> out = load_plain<L, Lanes>(x_lanes + v * Lanes);
    compute_and_store(v, out, load_plain<L, Lanes>(y_lanes + v * Lanes));
  }
  for (int i = whole + threadIdx.x; i < last; i += Threads) {
    Vector<T, 1> out{x_tile[i]};
    const Vector<T, 1> y0{y_tile[i]};
    nest<M, 1>(&out, &y0, a);
    y_tile[i] = out.v[0];
  }
#else
  __trap();  // launched on sm_90 and later only (nested_saxpy_bulk_launch)
#endif
}

using Depths = std::make_index_sequence<kNestedSaxpyDepths.size()>;

// The kernel of depth m (one of kNestedSaxpyDepths) launched by `launch`.
template <class T, template <class, int> class Kernel, class Launch, std::size_t... I>
void launch_depth(int m, const Launch& launch, std::index_sequence<I...>) {
  const bool found =
      ((m == kNestedSaxpyDepths[I] ? (launch(Kernel<T, kNestedSaxpyDepths[I]>::kernel), true)
                                   : false) ||
       ...);
  if (!found)
    throw std::invalid_argument("nested saxpy has no kernel of depth " + std::to_string(m));
}

template <bool DoubleBuffered>
struct GridStride {
  template <class T, int M>
  struct Of {
    static constexpr auto kernel = nested_saxpy_kernel<T, M, DoubleBuffered>;
  };
};

// The grid-stride kernel of depth m with `buffering`, passed to `use`.
template <class T, class Use>
void with_grid_stride_kernel(int m, NestedSaxpyBuffering buffering, const Use& use) {
  if (buffering == NestedSaxpyBuffering::double_buffered)
    launch_depth<T, GridStride<true>::template Of>(m, use, Depths());
  else
    launch_depth<T, GridStride<false>::template Of>(m, use, Depths());
}
// Bulk tiles read and written in 16-byte vectors, or one lane at a time.
template <class T, int M>
struct BulkVectors {
  static constexpr auto kernel =
      nested_saxpy_bulk_kernel<T, M, 16 / sizeof(typename Lane<T>::type)>;
};
template <class T, int M>
struct BulkLanes {
  static constexpr auto kernel = nested_saxpy_bulk_kernel<T, M, 1>;
};

// The L2-prefetched tiles' kernels, compiled for kNestedSaxpyL2Vectors and nested_saxpy_l2_lanes.
template <bool Vectors>
struct L2Tiles {
  template <class T, int M>
  struct Of {
    using L = typename Lane<T>::type;
    static constexpr NestedSaxpyBulkTile kTile =
        nested_saxpy_l2_shape(Vectors ? 16 : sizeof(L), sizeof(L));
    static constexpr auto kernel = nested_saxpy_l2_tile_kernel<T, M, kTile.vector_bytes / sizeof(L),
                                                               kTile.threads, kTile.items>;
  };
};

}  // namespace

template <class T>
void nested_saxpy_launch(int m, const Geometry& g, T* y, const T* x, std::size_t n, T a,
                         NestedSaxpyBuffering buffering) {
  with_grid_stride_kernel<T>(m, buffering, [&](auto kernel) {
    kernel<<<g.blocks(), g.threads>>>(y, x, n, a, Lane<T>::of(a));
  });
  check_launch("nested_saxpy_kernel");
}

template <class T>
int nested_saxpy_blocks_per_sm(int m, int threads, NestedSaxpyBuffering buffering) {
  int per_sm = 0;
  with_grid_stride_kernel<T>(m, buffering, [&](auto kernel) {
    ROOFLAB_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0));
  });
  return std::max(per_sm, 1);
}

namespace {

// Elements of one of the tile's tiles, and the shared memory of its stages.
template <class T>
std::size_t tile_elements(const NestedSaxpyBulkTile& tile) {
  return std::size_t(tile.threads) * tile.items * tile.vector_bytes / sizeof(T);
}
template <class T>
std::size_t stage_bytes(const NestedSaxpyBulkTile& tile) {
  return std::size_t(tile.stages) * 2 * tile_elements<T>(tile) * sizeof(T);
}

// The bulk kernel of depth m for the tile's accesses, passed to `use`.
template <class T, class Use>
void with_bulk_kernel(int m, const NestedSaxpyBulkTile& tile, const Use& use) {
  if (tile.vector_bytes == 16)
    launch_depth<T, BulkVectors>(m, use, Depths());
  else
    launch_depth<T, BulkLanes>(m, use, Depths());
}

}  // namespace

template <class T>
int nested_saxpy_bulk_resident_blocks(int m, const NestedSaxpyBulkTile& tile) {
  const int sms = current_device_attribute(cudaDevAttrMultiProcessorCount);
  int per_sm = 0;
  with_bulk_kernel<T>(m, tile, [&](auto kernel) {
    ROOFLAB_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, tile.threads,
                                                               stage_bytes<T>(tile)));
  });
  return sms * std::max(per_sm, 1);
}

template <class T>
void nested_saxpy_bulk_launch(int m, const NestedSaxpyBulkTile& tile, int resident_blocks, T* y,
                              const T* x, std::size_t n, T a) {
  const bool l2 = tile.feed == NestedSaxpyFeed::l2_prefetch;
  const NestedSaxpyBulkTile shape =
      l2 ? nested_saxpy_l2_shape(tile.vector_bytes, sizeof(typename Lane<T>::type)) : tile;
  const std::size_t elements = tile_elements<T>(shape);
  const std::size_t tiles = (n + elements - 1) / elements;
  if (tiles == 0) return;
  if (l2) {
    const auto launch = [&](auto kernel) {
      kernel<<<static_cast<unsigned>(tiles), shape.threads>>>(y, x, n, a, Lane<T>::of(a),
                                                              tile.streaming_stores);
    };
    if (tile.vector_bytes == 16)
      launch_depth<T, L2Tiles<true>::template Of>(m, launch, Depths());
    else
      launch_depth<T, L2Tiles<false>::template Of>(m, launch, Depths());
    check_launch("nested_saxpy_l2_tile_kernel");
    return;
  }
  const std::size_t blocks =
      tile.stages > 1 ? std::min(tiles, std::size_t(std::max(resident_blocks, 1))) : tiles;
  with_bulk_kernel<T>(m, tile, [&](auto kernel) {
    kernel<<<static_cast<unsigned>(blocks), tile.threads, stage_bytes<T>(tile)>>>(
        y, x, n, a, Lane<T>::of(a), tile.items, tile.stages, tile.streaming_stores);
  });
  check_launch("nested_saxpy_bulk_kernel");
}

template void nested_saxpy_launch(int, const Geometry&, float*, const float*, std::size_t, float,
                                  NestedSaxpyBuffering);
template void nested_saxpy_launch(int, const Geometry&, double*, const double*, std::size_t, double,
                                  NestedSaxpyBuffering);
template void nested_saxpy_launch(int, const Geometry&, __half*, const __half*, std::size_t, __half,
                                  NestedSaxpyBuffering);
template void nested_saxpy_launch(int, const Geometry&, __nv_bfloat16*, const __nv_bfloat16*,
                                  std::size_t, __nv_bfloat16, NestedSaxpyBuffering);
template int nested_saxpy_blocks_per_sm<float>(int, int, NestedSaxpyBuffering);
template int nested_saxpy_blocks_per_sm<double>(int, int, NestedSaxpyBuffering);
template int nested_saxpy_blocks_per_sm<__half>(int, int, NestedSaxpyBuffering);
template int nested_saxpy_blocks_per_sm<__nv_bfloat16>(int, int, NestedSaxpyBuffering);
template void nested_saxpy_bulk_launch(int, const NestedSaxpyBulkTile&, int, float*, const float*,
                                       std::size_t, float);
template void nested_saxpy_bulk_launch(int, const NestedSaxpyBulkTile&, int, double*, const double*,
                                       std::size_t, double);
template void nested_saxpy_bulk_launch(int, const NestedSaxpyBulkTile&, int, __half*, const __half*,
                                       std::size_t, __half);
template void nested_saxpy_bulk_launch(int, const NestedSaxpyBulkTile&, int, __nv_bfloat16*,
                                       const __nv_bfloat16*, std::size_t, __nv_bfloat16);
template int nested_saxpy_bulk_resident_blocks<float>(int, const NestedSaxpyBulkTile&);
template int nested_saxpy_bulk_resident_blocks<double>(int, const NestedSaxpyBulkTile&);
template int nested_saxpy_bulk_resident_blocks<__half>(int, const NestedSaxpyBulkTile&);
template int nested_saxpy_bulk_resident_blocks<__nv_bfloat16>(int, const NestedSaxpyBulkTile&);

}  // namespace kernels::cuda
