// Nested SAXPY (kernels/nested_saxpy.hpp): per element, t = x; M times t = a·t + y; y = t.
// Built with -DREAL=float|double -DM=m -DW=w -DE=e -DU=u: the depth is a compile-time constant
// and its loop unrolled u times (as CUDA's kernel, by 32: a step is only W × E FMAs, and the loop's
// counter and branch would take a share of the issue slots at large m), and
// every work-item runs E independent chains of W-wide vectors (instruction-level parallelism for
// devices, such as CPUs, that run one work-item's chain after another). The arrays are blocks of
// E × the group's size vectors, chain e of work-item l taking vector l + e·size of a block; a
// work-group takes block g, then every block a grid further: one block each in a grid that
// covers the arrays, several in a grid of a few waves (a grid stride, as CUDA's kernel).
// V, LOADV and STOREV come from the prelude, kernels/opencl/vectors.cl.

#define PRAGMA(text) _Pragma(#text)
#define UNROLL_BY(u) PRAGMA(unroll u)

// The block whose chain 0 of this work-item is vector `first`.
void nested_saxpy_block(global REAL* restrict y, global const REAL* restrict x, const REAL a,
                        const ulong n, const size_t first, const size_t size) {
  if ((first + (E - 1) * size + 1) * W <= n) {
    V t[E], yv[E];
#pragma unroll
    for (int e = 0; e < E; ++e) {
      yv[e] = LOADV(first + e * size, y);
      t[e] = LOADV(first + e * size, x);
    }
    const V va = (V)(a);
    UNROLL_BY(U)
    for (int k = 0; k < M; ++k) {
#pragma unroll
      for (int e = 0; e < E; ++e) t[e] = fma(va, t[e], yv[e]);
    }
#pragma unroll
    for (int e = 0; e < E; ++e) STOREV(t[e], first + e * size, y);
    return;
  }
  // The last work-items: element by element, up to n.
  for (int e = 0; e < E; ++e) {
    const size_t end = min((first + e * size + 1) * W, (size_t)n);
    for (size_t j = (first + e * size) * W; j < end; ++j) {
      const REAL yj = y[j];
      REAL t = x[j];
      for (int k = 0; k < M; ++k) t = fma(a, t, yj);
      y[j] = t;
    }
  }
}

kernel void nested_saxpy(global REAL* restrict y, global const REAL* restrict x, const REAL a,
                         const ulong n) {
  const size_t size = get_local_size(0), block = size * E;
  const size_t blocks = (n + block * W - 1) / (block * W);
  for (size_t b = get_group_id(0); b < blocks; b += get_num_groups(0))
    nested_saxpy_block(y, x, a, n, b * block + get_local_id(0), size);
}
