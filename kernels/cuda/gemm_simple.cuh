#pragma once
// The study's first steps on the device: the naive kernel (B as is or transposed), the CUDA
// samples' shared-memory tiles and the register tiles without shared memory (gemm_plan.hpp).
// Kernels only (gemm_simple.cu launches them), so that a host emulation can compile them too
// (tests/cuda/gemm_emulated_test).
#include "kernels/cuda/gemm_tile.cuh"

namespace kernels::cuda::gemm_device {

// A thread per entry of X in a bm × bn block of threads (P::value, a naive_tile): coalesced, a
// warp's threads take consecutive columns (B and X coalesced, A's entry broadcast); uncoalesced,
// consecutive rows (grid x over X's rows).
template <class T, NaiveIndex I, class P>
__global__ void __launch_bounds__(P::value.threads)
    naive(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  constexpr GemmTile Tile = P::value;
  const bool coalesced = I == NaiveIndex::coalesced;
  const int row = coalesced ? blockIdx.y * Tile.bm + threadIdx.x / Tile.bn
                            : blockIdx.x * Tile.bm + threadIdx.x % Tile.bm;
  const int col = coalesced ? blockIdx.x * Tile.bn + threadIdx.x % Tile.bn
                            : blockIdx.y * Tile.bn + threadIdx.x / Tile.bm;
  if (row >= d.m || col >= d.n) return;
  T acc = 0;
  for (int l = 0; l < d.k; ++l) acc = fma(A[row * d.k + l], B[l * d.n + col], acc);
  X[row * d.n + col] = acc;
}

// The coalesced naive kernel reading Bt, B transposed (n × k): each dot runs along a row of A and
// a row of Bt, the CPU's cache-friendly order; a warp's reads of Bt then lie k apart (one row
// each), and A's entry is a broadcast.
template <class T>
__global__ void __launch_bounds__(kNaiveTile.threads)
    naive_transposed_b(Dims d, const T* __restrict__ A, const T* __restrict__ Bt,
                       T* __restrict__ X) {
  const int row = blockIdx.y * kNaiveTile.bm + threadIdx.x / kNaiveTile.bn;
  const int col = blockIdx.x * kNaiveTile.bn + threadIdx.x % kNaiveTile.bn;
  if (row >= d.m || col >= d.n) return;
  T acc = 0;
  for (int l = 0; l < d.k; ++l) acc = fma(A[row * d.k + l], Bt[col * d.k + l], acc);
  X[row * d.n + col] = acc;
}

// A thread per entry of an S × S tile of X; A's and B's S × S tiles staged in shared memory,
// zeros beyond their edges.
template <class T, class P>
__global__ void __launch_bounds__(P::value.threads)
    smem_tiled(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  constexpr GemmTile Tile = P::value;
  constexpr int S = Tile.bm;
  __shared__ T as[S][S], bs[S][S];
  const int tx = threadIdx.x % S, ty = threadIdx.x / S;
  const int row = blockIdx.y * S + ty, col = blockIdx.x * S + tx;
  T acc = 0;
  for (int k0 = 0; k0 < d.k; k0 += S) {
    as[ty][tx] = row < d.m && k0 + tx < d.k ? A[row * d.k + k0 + tx] : T(0);
    bs[ty][tx] = k0 + ty < d.k && col < d.n ? B[(k0 + ty) * d.n + col] : T(0);
    __syncthreads();
#pragma unroll
    for (int l = 0; l < S; ++l) acc = fma(as[ty][l], bs[l][tx], acc);
    __syncthreads();
  }
  if (row < d.m && col < d.n) X[row * d.n + col] = acc;
}

// GX × GY threads (a register_tile's group), each the entries (row0 + GY i, col0 + GX j) of X:
// consecutive threads' loads of B and stores of X are coalesced, their load of A one broadcast
// entry. Rows and columns beyond X are clamped to its last, so every load stays inside; they are
// not stored.
template <class T, class P>
__global__ void __launch_bounds__(P::value.threads)
    register_tiled(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  constexpr GemmTile Tile = P::value;
  constexpr int TM = Tile.tm, TN = Tile.tn, GX = Tile.bn / TN, GY = Tile.bm / TM;
  const int row0 = blockIdx.y * Tile.bm + threadIdx.x / GX,
            col0 = blockIdx.x * Tile.bn + threadIdx.x % GX;
  const T* a[TM];
  int b[TN];
#pragma unroll
  for (int i = 0; i < TM; ++i) a[i] = A + min(row0 + GY * i, d.m - 1) * d.k;
#pragma unroll
  for (int j = 0; j < TN; ++j) b[j] = min(col0 + GX * j, d.n - 1);
  T acc[TM][TN] = {};
  for (int l = 0; l < d.k; ++l) {
    T am[TM], bn[TN];
#pragma unroll
    for (int i = 0; i < TM; ++i) am[i] = a[i][l];
#pragma unroll
    for (int j = 0; j < TN; ++j) bn[j] = B[l * d.n + b[j]];
    outer_product(acc, am, bn);
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j)
      if (row0 + GY * i < d.m && col0 + GX * j < d.n)
        X[(row0 + GY * i) * d.n + col0 + GX * j] = acc[i][j];
}

}  // namespace kernels::cuda::gemm_device
