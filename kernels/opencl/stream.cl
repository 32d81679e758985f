// The STREAM operations (kernels/stream.hpp) over n elements of REAL, each work-item taking W
// consecutive elements as one vector (W = 1, 2, 4, 8, 16). Built with -DREAL=float|double -DW=w.
// n need not be a multiple of W: the work-item just past the last whole vector does the tail.
// V, LOADV and STOREV come from the prelude, kernels/opencl/vectors.cl.

// Element-wise operations, given as E(in1, in2, out, s) of vectors or scalars; an argument an
// operation does not use is never loaded (its buffer may be absent).
#define WRITE(a, b, o, s) (s)
#define COPY(a, b, o, s) (a)
#define SCALE(a, b, o, s) ((s) * (a))
#define ADD(a, b, o, s) ((a) + (b))
#define TRIAD(a, b, o, s) ((a) + (s) * (b))
#define DAXPY(a, b, o, s) ((o) + (s) * (a))

// `passes` passes over the arrays per launch (a cache-resident working set needs many for a launch to
// last long enough to time). Pass p shifts which vector a work-item takes by p work-groups, so no
// compiler can fold the passes into one; in-place daxpy alternates s and -s between passes
// (kernels/stream.hpp, stream_pass_scalar), both from the host: negating on the device would be an
// extra floating-point operation per work-item. One pass is the textbook operation.
#define ELEMENTWISE(name, E)                                                                  \
  kernel void stream_##name(global REAL* restrict out, global const REAL* restrict in1,       \
                            global const REAL* restrict in2, const REAL s_even,               \
                            const REAL s_odd, const ulong n, const uint passes) {             \
    const size_t vectors = n / W, shift = get_local_size(0) % max(vectors, (size_t)1);        \
    size_t i = get_global_id(0);                                                              \
    for (uint p = 0; p < passes; ++p) {                                                       \
      const REAL sp = (p & 1) ? s_odd : s_even;                                               \
      if (i < vectors) {                                                                      \
        STOREV((V)(E(LOADV(i, in1), LOADV(i, in2), LOADV(i, out), sp)), i, out);              \
        i += shift;                                                                           \
        if (i >= vectors) i -= vectors;                                                       \
      } else if (i == vectors) {                                                              \
        for (size_t j = i * W; j < n; ++j) out[j] = E(in1[j], in2[j], out[j], sp);            \
      }                                                                                       \
    }                                                                                         \
  }

ELEMENTWISE(write, WRITE)
ELEMENTWISE(copy, COPY)
ELEMENTWISE(scale, SCALE)
ELEMENTWISE(add, ADD)
ELEMENTWISE(triad, TRIAD)
ELEMENTWISE(daxpy, DAXPY)

#define READ_TERM(a, b) (a)
#define DOT_TERM(a, b) ((a) * (b))

// Reductions: a work-group sums a block of ITEMS × its size vectors, work-item l the vectors
// l, l + size, l + 2·size, … of it (coalesced on a GPU; on a CPU the block stays in cache while
// one work-item after the other reads it); the work-group adds its sums in local memory (its size
// a power of two) and writes one partial sum; the host adds the partials. With several passes,
// work-group g sums block g + p (mod the blocks) in pass p, and the partials add up to passes × the
// sum.
#define REDUCTION(name, TERM)                                                                   \
  kernel void stream_##name(global REAL* restrict partial, global const REAL* restrict in1,     \
                            global const REAL* restrict in2, local REAL* scratch,               \
                            const ulong n, const uint items, const uint passes) {               \
    const size_t lid = get_local_id(0), size = get_local_size(0);                               \
    const size_t groups = get_num_groups(0);                                                    \
    size_t group = get_group_id(0);                                                             \
    V acc = (V)(0);                                                                             \
    for (uint p = 0; p < passes; ++p) {                                                         \
      const size_t first = group * size * items + lid;                                          \
      for (uint j = 0; j < items; ++j) {                                                        \
        const size_t i = first + j * size;                                                      \
        if ((i + 1) * W <= n) acc += TERM(LOADV(i, in1), LOADV(i, in2));                        \
      }                                                                                         \
      if (++group == groups) group = 0;                                                         \
    }                                                                                           \
    REAL lanes[W];                                                                              \
    STOREV(acc, 0, lanes);                                                                      \
    REAL sum = 0;                                                                               \
    for (int k = 0; k < W; ++k) sum += lanes[k];                                                \
    if (get_global_id(0) == 0)                                                                  \
      for (uint p = 0; p < passes; ++p)                                                         \
        for (size_t j = n / W * W; j < n; ++j) sum += TERM(in1[j], in2[j]);                     \
    scratch[lid] = sum;                                                                         \
    for (size_t stride = size / 2; stride > 0; stride /= 2) {                                   \
      barrier(CLK_LOCAL_MEM_FENCE);                                                             \
      if (lid < stride) scratch[lid] += scratch[lid + stride];                                  \
    }                                                                                           \
    if (lid == 0) partial[get_group_id(0)] = scratch[0];                                        \
  }

REDUCTION(read, READ_TERM)
REDUCTION(dot, DOT_TERM)
