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
