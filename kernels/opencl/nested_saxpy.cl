// Nested SAXPY (kernels/nested_saxpy.hpp): per element, t = x; M times t = a·t + y; y = t.
// Built with -DREAL=float|double -DM=m -DW=w -DE=e -DU=u -DP=0|1: the depth is a compile-time
// constant and its loop unrolled u times (as CUDA's kernel, by 32: a step is only W × E FMAs, and
// the loop's counter and branch would take a share of the issue slots at large m), and every
// work-item runs E independent chains of W-wide vectors (instruction-level parallelism for
// devices, such as CPUs, that run one work-item's chain after another). The arrays are blocks of
// E × the group's size vectors, chain e of work-item l taking vector l + e·size of a block; a
// work-group takes block g, then every block a grid further: one block each in a grid that
// covers the arrays, several in a grid of a few waves (a grid stride, as CUDA's kernel), the next
// one loaded while the current one computes with P = 1.
// V, LOADV and STOREV come from the prelude, kernels/opencl/vectors.cl.

#define PRAGMA(text) _Pragma(#text)
#define UNROLL_BY(u) PRAGMA(unroll u)

// Whether the block whose chain 0 of this work-item is vector `first` holds all its E vectors.
bool whole_block(const ulong n, const size_t first, const size_t size) {
  return (first + (E - 1) * size + 1) * W <= n;
}

void load_block(V* t, V* yv, global const REAL* restrict y, global const REAL* restrict x,
                const size_t first, const size_t size) {
#pragma unroll
  for (int e = 0; e < E; ++e) {
    yv[e] = LOADV(first + e * size, y);
    t[e] = LOADV(first + e * size, x);
  }
}

// M steps of t = a·t + y0 on the E chains, then y = t.
void nest_and_store(V* t, const V* yv, global REAL* restrict y, const REAL a, const size_t first,
                    const size_t size) {
  const V va = (V)(a);
  UNROLL_BY(U)
  for (int k = 0; k < M; ++k) {
#pragma unroll
    for (int e = 0; e < E; ++e) t[e] = fma(va, t[e], yv[e]);
  }
#pragma unroll
  for (int e = 0; e < E; ++e) STOREV(t[e], first + e * size, y);
}

// The last work-items: element by element, up to n.
void nested_saxpy_tail(global REAL* restrict y, global const REAL* restrict x, const REAL a,
                       const ulong n, const size_t first, const size_t size) {
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

// With -DP=1 (prefetch) a work-group striding over several blocks loads its next block before it
// computes the current one, so each work-item has loads in flight while its FMA chains run: near
// the ridge the memory and the FMA pipes are both needed at once.
kernel void nested_saxpy(global REAL* restrict y, global const REAL* restrict x, const REAL a,
                         const ulong n) {
  const size_t size = get_local_size(0), block = size * E, step = get_num_groups(0) * block;
  const size_t blocks = (n + block * W - 1) / (block * W);
  size_t first = get_group_id(0) * block + get_local_id(0);
  const size_t end = blocks * block;
  V t[E], yv[E];
  if (P && first < end && whole_block(n, first, size)) load_block(t, yv, y, x, first, size);
  for (; first < end; first += step) {
    if (!whole_block(n, first, size)) {
      nested_saxpy_tail(y, x, a, n, first, size);
      continue;
    }
    if (!P) {
      load_block(t, yv, y, x, first, size);
      nest_and_store(t, yv, y, a, first, size);
      continue;
    }
    // t and yv hold this block (whole blocks come first for every work-item).
    V next_t[E], next_yv[E];
    const bool next = first + step < end && whole_block(n, first + step, size);
    if (next) load_block(next_t, next_yv, y, x, first + step, size);
    nest_and_store(t, yv, y, a, first, size);
    if (next) {
#pragma unroll
      for (int e = 0; e < E; ++e) {
        t[e] = next_t[e];
        yv[e] = next_yv[e];
      }
    }
  }
}
