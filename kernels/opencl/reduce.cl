// The reduce ladder (kernels/opencl/reduce_plan.hpp): one kernel whose parameters are macros.
//   REAL, W     element type and elements per load (V, the W-wide vector, from vectors.cl)
//   ACC         what it combines in: REAL, or uint for an int sum or dot (its wrap-around modulo
//               2^32 is defined)
//   GROUP       work-items per work-group (required at launch)
//   LOADS       loads per work-item and tile, all issued before any is combined
//   STRIPED     1: load i of work-item t is vector i·GROUP + t of the tile; 0: t·LOADS + i
//   OP          0: Σ x[i]; 1: Σ x[i]·y[i]; 2: max x[i]
//   IDENTITY    the operation's identity: 0, or the lowest finite REAL for max
//   BLOCK       0: local-memory tree; 1: sub-groups' reduce built-ins; 2: raking
//   CHECKED     0: full tiles load unchecked, the rest one per work-item; 1: every load is
//               compared with n (the last tile may be partial)
//   PASSES      0: two passes (partials); 1: one pass, atomic; 2: one pass, last-block detection
//   ATOMIC      for PASSES 1: 0 atomic_add (uint) or atomic_max (int), 1 cl_ext_float_atomics'
//               add, 2 exchanges of the BITS (uint or ulong) with XCHG (atomic_xchg or atom_xchg)
#if PASSES == 1 && ATOMIC == 2 && defined(cl_khr_int64_base_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#endif

#if W == 1
#define ACCV ACC
#define TO_ACC(v) ((ACC)(v))
#else
#define ACCV CAT(ACC, W)
#define TO_ACC(v) CAT(convert_, ACCV)(v)
#endif

#if OP == 1
#define TERM(a, b) (TO_ACC(a) * TO_ACC(b))
#define TERM1(a, b) ((ACC)(a) * (ACC)(b))
#else
#define TERM(a, b) TO_ACC(a)
#define TERM1(a, b) ((ACC)(a))
#endif

#if OP == 2
#define COMBINE(a, b) max(a, b)
#define SUB_GROUP_COMBINE sub_group_reduce_max
#else
#define COMBINE(a, b) ((a) + (b))
#define SUB_GROUP_COMBINE sub_group_reduce_add
#endif

// Independent accumulators (of W lanes each): registers go to the loads in flight.
#define CHAINS (LOADS < 4 ? LOADS : 4)

ACC lanes_combined(ACCV v) {
#if W == 1
  return v;
#elif W == 2
  return COMBINE(v.s0, v.s1);
#else
  return COMBINE(COMBINE(v.s0, v.s1), COMBINE(v.s2, v.s3));
#endif
}

WORK_GROUP_REDUCTIONS(ACC, group_tree, group_by_sub_groups, COMBINE, IDENTITY, SUB_GROUP_COMBINE)

// Raking: every work-item stores its value, RAKERS work-items combine a segment of GROUP / RAKERS
// values each serially, then the tree combines theirs. A padding slot after each segment puts the
// rakers' segments in distinct banks. scratch holds GROUP + RAKERS values.
#define RAKERS (GROUP < 32 ? GROUP : 32)
ACC group_rake(ACC v, local ACC* scratch) {
  const size_t lid = get_local_id(0), segment = GROUP / RAKERS;
  scratch[lid + lid / segment] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < RAKERS) {
    local const ACC* mine = scratch + lid * (segment + 1);
    v = mine[0];
    for (size_t i = 1; i < segment; ++i) v = COMBINE(v, mine[i]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  return group_tree(v, scratch, RAKERS);
}

// The group's value of v, valid in work-item 0.
ACC group_reduce(ACC v, local ACC* scratch) {
#if BLOCK == 1
  return group_by_sub_groups(v, scratch);
#elif BLOCK == 2
  return group_rake(v, scratch);
#else
  return group_tree(v, scratch, GROUP);
#endif
}

#if CHECKED
// Vector k of p where its elements below n exist, `fill` for the others.
V load_checked(global const V* p, size_t k, ulong n, REAL fill) {
  if ((k + 1) * W <= n) return p[k];
#if W == 1
  return fill;
#else
  global const REAL* e = (global const REAL*)p;
  REAL parts[W];
  for (int j = 0; j < W; ++j) parts[j] = k * W + j < n ? e[k * W + j] : fill;
  return CAT(vload, W)(0, parts);
#endif
}
#define LOAD(p, k, fill) load_checked(p, k, n, fill)
#else
#define LOAD(p, k, fill) (p)[k]
#endif

#if PASSES == 1
void atomic_combine(global ACC* p, ACC v) {
#if ATOMIC == 0 && OP == 2
  atomic_max((volatile global int*)p, v);
#elif ATOMIC == 0
  atomic_add((volatile global uint*)p, v);
#elif ATOMIC == 1
  atomic_fetch_add_explicit((volatile global CAT(atomic_, ACC)*)p, v, memory_order_relaxed,
                            memory_scope_device);
#else
  // Exchanges, which never fail as a compare-and-swap does under contention: take the running
  // value out (leaving the identity), combine with it, put it back; what comes back is what other
  // groups put in meanwhile, carried the same way until the identity comes back. Nothing is lost:
  // every value is in *p or carried by a group still in this loop. *p starts at the identity.
  volatile global BITS* bits = (volatile global BITS*)p;
  const BITS empty = CAT(as_, BITS)((ACC)(IDENTITY));
  ACC carried = v;
  BITS back;
  while ((back = XCHG(bits, CAT(as_, BITS)(COMBINE(CAT(as_, ACC)(XCHG(bits, empty)), carried)))) !=
         empty)
    carried = CAT(as_, ACC)(back);
#endif
}
#endif

#if PASSES == 2
typedef atomic_uint Counter;
#else
typedef uint Counter;
#endif

// Work-groups stride over the tiles (GROUP × LOADS vectors), then the elements after them go one
// per work-item; the group's value then goes to the result by the pass scheme. `partials` holds
// one value per group (PASSES 0 and 2); `counter` (PASSES 2) is 0 between launches.
kernel __attribute__((reqd_work_group_size(GROUP, 1, 1))) void reduce(
    global const V* restrict x, global const V* restrict y, const ulong n, const ulong full_tiles,
    global ACC* restrict partials, global ACC* result, volatile global Counter* counter,
    local ACC* scratch) {
  const size_t lid = get_local_id(0), group = get_group_id(0), groups = get_num_groups(0);
  const size_t tile = GROUP * LOADS;  // vectors
  ACCV acc[CHAINS];
#pragma unroll
  for (int c = 0; c < CHAINS; ++c) acc[c] = (ACCV)(IDENTITY);
  for (size_t t = group; t < full_tiles; t += groups) {
    V xs[LOADS];
#if OP == 1
    V ys[LOADS];
#endif
#pragma unroll
    for (int i = 0; i < LOADS; ++i) {
      const size_t k = t * tile + (STRIPED ? i * GROUP + lid : lid * LOADS + i);
      xs[i] = LOAD(x, k, (REAL)(IDENTITY));
#if OP == 1
      ys[i] = LOAD(y, k, (REAL)(0));
#endif
    }
#pragma unroll
    for (int i = 0; i < LOADS; ++i)
#if OP == 1
      acc[i % CHAINS] = COMBINE(acc[i % CHAINS], TERM(xs[i], ys[i]));
#else
      acc[i % CHAINS] = COMBINE(acc[i % CHAINS], TERM(xs[i], 0));
#endif
  }
#pragma unroll
  for (int width = CHAINS / 2; width > 0; width /= 2)
#pragma unroll
    for (int c = 0; c < width; ++c) acc[c] = COMBINE(acc[c], acc[c + width]);
  ACC v = lanes_combined(acc[0]);
  global const REAL* xe = (global const REAL*)x;
  global const REAL* ye = (global const REAL*)y;
  for (size_t i = full_tiles * tile * W + group * GROUP + lid; i < n; i += groups * GROUP)
    v = COMBINE(v, TERM1(xe[i], OP == 1 ? ye[i] : 0));
  v = group_reduce(v, scratch);

#if PASSES == 0
  if (lid == 0) partials[group] = v;
#elif PASSES == 1
  if (lid == 0) atomic_combine(result, v);
#else
  // Last-block detection: each group's partial is ordered before its ticket by a release fence;
  // every work-item of the group that draws the last ticket reads the counter (the end of the
  // tickets' release sequences) and fences with acquire before it reads the partials.
  local int last;
  if (lid == 0) {
    partials[group] = v;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
    last = atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed, memory_scope_device) ==
           groups - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (!last) return;
  (void)atomic_load_explicit(counter, memory_order_relaxed, memory_scope_device);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  ACC s = IDENTITY;
  for (size_t i = lid; i < groups; i += GROUP) s = COMBINE(s, partials[i]);
  s = group_reduce(s, scratch);
  if (lid == 0) {
    *result = s;
    atomic_store_explicit(counter, 0u, memory_order_relaxed, memory_scope_device);
  }
#endif
}
