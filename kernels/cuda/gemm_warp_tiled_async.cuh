#pragma once
// Warp tiling fed by asynchronous copies on the device (gemm_plan.hpp): block tile → warp tile →
// thread tile as in warp_tiled, A's and B's k tiles copied by cp.async into a ring of STAGES
// stages of dynamic shared memory, STAGES − 1 tiles in flight while one is multiplied. The copies
// go straight to shared memory (no registers staging them, no stores to issue); a lane reads its
// next k's fragments while it multiplies the current ones, one barrier per k tile. The kernel
// only (gemm_warp_tiled_async.cu launches it).
#include "kernels/cuda/async_copy.cuh"
#include "kernels/cuda/gemm_tile.cuh"

namespace kernels::cuda::gemm_device {

// A thread's copies of each k tile into a stage of the ring: A's bm × bk tile element by element
// into as[bk][A_LD], transposed (a lane's TM rows at one k adjacent, for 16-byte fragment reads),
// and B's bk × bn tile in 16-byte vectors into bs[bk][bn]. Consecutive threads take consecutive
// elements (vectors) along a row, so that a warp's copies read whole sectors; a warp's A copies
// land kk·A_LD + row apart, so A_LD ≡ 4 (mod 32) words puts bk 8's 8 k × 4 rows in 32 banks.
// (Copying A as 16-byte vectors along k, a thread's 4 elements from one address, spreads each
// instruction over 4 times the sectors and ran slower on an H100.) The threads cover whole rows
// of either tile, so a thread's columns are fixed and its sources step along k. Beyond k's end
// the copies fill zeros (they would add to X); rows of A beyond m and columns of B beyond n copy
// row m − 1 and column 0 instead: they only reach entries of X that are never stored.
template <class T, GemmTile Tile, int A_LD>
class AsyncTileCopy {
  static constexpr int V = 16 / sizeof(T);
  static constexpr int kBRowVectors = Tile.bn / V;
  static constexpr int kARows = Tile.threads / Tile.bk;       // A rows per pass of the threads
  static constexpr int kBRows = Tile.threads / kBRowVectors;  // B rows per pass
  static constexpr int kAPasses = Tile.bm / kARows, kBPasses = Tile.bk / kBRows;
  static_assert(Tile.threads % Tile.bk == 0 && Tile.threads % kBRowVectors == 0);
  static_assert(Tile.bm % kARows == 0 && Tile.bk % kBRows == 0);

  const T* a_;               // A at the next tile's k
  const T* b_;               // the thread's first B vector of the next tile
  int a_offset_[kAPasses];   // its A elements from a_ (a row beyond m reads row m − 1)
  int b_stride_;             // elements between its B vectors
  int a_k_, b_row_;          // its k in A's tile, its first row in B's
  int a_shared_, b_shared_;  // its first element in a stage of A's and of B's tile
  int k_left_;               // k from the next tile on

 public:
  __device__ __forceinline__ AsyncTileCopy(const T* A, const T* B, Dims d, int row0, int col0,
                                           int tid)
      : a_(A),
        b_stride_(kBRows * d.n),
        a_k_(tid % Tile.bk),
        b_row_(tid / kBRowVectors),
        k_left_(d.k) {
    const int a_row = tid / Tile.bk, b_col = tid % kBRowVectors * V;
#pragma unroll
    for (int p = 0; p < kAPasses; ++p)
      a_offset_[p] = min(row0 + a_row + p * kARows, d.m - 1) * d.k + a_k_;
    b_ = B + b_row_ * d.n + (col0 + b_col < d.n ? col0 + b_col : 0);
    a_shared_ = a_k_ * A_LD + a_row;
    b_shared_ = b_row_ * Tile.bn + b_col;
  }

  // Copies the next k tile into stage (as, bs) and steps along k.
  __device__ __forceinline__ void issue(const T* A, const T* B, T* as, T* bs) {
    if (k_left_ >= Tile.bk)
      copy<false>(A, B, as, bs);
    else
      copy<true>(A, B, as, bs);
    a_ += Tile.bk;
    b_ += kBPasses * b_stride_;
    k_left_ -= Tile.bk;
  }

 private:
  // A tile past k's end (PAST_K) fills zeros beyond it, where a source may lie beyond its matrix:
  // nothing is read then, from the matrix's start.
  template <bool PAST_K>
  __device__ __forceinline__ void copy(const T* A, const T* B, T* as, T* bs) const {
    const bool k_inside = !PAST_K || a_k_ < k_left_;
#pragma unroll
    for (int p = 0; p < kAPasses; ++p)
      copy_async<sizeof(T)>(as + a_shared_ + p * kARows, k_inside ? a_ + a_offset_[p] : A,
                            k_inside ? sizeof(T) : 0);
#pragma unroll
    for (int p = 0; p < kBPasses; ++p) {
      const bool inside = !PAST_K || b_row_ + p * kBRows < k_left_;
      copy_async<16>(bs + b_shared_ + p * kBRows * Tile.bn, inside ? b_ + p * b_stride_ : B,
                     inside ? 16 : 0);
    }
  }
};

template <class T, class P, class O>
__global__ void __launch_bounds__(P::value.threads, O::value.min_blocks)
    warp_tiled_async(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  constexpr GemmTile Tile = P::value;
  constexpr GemmOptions Options = O::value;
  constexpr int S = Options.stages, A_LD = Tile.bm + Options.a_pad;
  constexpr int A_STAGE = Tile.bk * A_LD, B_STAGE = Tile.bk * Tile.bn;
  static_assert(S >= 2 && Tile.bk % 2 == 0);
  using Warp = WarpTiling<T, Tile, Options.smem_vectors>;
  T* const as = dynamic_shared<T>();  // gemm_ring_bytes: S stages of A's tile, then S of B's
  T* const bs = as + S * A_STAGE;
  const int tid = threadIdx.x;
  const Warp w(tid);
  const BlockTile block = block_tile<Options.group_rows>();
  const int row0 = block.row * Tile.bm, col0 = block.col * Tile.bn;
  const int steps = (d.k + Tile.bk - 1) / Tile.bk;
  AsyncTileCopy<T, Tile, A_LD> copy(A, B, d, row0, col0, tid);
  // Tiles 0 … S − 2 in flight, a commit group each (empty beyond k, so that the count of groups
  // says which tile has landed).
#pragma unroll
  for (int s = 0; s < S - 1; ++s) {
    if (s < steps) copy.issue(A, B, as + s * A_STAGE, bs + s * B_STAGE);
    commit_copies();
  }
  wait_copies<S - 2>();
  __syncthreads();
  typename Warp::Accumulators acc{};
  typename Warp::Fragments f[2];
  if (steps > 0) w.load(f[0], as, bs);
  int stage = 0;  // tile step's
  for (int step = 0; step < steps; ++step) {
    // Tile step + S − 1 into the stage tile step − 1 leaves: every lane had read its fragments
    // before the barrier that ended step − 1.
    const int ahead = stage == 0 ? S - 1 : stage - 1, next = stage + 1 == S ? 0 : stage + 1;
    if (step + S - 1 < steps) copy.issue(A, B, as + ahead * A_STAGE, bs + ahead * B_STAGE);
    commit_copies();
    const T* a = as + stage * A_STAGE;
    const T* b = bs + stage * B_STAGE;
#pragma unroll
    for (int l = 0; l < Tile.bk; ++l) {
      if (l + 1 < Tile.bk) {
        w.load(f[(l + 1) % 2], a + (l + 1) * A_LD, b + (l + 1) * Tile.bn);
      } else {
        // Tile step + 1 has landed (at most S − 2 younger groups in flight), for every thread
        // once past the barrier, which also ends every lane's reads of this stage.
        wait_copies<S - 2>();
        __syncthreads();
        if (step + 1 < steps) w.load(f[0], as + next * A_STAGE, bs + next * B_STAGE);
      }
      Warp::multiply(acc, f[l % 2]);
    }
    stage = next;
  }
  w.store(X, d, row0, col0, acc);
}

}  // namespace kernels::cuda::gemm_device
