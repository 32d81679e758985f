// The STREAM operations (kernels/stream.hpp) over n elements of REAL, each work-item taking W
// consecutive elements as one vector (W = 1, 2, 4, 8, 16). Built with -DREAL=float|double -DW=w
// -DLAYOUT=0|1|2 (strided, blocked, grid stride). n need not be a multiple of W: work-item 0 also
// does the tail after the last whole vector, element by element. V, LOADV and STOREV come from the
// prelude, kernels/opencl/vectors.cl.

// Work-item l of work-group b takes `items` vectors from FIRST on, STEP apart. Strided (the GPU
// way): a work-group takes a block of `items` × its size vectors, the vectors l, l + size, … of
// it, so that neighbours load neighbours. Blocked (the CPU way, where a device runs a work-group's
// work-items one after the other on one thread): `items` consecutive vectors, a run its thread
// streams through. Grid stride (CUDA's grid_stride_v16 shape): a grid of a few waves, each
// work-item taking every vector a whole grid apart from b·size + l on, to the end of the arrays.
#if LAYOUT == 1
#define FIRST(b, l, size, items) (((b) * (size) + (l)) * (items))
#define STEP(size) 1
#elif LAYOUT == 2
#define FIRST(b, l, size, items) ((b) * (size) + (l))
#define STEP(size) ((size) * get_num_groups(0))
#else
#define FIRST(b, l, size, items) ((b) * (size) * (items) + (l))
#define STEP(size) (size)
#endif
// Element-wise operations, given as E(in1, in2, out, s) of vectors or scalars; an argument an
// operation does not use is never loaded (its buffer may be absent).
#define WRITE(a, b, o, s) (s)
#define COPY(a, b, o, s) (a)
#define SCALE(a, b, o, s) ((s) * (a))
#define ADD(a, b, o, s) ((a) + (b))
#define TRIAD(a, b, o, s) ((a) + (s) * (b))
#define DAXPY(a, b, o, s) ((o) + (s) * (a))

// `passes` passes over the arrays per launch (a cache-resident working set needs many for a
// launch to last long enough to time). In pass p work-group g takes block g + p·SHIFT (mod the
// blocks). Beyond a GPU's L2 the shift is the blocks over the passes, so a work-group's next block
// was read long ago, not just now by its neighbour (a shift of one block served that from L2: an
// H100's triad in 256 MiB over two passes ran at 4.3 TB/s, above its HBM's 3.35). Inside the L2
// (-DL2_ONLY=1, the GPU probe's L2 side) each line must be read once a pass by one reader, as the
// CUDA probe reads it (each thread its own vectors every pass, through ld.global.cg): a shift hands
// a block to another work-group each pass, and as work-groups drift apart, two of them read one
// block at about the same time, which the L2 serves to both with one lookup (NVIDIA's OpenCL read
// 8.2-11 TB/s in an H100's L2 so, CUDA's one-reader kernels 7.6; 2026-11-26). So there the
// shift is 0, every work-group keeps its block, and the loads are volatile, which NVIDIA's
// compiler serves from the L2, not L1 (checked against CUDA's ceilings in the same run:
// docs/performance.md). In-place daxpy alternates s and -s between passes (kernels/stream.hpp,
// stream_pass_scalar), both from the host: negating on the device would be an extra
// floating-point operation per work-item. One pass is the textbook operation. A work-item's run
// ends at the last whole vector: one bound per run, not a check per vector (which cost PoCL a
// third of its read rate).
//
// The L2-only loads: volatile (any compiler), or on NVIDIA's OpenCL (-DCG_LOADS=1 -DVBYTES=bytes
// of V, host-gated as NV_PTX_WARPS is, common.cl) inline PTX ld.global.cg, CUDA's probe's weak
// L2-only load: volatile ones (PTX ld.volatile, strong loads) held copy, triad and daxpy 10-18%
// below it in an H100's L2 (2026-11-27, docs/performance.md). `asm volatile` keeps the compiler
// from moving a pass's loads out of the pass loop (they read the same addresses every pass).
// BATCH vectors (a step apart) are loaded and computed before the first is stored, as CUDA's
// kernel does with its Items: the loads of one batch are in flight together.
#ifndef BATCH
#define BATCH 1
#endif
#if L2_ONLY && CG_LOADS
V load_cg(global const V* p) {
#if VBYTES >= 16
  union {
    V v;
    uint4 q[VBYTES / 16];
  } u;
  global const uint4* q = (global const uint4*)p;
#pragma unroll
  for (int k = 0; k < VBYTES / 16; ++k)
    asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(u.q[k].x), "=r"(u.q[k].y), "=r"(u.q[k].z), "=r"(u.q[k].w)
                 : "l"(q + k));
#elif VBYTES == 8
  union {
    V v;
    uint2 q;
  } u;
  asm volatile("ld.global.cg.v2.u32 {%0, %1}, [%2];" : "=r"(u.q.x), "=r"(u.q.y) : "l"(p));
#else
  union {
    V v;
    uint q;
  } u;
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(u.q) : "l"(p));
#endif
  return u.v;
}
#endif
#if L2_ONLY
#define SHIFT(blocks, passes) ((size_t)0)
#if CG_LOADS
#define LOADS(i, p) load_cg((global const V*)(p) + (i))
#else
#define LOADS(i, p) (((volatile global const V*)(p))[i])
#endif
#else
#define SHIFT(blocks, passes) max((blocks) / (passes), (size_t)1)
#define LOADS(i, p) LOADV(i, p)
#endif
#define ELEMENTWISE(name, E)                                                                   \
  kernel void stream_##name(global REAL* restrict out, global const REAL* restrict in1,        \
                            global const REAL* restrict in2, const REAL s_even,                \
                            const REAL s_odd, const ulong n, const uint items,                 \
                            const uint passes) {                                               \
    const size_t lid = get_local_id(0), size = get_local_size(0), step = STEP(size);           \
    const size_t blocks = get_num_groups(0), vectors = n / W;                                  \
    const size_t shift = SHIFT(blocks, passes);                                                \
    size_t block = get_group_id(0);                                                            \
    for (uint p = 0; p < passes; ++p) {                                                        \
      const REAL sp = (p & 1) ? s_odd : s_even;                                                \
      const size_t first = FIRST(block, lid, size, items);                                     \
      const size_t end = min(first + items * step, vectors);                                   \
      for (size_t i0 = first; i0 < end; i0 += BATCH * step) {                                  \
        V r[BATCH];                                                                            \
        for (int k = 0; k < BATCH; ++k) {                                                      \
          const size_t i = i0 + k * step;                                                      \
          if (i < end) r[k] = (V)(E(LOADS(i, in1), LOADS(i, in2), LOADS(i, out), sp));         \
        }                                                                                      \
        for (int k = 0; k < BATCH; ++k)                                                        \
          if (i0 + k * step < end) STOREV(r[k], i0 + k * step, out);                           \
      }                                                                                        \
      if (get_global_id(0) == 0)                                                               \
        for (size_t k = vectors * W; k < n; ++k) out[k] = E(in1[k], in2[k], out[k], sp);       \
      block += shift;                                                                          \
      if (block >= blocks) block -= blocks;                                                    \
    }                                                                                          \
  }

ELEMENTWISE(write, WRITE)
ELEMENTWISE(copy, COPY)
ELEMENTWISE(scale, SCALE)
ELEMENTWISE(add, ADD)
ELEMENTWISE(triad, TRIAD)
ELEMENTWISE(daxpy, DAXPY)

WORK_GROUP_COLLECTIVES(REAL)

#define READ_TERM(a, b) (a)
#define DOT_TERM(a, b) ((a) * (b))

// Reductions: a work-group sums its block and writes one partial sum: each work-item its vectors,
// then the work-group adds their sums in local memory (group_sum_REAL of common.cl; its size a
// power of two); the host adds the partials. With several passes, work-group g sums block
// g + p·shift in pass p as above, and the partials add up to passes × the sum; work-item 0 adds
// the tail once per pass. The run is counted in 32 bits here: NVIDIA's L2 read lost a tenth with
// the element-wise kernels' 64-bit index, and their triad 4–9% with this count (H100, OpenCL
// probe).
#define REDUCTION(name, TERM)                                                                   \
  kernel void stream_##name(global REAL* restrict partial, global const REAL* restrict in1,     \
                            global const REAL* restrict in2, local REAL* scratch,               \
                            const ulong n, const uint items, const uint passes) {               \
    const size_t lid = get_local_id(0), size = get_local_size(0), step = STEP(size);            \
    const size_t blocks = get_num_groups(0), vectors = n / W;                                   \
    const size_t shift = SHIFT(blocks, passes);                                                 \
    size_t block = get_group_id(0);                                                             \
    V acc = (V)(0);                                                                             \
    for (uint p = 0; p < passes; ++p) {                                                         \
      const size_t first = FIRST(block, lid, size, items);                                      \
      const uint run =                                                                          \
          first < vectors ? min((size_t)items, (vectors - first + step - 1) / step) : 0;        \
      for (uint j = 0; j < run; ++j) {                                                          \
        const size_t i = first + j * step;                                                      \
        acc += TERM(LOADS(i, in1), LOADS(i, in2));                                              \
      }                                                                                         \
      block += shift;                                                                           \
      if (block >= blocks) block -= blocks;                                                     \
    }                                                                                           \
    const union {                                                                               \
      V vector;                                                                                 \
      REAL lane[W];                                                                             \
    } lanes = {acc};                                                                            \
    REAL sum = 0;                                                                               \
    for (int k = 0; k < W; ++k) sum += lanes.lane[k];                                           \
    if (get_global_id(0) == 0)                                                                  \
      for (uint p = 0; p < passes; ++p)                                                         \
        for (size_t k = vectors * W; k < n; ++k) sum += TERM(in1[k], in2[k]);                   \
    sum = group_sum_REAL(sum, scratch, size);                                                   \
    if (lid == 0) partial[get_group_id(0)] = sum;                                               \
  }

REDUCTION(read, READ_TERM)
REDUCTION(dot, DOT_TERM)
