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
// The same for the options.
template <int A_PAD, bool SMEM_VECTORS, int GROUP_ROWS, int STAGES, int MIN_BLOCKS>
struct OptionsOf {
  static constexpr GemmOptions value{.a_pad = A_PAD,
                                     .smem_vectors = SMEM_VECTORS,
                                     .group_rows = GROUP_ROWS,
                                     .stages = STAGES,
                                     .min_blocks = MIN_BLOCKS};
};
template <GemmOptions o>
using OptionsType = OptionsOf<o.a_pad, o.smem_vectors, o.group_rows, o.stages, o.min_blocks>;

// The block tile this block computes, in tiles: blockIdx as is, or with GROUP > 0 the launch
// order (x fastest) remapped to walk groups of GROUP block rows column by column (the last group
// shorter), so the blocks resident at once share a few panels of A and of B in L2.
struct BlockTile {
  int row, col;
};
template <int GROUP>
__device__ __forceinline__ BlockTile block_tile() {
  if constexpr (GROUP == 0) {
    return {static_cast<int>(blockIdx.y), static_cast<int>(blockIdx.x)};
  } else {
    const int cols = static_cast<int>(gridDim.x), rows = static_cast<int>(gridDim.y);
    const int id = static_cast<int>(blockIdx.y) * cols + static_cast<int>(blockIdx.x);
    const int group = id / (GROUP * cols), first = group * GROUP;
    const int height = min(GROUP, rows - first), in = id - first * cols;
    return {first + in % height, in / height};
  }
}

// A thread's N-element fragment from shared memory at p: as 16-byte vectors (p on 16 bytes,
// N a multiple of them: one LDS.128 each) or element by element.
template <class T, int N, bool VECTORS>
__device__ __forceinline__ void load_fragment(T (&out)[N], const T* p) {
  if constexpr (VECTORS) {
    constexpr int V = 16 / sizeof(T);
    static_assert(N % V == 0);
    using Raw = typename VectorOf<T, V>::type;
#pragma unroll
    for (int i = 0; i < N; i += V) {
      const Raw raw = *reinterpret_cast<const Raw*>(p + i);
      const T* e = reinterpret_cast<const T*>(&raw);
#pragma unroll
      for (int j = 0; j < V; ++j) out[i + j] = e[j];
    }
  } else {
#pragma unroll
    for (int i = 0; i < N; ++i) out[i] = p[i];
  }
}

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
// memory as as[bk][A_LD] (A transposed: a thread's tm rows at one k are adjacent; A_LD ≥ bm, the
// padded row) and bs[bk][bn].
// Split in two so that a double-buffered kernel keeps the next tiles' loads in flight while it
// multiplies the current ones. Threads take consecutive vectors along rows (coalesced).
template <class T, GemmTile Tile, int V, int A_LD = Tile.bm>
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
      for (int e = 0; e < V; ++e) as[(col + e) * A_LD + row] = a[i].v[e];
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

// A warp's share of the block tile and a lane's share of the warp's (warp_tiled,
// warp_tiled_async): the warp tile is WM_ITER × WN_ITER sub-tiles, in each of which a lane holds a
// TM × TN tile; its fragments at one k are read from A's transposed tile and B's tile in shared
// memory (as 16-byte vectors with VECTORS).
template <class T, GemmTile Tile, bool VECTORS>
struct WarpTiling {
  static constexpr int TM = Tile.tm, TN = Tile.tn, WN_ITER = Tile.wn_iter;
  static constexpr int WM_ITER = Tile.wm * Tile.wn / (32 * TM * TN * WN_ITER);
  static constexpr int SUB_M = Tile.wm / WM_ITER, SUB_N = Tile.wn / WN_ITER;
  static constexpr int LANE_COLS = SUB_N / TN;

  struct Fragments {
    T a[WM_ITER][TM], b[WN_ITER][TN];
  };
  struct Accumulators {
    T v[WM_ITER][WN_ITER][TM][TN];
  };

  int row, col;  // the lane's first entry in the block tile

  __device__ __forceinline__ explicit WarpTiling(int tid) {
    const int warp = tid / 32, lane = tid % 32;
    row = warp / (Tile.bn / Tile.wn) * Tile.wm + lane / LANE_COLS * TM;
    col = warp % (Tile.bn / Tile.wn) * Tile.wn + lane % LANE_COLS * TN;
  }

  // The fragments at one k: a_k is A's transposed tile's row at that k, b_k B's.
  __device__ __forceinline__ void load(Fragments& f, const T* a_k, const T* b_k) const {
#pragma unroll
    for (int wi = 0; wi < WM_ITER; ++wi)
      load_fragment<T, TM, VECTORS>(f.a[wi], a_k + row + wi * SUB_M);
#pragma unroll
    for (int wj = 0; wj < WN_ITER; ++wj)
      load_fragment<T, TN, VECTORS>(f.b[wj], b_k + col + wj * SUB_N);
  }

  __device__ __forceinline__ static void multiply(Accumulators& acc, const Fragments& f) {
#pragma unroll
    for (int wi = 0; wi < WM_ITER; ++wi)
#pragma unroll
      for (int wj = 0; wj < WN_ITER; ++wj) outer_product(acc.v[wi][wj], f.a[wi], f.b[wj]);
  }

  // Stores the lane's tiles into X, whose block tile starts at (row0, col0).
  __device__ __forceinline__ void store(T* X, Dims d, int row0, int col0,
                                        const Accumulators& acc) const {
#pragma unroll
    for (int wi = 0; wi < WM_ITER; ++wi)
#pragma unroll
      for (int wj = 0; wj < WN_ITER; ++wj)
        store_tile<T, TM, TN, 16 / sizeof(T)>(X, d, row0 + row + wi * SUB_M,
                                              col0 + col + wj * SUB_N, acc.v[wi][wj]);
  }
};

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

// The same for the tiles of a table (kNaiveTiles, kRegisterTiles).
template <const auto& Table, class F>
void with_table_tile(const GemmTile& tile, F&& f) {
  const bool found = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ((tile == Table[I] && (f.template operator()<Table[I]>(), true)) || ...);
  }
  (std::make_index_sequence<std::size(Table)>{});
  if (!found) throw std::logic_error("gemm: no kernel is compiled for this tile");
}

template <const auto& Table, std::size_t I, GemmKernel K, roofline::Precision P, class F>
bool visit_tuning(const GemmTile& tile, const GemmOptions& options, F& f) {
  constexpr GemmTuning row = Table[I];
  if constexpr (row.kernel == K && row.precision == P) {
    if (tile == row.tile && options == row.options) {
      f.template operator()<row.tile, row.options>();
      return true;
    }
  }
  return false;
}

template <const auto& Table, GemmKernel K, roofline::Precision P, class F>
bool visit_table(const GemmTile& tile, const GemmOptions& options, F& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (visit_tuning<Table, I, K, P>(tile, options, f) || ...);
  }
  (std::make_index_sequence<std::size(Table)>{});
}

// Calls f.template operator()<Tile, Options>() for the row of kernel K in precision P of
// kGemmTunings or kGemmSweep with this tile and options (a tile in both is one instance).
template <GemmKernel K, roofline::Precision P, class F>
void with_tuned_tile(const GemmTile& tile, const GemmOptions& options, F&& f) {
  if (!visit_table<kGemmTunings, K, P>(tile, options, f) &&
      !visit_table<kGemmSweep, K, P>(tile, options, f))
    throw std::logic_error("gemm: no kernel is compiled for this tuned tile");
}

}  // namespace kernels::cuda::gemm_device
