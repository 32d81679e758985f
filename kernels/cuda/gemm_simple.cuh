#pragma once
// The study's first steps on the device: the naive kernel, the CUDA samples' shared-memory tiles
// and the register tiles without shared memory (gemm_plan.hpp). Kernels only (gemm_simple.cu
// launches them), so that a host emulation can compile them too (tests/cuda/gemm_emulated_test).
#include "kernels/cuda/gemm_tile.cuh"

namespace kernels::cuda::gemm_device {

constexpr int kSide = kNaiveTile.bm;  // the naive block is kSide × kSide threads

template <class T, NaiveIndex I>
__global__ void __launch_bounds__(kNaiveTile.threads)
    naive(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  const int fast = threadIdx.x % kSide, slow = threadIdx.x / kSide;
  const bool coalesced = I == NaiveIndex::coalesced;
  const int row = coalesced ? blockIdx.y * kSide + slow : blockIdx.x * kSide + fast;
  const int col = coalesced ? blockIdx.x * kSide + fast : blockIdx.y * kSide + slow;
  if (row >= d.m || col >= d.n) return;
  T acc = 0;
  for (int l = 0; l < d.k; ++l) acc = fma(A[row * d.k + l], B[l * d.n + col], acc);
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

// 16 × 16 threads, each the entries (row0 + 16 i, col0 + 16 j) of X: a half-warp's loads of B
// and stores of X are coalesced, its load of A one broadcast entry. Rows and columns beyond X
// are clamped to its last, so every load stays inside; they are not stored.
template <class T, class P>
__global__ void __launch_bounds__(P::value.threads)
    register_tiled(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  constexpr GemmTile Tile = P::value;
  constexpr int TM = Tile.tm, TN = Tile.tn;
  const int row0 = blockIdx.y * Tile.bm + threadIdx.x / 16,
            col0 = blockIdx.x * Tile.bn + threadIdx.x % 16;
  const T* a[TM];
  int b[TN];
#pragma unroll
  for (int i = 0; i < TM; ++i) a[i] = A + min(row0 + 16 * i, d.m - 1) * d.k;
#pragma unroll
  for (int j = 0; j < TN; ++j) b[j] = min(col0 + 16 * j, d.n - 1);
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
      if (row0 + 16 * i < d.m && col0 + 16 * j < d.n)
        X[(row0 + 16 * i) * d.n + col0 + 16 * j] = acc[i][j];
}

}  // namespace kernels::cuda::gemm_device
