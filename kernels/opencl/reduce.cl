// The reduce ladder (kernels/opencl/reduce_plan.hpp): one kernel whose parameters are macros.
//   REAL, W     element type and elements per load (V, the W-wide vector, from vectors.cl)
//   ACC         what it adds in: REAL, or uint for int (its wrap-around modulo 2^32 is defined)
//   GROUP       work-items per work-group (required at launch)
//   LOADS       loads per work-item and tile, all issued before any is added
//   STRIPED     1: load i of work-item t is vector i·GROUP + t of the tile; 0: t·LOADS + i
//   DOT         0: Σ x[i]; 1: Σ x[i]·y[i]
//   SUB_GROUP   0: local-memory tree; 1: sub_group_reduce_add
//   PASSES      0: two passes (partials); 1: one pass, atomic add; 2: one pass, last-block detection
//   ATOMIC      for PASSES 1: 0 atomic_add (uint), 1 cl_ext_float_atomics, 2 exchanges of the
//               BITS (uint or ulong) with XCHG (atomic_xchg or atom_xchg)
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

#if DOT
#define TERM(a, b) (TO_ACC(a) * TO_ACC(b))
#define TERM1(a, b) ((ACC)(a) * (ACC)(b))
#else
#define TERM(a, b) TO_ACC(a)
#define TERM1(a, b) ((ACC)(a))
#endif

// Independent accumulators (of W lanes each): registers go to the loads in flight.
#define CHAINS (LOADS < 4 ? LOADS : 4)

ACC lanes_sum(ACCV v) {
#if W == 1
  return v;
#elif W == 2
  return v.s0 + v.s1;
#else
  return (v.s0 + v.s1) + (v.s2 + v.s3);
#endif
}

WORK_GROUP_COLLECTIVES(ACC)

// The group's sum of v, valid in work-item 0. scratch holds GROUP values.
ACC group_sum(ACC v, local ACC* scratch) {
#if SUB_GROUP
  return group_sum_by_sub_groups_ACC(v, scratch);
#else
  return group_sum_ACC(v, scratch, GROUP);
#endif
}

#if PASSES == 1
void atomic_add_acc(global ACC* p, ACC v) {
#if ATOMIC == 0
  atomic_add((volatile global uint*)p, v);
#elif ATOMIC == 1
  atomic_fetch_add_explicit((volatile global CAT(atomic_, ACC)*)p, v, memory_order_relaxed,
                            memory_scope_device);
#else
  // Exchanges, which never fail as a compare-and-swap does under contention: take the running sum
  // out (leaving +0), add to it, put it back; what comes back is what other groups put in
  // meanwhile, carried the same way until +0 comes back. Nothing is lost: every value is in *p or
  // carried by a group still in this loop. *p starts at +0.
  volatile global BITS* bits = (volatile global BITS*)p;
  ACC carried = v;
  BITS back;
  while ((back = XCHG(bits, CAT(as_, BITS)(CAT(as_, ACC)(XCHG(bits, (BITS)0)) + carried))) != 0)
    carried = CAT(as_, ACC)(back);
#endif
}
#endif

#if PASSES == 2
typedef atomic_uint Counter;
#else
typedef uint Counter;
#endif

// Work-groups stride over the full tiles (GROUP × LOADS vectors), then the elements after them go
// one per work-item; the group's sum then goes to the result by the pass scheme. `partials` holds
// one value per group (PASSES 0 and 2); `counter` (PASSES 2) is 0 between launches.
kernel __attribute__((reqd_work_group_size(GROUP, 1, 1))) void reduce(
    global const V* restrict x, global const V* restrict y, const ulong n, const ulong full_tiles,
    global ACC* restrict partials, global ACC* result, volatile global Counter* counter,
    local ACC* scratch) {
  const size_t lid = get_local_id(0), group = get_group_id(0), groups = get_num_groups(0);
  const size_t tile = GROUP * LOADS;  // vectors
  ACCV acc[CHAINS];
#pragma unroll
  for (int c = 0; c < CHAINS; ++c) acc[c] = (ACCV)(0);
  for (size_t t = group; t < full_tiles; t += groups) {
    V xs[LOADS];
#if DOT
    V ys[LOADS];
#endif
#pragma unroll
    for (int i = 0; i < LOADS; ++i) {
      const size_t k = t * tile + (STRIPED ? i * GROUP + lid : lid * LOADS + i);
      xs[i] = x[k];
#if DOT
      ys[i] = y[k];
#endif
    }
#pragma unroll
    for (int i = 0; i < LOADS; ++i)
#if DOT
      acc[i % CHAINS] += TERM(xs[i], ys[i]);
#else
      acc[i % CHAINS] += TERM(xs[i], 0);
#endif
  }
#pragma unroll
  for (int width = CHAINS / 2; width > 0; width /= 2)
#pragma unroll
    for (int c = 0; c < width; ++c) acc[c] += acc[c + width];
  ACC v = lanes_sum(acc[0]);
  global const REAL* xe = (global const REAL*)x;
  global const REAL* ye = (global const REAL*)y;
  for (size_t i = full_tiles * tile * W + group * GROUP + lid; i < n; i += groups * GROUP)
    v += TERM1(xe[i], DOT ? ye[i] : 0);
  v = group_sum(v, scratch);

#if PASSES == 0
  if (lid == 0) partials[group] = v;
#elif PASSES == 1
  if (lid == 0) atomic_add_acc(result, v);
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
  ACC s = 0;
  for (size_t i = lid; i < groups; i += GROUP) s += partials[i];
  s = group_sum(s, scratch);
  if (lid == 0) {
    *result = s;
    atomic_store_explicit(counter, 0u, memory_order_relaxed, memory_scope_device);
  }
#endif
}
