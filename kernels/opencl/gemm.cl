// The GEMM ladder, X = A·B row-major (A m×k, B k×n, X m×n), built with -DREAL=float|double and
// the shape defines of the kernel it is for. Every kernel takes any m, n, k ≥ 1: edge work-items
// read clamped or zero-filled values and store nothing outside X.

// One entry per work-item: dimension 0 runs along X's row, so that neighbouring work-items read
// neighbouring entries of B's row (coalesced) and the same entry of A (a broadcast).
__kernel void gemm_naive(__global const REAL* restrict a, __global const REAL* restrict b,
                         __global REAL* restrict x, uint m, uint n, uint k) {
  const size_t j = get_global_id(0), i = get_global_id(1);
  if (i >= m || j >= n) return;
  REAL sum = 0;
  for (uint l = 0; l < k; ++l) sum += a[i * k + l] * b[(size_t)l * n + j];
  x[i * n + j] = sum;
}

// The naive kernel reading bt, B transposed (n × k): each dot runs along a row of A and a row of
// bt, the CPU's cache-friendly order; neighbouring work-items then read bt k apart.
__kernel void gemm_naive_transposed_b(__global const REAL* restrict a,
                                      __global const REAL* restrict bt, __global REAL* restrict x,
                                      uint m, uint n, uint k) {
  const size_t j = get_global_id(0), i = get_global_id(1);
  if (i >= m || j >= n) return;
  REAL sum = 0;
  for (uint l = 0; l < k; ++l) sum += a[i * k + l] * bt[j * k + l];
  x[i * n + j] = sum;
}

#ifdef TILE
// The CUDA samples' matrixMul: a TILE×TILE work-group stages a TILE×TILE tile of A and of B in
// local memory per step of TILE along k, and each work-item accumulates its entry from them.
// Tiles past an edge are zero-filled, which adds nothing.
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void gemm_tiled(
    __global const REAL* restrict a, __global const REAL* restrict b, __global REAL* restrict x,
    uint m, uint n, uint k) {
  __local REAL as[TILE][TILE], bs[TILE][TILE];
  const int tx = get_local_id(0), ty = get_local_id(1);
  const size_t j = get_global_id(0), i = get_global_id(1);
  REAL sum = 0;
  for (uint l0 = 0; l0 < k; l0 += TILE) {
    as[ty][tx] = i < m && l0 + tx < k ? a[i * k + l0 + tx] : 0;
    bs[ty][tx] = l0 + ty < k && j < n ? b[(size_t)(l0 + ty) * n + j] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int l = 0; l < TILE; ++l) sum += as[ty][l] * bs[l][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < m && j < n) x[i * n + j] = sum;
}
#endif

#ifdef RM
// RM×RN entries per work-item in registers, no local memory: per step along k, RM values of A
// (its rows) and RN of B (its columns) feed RM·RN multiply-adds. A GX×GY work-group covers
// GY·RM rows × GX·RN columns of X; a work-item's rows are adjacent and its columns GX apart, so
// that neighbouring work-items read neighbouring entries of B. Reads past an edge are clamped to
// the last row or column (their sums are not stored).
__kernel __attribute__((reqd_work_group_size(GX, GY, 1))) void gemm_register(
    __global const REAL* restrict a, __global const REAL* restrict b, __global REAL* restrict x,
    uint m, uint n, uint k) {
  const size_t col0 = get_group_id(0) * (GX * RN) + get_local_id(0);
  const size_t row0 = (get_group_id(1) * GY + get_local_id(1)) * RM;
  __global const REAL* arow[RM];
  size_t bcol[RN];
  for (int r = 0; r < RM; ++r) arow[r] = a + min(row0 + r, (size_t)m - 1) * k;
  for (int c = 0; c < RN; ++c) bcol[c] = min(col0 + c * GX, (size_t)n - 1);
  REAL acc[RM][RN];
  for (int r = 0; r < RM; ++r)
    for (int c = 0; c < RN; ++c) acc[r][c] = 0;
  for (uint l = 0; l < k; ++l) {
    __global const REAL* brow = b + (size_t)l * n;
    REAL av[RM], bv[RN];
    for (int r = 0; r < RM; ++r) av[r] = arow[r][l];
    for (int c = 0; c < RN; ++c) bv[c] = brow[bcol[c]];
    for (int r = 0; r < RM; ++r)
      for (int c = 0; c < RN; ++c) acc[r][c] += av[r] * bv[c];
  }
  for (int r = 0; r < RM; ++r)
    for (int c = 0; c < RN; ++c)
      if (row0 + r < m && col0 + c * GX < n) x[(row0 + r) * n + col0 + c * GX] = acc[r][c];
}
#endif

#ifdef BM
// 2D block tiling: a work-group of (BN/TN) × (BM/TM) work-items stages a BM×BK block of A
// (transposed, so that a work-item's TM values of a column are adjacent) and a BK×BN block of B
// in local memory per step of BK along k, and each work-item accumulates TM×TN entries in
// registers from them: TM + TN local reads feed TM·TN multiply-adds. A work-item's rows are
// adjacent, its columns BN/TN apart (neighbouring work-items read neighbouring local words and
// store neighbouring entries). Blocks past an edge are zero-filled.
#define GX (BN / TN)
#define GY (BM / TM)
__kernel __attribute__((reqd_work_group_size(GX, GY, 1))) void gemm_block(
    __global const REAL* restrict a, __global const REAL* restrict b, __global REAL* restrict x,
    uint m, uint n, uint k) {
  __local REAL as[BK][BM], bs[BK][BN];
  const int tx = get_local_id(0), ty = get_local_id(1), id = ty * GX + tx;
  const size_t brow = get_group_id(1) * BM, bcol = get_group_id(0) * BN;
  REAL acc[TM][TN];
  for (int r = 0; r < TM; ++r)
    for (int c = 0; c < TN; ++c) acc[r][c] = 0;
  for (uint l0 = 0; l0 < k; l0 += BK) {
    for (int e = id; e < BM * BK; e += GX * GY) {
      const int r = e / BK, l = e % BK;
      as[l][r] = brow + r < m && l0 + l < k ? a[(brow + r) * k + l0 + l] : 0;
    }
    for (int e = id; e < BK * BN; e += GX * GY) {
      const int l = e / BN, c = e % BN;
      bs[l][c] = l0 + l < k && bcol + c < n ? b[(size_t)(l0 + l) * n + bcol + c] : 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int l = 0; l < BK; ++l) {
      REAL av[TM], bv[TN];
      for (int r = 0; r < TM; ++r) av[r] = as[l][ty * TM + r];
      for (int c = 0; c < TN; ++c) bv[c] = bs[l][tx + c * GX];
      for (int r = 0; r < TM; ++r)
        for (int c = 0; c < TN; ++c) acc[r][c] += av[r] * bv[c];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int r = 0; r < TM; ++r)
    for (int c = 0; c < TN; ++c) {
      const size_t i = brow + ty * TM + r, j = bcol + tx + c * GX;
      if (i < m && j < n) x[i * n + j] = acc[r][c];
    }
}
#endif

#ifdef WM
// Warp tiling, double-buffered (the CUDA ladder's warp_tiled, kernels/cuda/gemm_tile.cuh): a
// work-group of THREADS = (BM/WM)·(BN/WN)·32 work-items computes X's BM×BN block; each run of
// 32 work-items (a warp on NVIDIA) a WM×WN tile of it, as WMI×WNI sub-tiles in each of which a
// work-item holds TM×TN entries, so that a work-item's (WMI·TM)×(WNI·TN) accumulators take
// WMI + WNI fragments per k. Per step of BK along k, the next k tile's global loads (W-wide
// vectors along rows, W = 1 for rows off 16 bytes) sit in registers while the current tile is
// multiplied from local memory, then go to the other of two local buffers: one barrier per
// step. A is stored transposed, with APAD elements after each k row to spread a warp's
// transposing stores over the banks, so that a fragment is LW adjacent elements read as one
// 16-byte vector (through an aligned vector pointer, which NVIDIA's compiler does not split). GROUP > 0
// walks the blocks in groups of GROUP block rows column by column, so that the blocks resident
// at once share a few panels of A and B in L2. Past k's end the loads read zeros; rows of A
// past m and columns of B past n read row m − 1 and column 0: they reach only entries of X that
// are not stored.
#define THREADS ((BM / WM) * (BN / WN) * 32)
#define WMI (WM * WN / (32 * TM * TN * WNI))
#define SUB_M (WM / WMI)
#define SUB_N (WN / WNI)
#define LANE_COLS (SUB_N / TN)
#define A_LD (BM + APAD)
#define A_ROW_VECTORS (BK / W)  // vectors per row of A's tile, of B's
#define B_ROW_VECTORS (BN / W)
#define A_LOADS (BM * BK / (W * THREADS))  // vectors per work-item per tile
#define B_LOADS (BK * BN / (W * THREADS))
typedef CAT(REAL, LW) LV;
typedef union {
  V v;
  REAL e[W];
} Loaded;
typedef union {
  LV v;
  REAL e[LW];
} Fragment;

// Which block of X this work-group computes, as (block row, block column).
int2 block_of_group(void) {
  const int cols = get_num_groups(0), id = get_group_id(1) * cols + get_group_id(0);
#if GROUP > 0
  const int first = id / (GROUP * cols) * GROUP;
  const int height = min(GROUP, (int)get_num_groups(1) - first);
  const int in = id - first * cols;
  return (int2)(first + in % height, in / height);
#else
  return (int2)(get_group_id(1), get_group_id(0));
#endif
}

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1))) void gemm_warp(
    __global const REAL* restrict a, __global const REAL* restrict b, __global REAL* restrict x,
    uint m, uint n, uint k) {
  // As LV vectors, so that the fragments' 16-byte reads are aligned.
  __local LV a_tiles[2 * BK * A_LD / LW], b_tiles[2 * BK * BN / LW];
  __local REAL* const as = (__local REAL*)a_tiles;
  __local REAL* const bs = (__local REAL*)b_tiles;
  const int tid = get_local_id(0), warp = tid / 32, lane = tid % 32;
  const int2 block = block_of_group();
  const uint row0 = block.x * BM, col0 = block.y * BN;
  // This work-item's loads: pointers that step along k, and where each lands in a tile.
  __global const REAL* ap[A_LOADS];
  __global const REAL* bp[B_LOADS];
  int a_k[A_LOADS], b_k[B_LOADS], a_at[A_LOADS], b_at[B_LOADS];
#pragma unroll
  for (int i = 0; i < A_LOADS; ++i) {
    const int index = tid + i * THREADS, r = index / A_ROW_VECTORS;
    a_k[i] = index % A_ROW_VECTORS * W;
    a_at[i] = a_k[i] * A_LD + r;
    ap[i] = a + (size_t)min(row0 + r, m - 1) * k + a_k[i];
  }
#pragma unroll
  for (int i = 0; i < B_LOADS; ++i) {
    const int index = tid + i * THREADS, c = index % B_ROW_VECTORS * W;
    b_k[i] = index / B_ROW_VECTORS;
    b_at[i] = b_k[i] * BN + c;
    bp[i] = b + (size_t)b_k[i] * n + (col0 + c < n ? col0 + c : 0);
  }
  const size_t b_step = (size_t)BK * n;
  Loaded ra[A_LOADS], rb[B_LOADS];
  // The tile at k0 into ra, rb (zeros past k's end, which n and k multiples of W keep whole).
#define FETCH(k0)                                                               \
  _Pragma("unroll") for (int i = 0; i < A_LOADS; ++i) {                         \
    if ((k0) + a_k[i] < k)                                                      \
      ra[i].v = LOADV(0, ap[i]);                                                \
    else                                                                        \
      ra[i].v = (V)(0);                                                         \
    ap[i] += BK;                                                                \
  }                                                                             \
  _Pragma("unroll") for (int i = 0; i < B_LOADS; ++i) {                         \
    if ((k0) + b_k[i] < k)                                                      \
      rb[i].v = LOADV(0, bp[i]);                                                \
    else                                                                        \
      rb[i].v = (V)(0);                                                         \
    bp[i] += b_step;                                                            \
  }
  // ra, rb into buffer `buf`: A transposed element by element, B as it is.
#define STASH(buf)                                                              \
  _Pragma("unroll") for (int i = 0; i < A_LOADS; ++i)                           \
    _Pragma("unroll") for (int e = 0; e < W; ++e)                               \
      as[(buf) * BK * A_LD + a_at[i] + e * A_LD] = ra[i].e[e];                  \
  _Pragma("unroll") for (int i = 0; i < B_LOADS; ++i)                           \
    *(__local V*)(bs + (buf) * BK * BN + b_at[i]) = rb[i].v;

  // The work-item's first entry in the block, and its accumulators.
  const int row = warp / (BN / WN) * WM + lane / LANE_COLS * TM;
  const int col = warp % (BN / WN) * WN + lane % LANE_COLS * TN;
  REAL acc[WMI][WNI][TM][TN];
#pragma unroll
  for (int wi = 0; wi < WMI; ++wi)
#pragma unroll
    for (int wj = 0; wj < WNI; ++wj)
#pragma unroll
      for (int r = 0; r < TM; ++r)
#pragma unroll
        for (int c = 0; c < TN; ++c) acc[wi][wj][r][c] = 0;

  const uint steps = (k + BK - 1) / BK;
  FETCH(0)
  STASH(0)
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint step = 0; step < steps; ++step) {
    const int buf = step & 1;
    if (step + 1 < steps) {
      FETCH((step + 1) * BK)
    }
    __local const REAL* at = as + buf * BK * A_LD + row;
    __local const REAL* bt = bs + buf * BK * BN + col;
#pragma unroll
    for (int l = 0; l < BK; ++l) {
      Fragment fa[WMI][TM / LW], fb[WNI][TN / LW];
#pragma unroll
      for (int wi = 0; wi < WMI; ++wi)
#pragma unroll
        for (int v = 0; v < TM / LW; ++v)
          fa[wi][v].v = *(__local const LV*)(at + l * A_LD + wi * SUB_M + v * LW);
#pragma unroll
      for (int wj = 0; wj < WNI; ++wj)
#pragma unroll
        for (int v = 0; v < TN / LW; ++v)
          fb[wj][v].v = *(__local const LV*)(bt + l * BN + wj * SUB_N + v * LW);
#pragma unroll
      for (int wi = 0; wi < WMI; ++wi)
#pragma unroll
        for (int wj = 0; wj < WNI; ++wj)
#pragma unroll
          for (int r = 0; r < TM; ++r)
#pragma unroll
            for (int c = 0; c < TN; ++c)
              acc[wi][wj][r][c] =
                  fma(fa[wi][r / LW].e[r % LW], fb[wj][c / LW].e[c % LW], acc[wi][wj][r][c]);
    }
    if (step + 1 < steps) {
      STASH(buf ^ 1)
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#undef FETCH
#undef STASH

  // What lies inside X, W entries at a time (each vector wholly inside or outside it).
#pragma unroll
  for (int wi = 0; wi < WMI; ++wi)
#pragma unroll
    for (int wj = 0; wj < WNI; ++wj)
#pragma unroll
      for (int r = 0; r < TM; ++r)
#pragma unroll
        for (int c = 0; c < TN; c += W) {
          const uint i = row0 + row + wi * SUB_M + r, j = col0 + col + wj * SUB_N + c;
          Loaded out;
#pragma unroll
          for (int e = 0; e < W; ++e) out.e[e] = acc[wi][wj][r][c + e];
          if (i < m && j < n) STOREV(out.v, 0, x + (size_t)i * n + j);
        }
}
#endif
