#pragma once
// What the GEMM kernels share on the device: the sizes as ints (plan_gemm checked that every
// matrix's index fits), guarded vector loads, the staging of A's and B's tiles into shared memory
// and the guarded store of a thread's register tile; on the host, the dispatch of a tile to the
// kernel instance compiled for it.
#include <cuda_runtime.h>

#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <utility>

#include "kernels/cuda/gemm_plan.hpp"
#include "kernels/cuda/vector.cuh"

namespace kernels::cuda::gemm_device {

struct Dims {
  int m, n, k;
};

// A tile as a type, for kernel templates: nvcc's host stubs cannot name a kernel instance whose
// template argument is a class object (CUDA 13.0), so kernels take TileType<Tile> and read
// ::value.
template <int BM, int BN, int BK, int WM, int WN, int WN_ITER, int TM, int TN, int THREADS>
struct TileTypeOf {
  static constexpr GemmTile value{.bm = BM,
                                  .bn = BN,
                                  .bk = BK,
                                  .wm = WM,
                                  .wn = WN,
                                  .wn_iter = WN_ITER,
                                  .tm = TM,
                                  .tn = TN,
                                  .threads = THREADS};
};
template <GemmTile t>
using TileType = TileTypeOf<t.bm, t.bn, t.bk, t.wm, t.wn, t.wn_iter, t.tm, t.tn, t.threads>;

// V consecutive elements at p when `inside`, zeros otherwise (beyond A's or B's edge). V > 1 needs
// p on 16 bytes, which plan_gemm's multiples of V in n and k guarantee.
template <class T, int V>
__device__ __forceinline__ Vector<T, V> load_or_zero(const T* p, bool inside) {
  Vector<T, V> out;
  if (!inside) {
#pragma unroll
    for (int e = 0; e < V; ++e) out.v[e] = T(0);
  } else if constexpr (V == 1) {
    out.v[0] = *p;
  } else {
    using Raw = typename VectorOf<T, V>::type;
    const Raw raw = *reinterpret_cast<const Raw*>(p);
    const T* e = reinterpret_cast<const T*>(&raw);
#pragma unroll
    for (int i = 0; i < V; ++i) out.v[i] = e[i];
  }
  return out;
}

// One k step's tiles, fetched from global memory into registers and then stashed into shared
// memory as as[bk][bm] (A transposed: a thread's tm rows at one k are adjacent) and bs[bk][bn].
// Split in two so that a double-buffered kernel keeps the next tiles' loads in flight while it
// multiplies the current ones. Threads take consecutive vectors along rows (coalesced).
template <class T, GemmTile Tile, int V>
struct TileFetch {
  static constexpr int kAVectors = Tile.bm * Tile.bk / (V * Tile.threads);
  static constexpr int kBVectors = Tile.bk * Tile.bn / (V * Tile.threads);
  static constexpr int kARowVectors = Tile.bk / V, kBRowVectors = Tile.bn / V;

  Vector<T, V> a[kAVectors], b[kBVectors];

  __device__ __forceinline__ void fetch(const T* A, const T* B, Dims d, int row0, int col0, int k0,
                                        int tid) {
#pragma unroll
    for (int i = 0; i < kAVectors; ++i) {
      const int index = tid + i * Tile.threads;
      const int row = row0 + index / kARowVectors, col = k0 + index % kARowVectors * V;
      const bool inside = row < d.m && col < d.k;
      a[i] = load_or_zero<T, V>(A + (inside ? row * d.k + col : 0), inside);
    }
#pragma unroll
    for (int i = 0; i < kBVectors; ++i) {
      const int index = tid + i * Tile.threads;
      const int row = k0 + index / kBRowVectors, col = col0 + index % kBRowVectors * V;
      const bool inside = row < d.k && col < d.n;
      b[i] = load_or_zero<T, V>(B + (inside ? row * d.n + col : 0), inside);
    }
  }

  __device__ __forceinline__ void stash(T* as, T* bs, int tid) const {
#pragma unroll
    for (int i = 0; i < kAVectors; ++i) {
      const int index = tid + i * Tile.threads;
      const int row = index / kARowVectors, col = index % kARowVectors * V;
#pragma unroll
      for (int e = 0; e < V; ++e) as[(col + e) * Tile.bm + row] = a[i].v[e];
    }
#pragma unroll
    for (int i = 0; i < kBVectors; ++i) {
      const int index = tid + i * Tile.threads;
      store<T, V>(bs + index / kBRowVectors * Tile.bn + index % kBRowVectors * V, b[i]);
    }
  }
};

// acc[i][j] += am[i] · bn[j]: one k step of a thread's register tile.
template <class T, int TM, int TN>
__device__ __forceinline__ void outer_product(T (&acc)[TM][TN], const T (&am)[TM],
                                              const T (&bn)[TN]) {
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = fma(am[i], bn[j], acc[i][j]);
}

// Stores a thread's TM × TN tile at X[row][col], what lies inside X: V elements at a time, each
// vector wholly inside or outside (n and col multiples of V).
template <class T, int TM, int TN, int V>
__device__ __forceinline__ void store_tile(T* X, Dims d, int row, int col, const T (&acc)[TM][TN]) {
  static_assert(TN % V == 0);
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    if (row + i >= d.m) break;
#pragma unroll
    for (int j = 0; j < TN; j += V) {
      if (col + j >= d.n) break;
      Vector<T, V> out;
#pragma unroll
      for (int e = 0; e < V; ++e) out.v[e] = acc[i][j + e];
      store<T, V>(X + (row + i) * d.n + col + j, out);
    }
  }
}

inline Dims dims(const GemmShape& s) {
  return {static_cast<int>(s.m), static_cast<int>(s.n), static_cast<int>(s.k)};
}

inline dim3 grid(const GemmLaunch& l) { return {l.grid_x, l.grid_y}; }

// Calls f.template operator()<Tile>() for the one of Tiles that equals `tile`.
template <GemmTile... Tiles, class F>
void with_tile(const GemmTile& tile, F&& f) {
  const bool found = ((tile == Tiles && (f.template operator()<Tiles>(), true)) || ...);
  if (!found) throw std::logic_error("gemm: no kernel is compiled for this tile");
}

template <std::size_t I, GemmKernel K, roofline::Precision P, class F>
bool visit_tuning(const GemmTile& tile, F& f) {
  constexpr GemmTuning row = kGemmTunings[I];
  if constexpr (row.kernel == K && row.precision == P) {
    if (tile == row.tile) {
      f.template operator()<row.tile>();
      return true;
    }
  }
  return false;
}

// The same over the tiles of kGemmTunings' rows of kernel K in precision P.
template <GemmKernel K, roofline::Precision P, class F>
void with_tuned_tile(const GemmTile& tile, F&& f) {
  const bool found = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (visit_tuning<I, K, P>(tile, f) || ...);
  }
  (std::make_index_sequence<std::size(kGemmTunings)>{});
  if (!found) throw std::logic_error("gemm: no kernel is compiled for this tuned tile");
}

}  // namespace kernels::cuda::gemm_device
