// Work-group collectives, put before every OpenCL program after vectors.cl (Runtime::program). A
// source defines them for the type it adds in: WORK_GROUP_COLLECTIVES(T) the sums, T a scalar
// type; WORK_GROUP_SCANS(T) the scans, T a scalar or vector type; SUB_GROUP_SCANS(T, S, N) the
// scans by sub-groups, T an N-wide vector of the scalar S (or S itself, N = 1). T is a type or a
// macro naming one, and the names take its spelling: WORK_GROUP_COLLECTIVES(ACC) defines
// group_sum_ACC; WORK_GROUP_REDUCTIONS(T, TREE, SUB_GROUPS, OP, IDENTITY, SUB_GROUP_REDUCE) the
// same two reductions for another operation, under the names given. Every work-item of the group
// calls them with its value v; `scratch` holds one value per work-item of the group's `size` (a
// power of two) for the sums and the scans by sub-groups (and one more for the latter), two for
// the local scans, and two calls in a row are separated by a barrier.
//   T group_sum_T(v, scratch, size)             the log-step tree in local memory; the sum is
//                                               valid in work-item 0. Its indices are size_t:
//                                               with 32-bit ones NVIDIA's OpenCL read fp64 DRAM
//                                               5-7% slower (H100, stream read, 3 A/B runs)
//   T group_sum_by_sub_groups_T(v, scratch)      each sub-group's sub_group_reduce_add, then
//                                               sub-group 0 adds theirs (scratch: one value per
//                                               sub-group); valid in work-item 0. Only where the
//                                               compiler has sub-groups.
//   T group_inclusive_scan_T(v, scratch, size)  v's prefix sum up to and with this work-item
//   T group_exclusive_scan_T(v, scratch, size)  the same without it (0 in work-item 0)
//   T group_scan_T(v, scratch, size, &total)    the exclusive scan, and the group's sum in
//                                               *total (the last work-item's inclusive sum)
// These scans are Hillis and Steele's, log2(size) steps reading one half of scratch and writing
// the other (one barrier each, where a single buffer needs two), valid in every work-item; a
// vector T scans its components side by side in the same steps.
//   T group_scan_by_sub_groups_T(v, scratch, &total)
//                                               the exclusive scan and the group's sum from
//                                               sub_group_scan_exclusive_add in each sub-group
//                                               and, over the sub-groups' sums, in sub-group 0,
//                                               component by component: two barriers. Only
//                                               where the compiler has sub-groups.
#if defined(cl_khr_subgroups) && !defined(__opencl_c_subgroups)
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#endif

#if defined(cl_khr_subgroups) || defined(__opencl_c_subgroups)
// NAME: the function's name, pasted by the caller from its argument's spelling (an argument is
// expanded before it reaches a nested macro; a pasted one is not). OP(a, b) combines two values,
// IDENTITY is its identity and SUB_GROUP_REDUCE the sub-group built-in of the same operation.
#define SUB_GROUP_REDUCTION(T, NAME, OP, IDENTITY, SUB_GROUP_REDUCE)    \
  T NAME(T v, local T* scratch) {                                       \
    v = SUB_GROUP_REDUCE(v);                                            \
    if (get_sub_group_local_id() == 0) scratch[get_sub_group_id()] = v; \
    barrier(CLK_LOCAL_MEM_FENCE);                                       \
    v = IDENTITY;                                                       \
    if (get_sub_group_id() == 0) {                                      \
      for (uint i = get_sub_group_local_id(); i < get_num_sub_groups(); \
           i += get_sub_group_size())                                   \
        v = OP(v, scratch[i]);                                          \
      v = SUB_GROUP_REDUCE(v);                                          \
    }                                                                   \
    return v;                                                           \
  }

// The components of a T (N of scalar S) one by one: a union, as OpenCL C indexes no vector.
#define SUB_GROUP_SCANS(T, S, N)                                                              \
  typedef union {                                                                             \
    T v;                                                                                      \
    S s[N];                                                                                   \
  } Components_##T;                                                                           \
  T group_scan_by_sub_groups_##T(T v, local T* scratch, T* total) {                           \
    Components_##T in, before;                                                                \
    in.v = v;                                                                                 \
    for (int c = 0; c < N; ++c) before.s[c] = sub_group_scan_exclusive_add(in.s[c]);          \
    const uint sub_group = get_sub_group_id(), groups = get_num_sub_groups();                 \
    if (get_sub_group_local_id() == get_sub_group_size() - 1)                                 \
      scratch[sub_group] = before.v + v;                                                      \
    barrier(CLK_LOCAL_MEM_FENCE);                                                             \
    if (sub_group == 0) {                                                                     \
      Components_##T carry;                                                                   \
      carry.v = (T)(0);                                                                       \
      for (uint first = 0; first < groups; first += get_sub_group_size()) {                   \
        const uint i = first + get_sub_group_local_id();                                      \
        Components_##T sums, offsets;                                                         \
        sums.v = i < groups ? scratch[i] : (T)(0);                                            \
        for (int c = 0; c < N; ++c) {                                                         \
          offsets.s[c] = carry.s[c] + sub_group_scan_exclusive_add(sums.s[c]);                \
          carry.s[c] += sub_group_reduce_add(sums.s[c]);                                      \
        }                                                                                     \
        if (i < groups) scratch[i] = offsets.v;                                               \
      }                                                                                       \
      if (get_sub_group_local_id() == 0) scratch[groups] = carry.v;                           \
    }                                                                                         \
    barrier(CLK_LOCAL_MEM_FENCE);                                                             \
    *total = scratch[groups];                                                                 \
    return scratch[sub_group] + before.v;                                                     \
  }
#else
#define SUB_GROUP_REDUCTION(T, NAME, OP, IDENTITY, SUB_GROUP_REDUCE)
#define SUB_GROUP_SCANS(T, S, N)
#endif

// The local tree and the reduction by sub-groups of any operation (SUB_GROUP_REDUCTION's
// parameters): TREE and SUB_GROUPS name the two functions.
#define WORK_GROUP_REDUCTIONS(T, TREE, SUB_GROUPS, OP, IDENTITY, SUB_GROUP_REDUCE)     \
  T TREE(T v, local T* scratch, size_t size) {                                         \
    const size_t lid = get_local_id(0);                                                \
    scratch[lid] = v;                                                                  \
    for (size_t stride = size / 2; stride > 0; stride /= 2) {                          \
      barrier(CLK_LOCAL_MEM_FENCE);                                                    \
      if (lid < stride) scratch[lid] = OP(scratch[lid], scratch[lid + stride]);        \
    }                                                                                  \
    return lid == 0 ? scratch[0] : v; /* only work-item 0 reads what it wrote last */  \
  }                                                                                    \
  SUB_GROUP_REDUCTION(T, SUB_GROUPS, OP, IDENTITY, SUB_GROUP_REDUCE)

#define COLLECTIVE_PLUS(a, b) ((a) + (b))
#define WORK_GROUP_COLLECTIVES(T)                                                             \
  WORK_GROUP_REDUCTIONS(T, group_sum_##T, group_sum_by_sub_groups_##T, COLLECTIVE_PLUS, 0, \
                        sub_group_reduce_add)

// group_scan_steps_T returns where in scratch the inclusive sums are (0 or size): an offset
// rather than a pointer to local memory, which not every compiler may return.
#define WORK_GROUP_SCANS(T)                                                            \
  uint group_scan_steps_##T(T* v, local T* scratch, uint size) {                       \
    const uint lid = get_local_id(0);                                                  \
    uint from = 0, to = size;                                                          \
    scratch[lid] = *v;                                                                 \
    barrier(CLK_LOCAL_MEM_FENCE);                                                      \
    for (uint offset = 1; offset < size; offset *= 2) {                                \
      if (lid >= offset) *v += scratch[from + lid - offset];                           \
      scratch[to + lid] = *v;                                                          \
      barrier(CLK_LOCAL_MEM_FENCE);                                                    \
      to = from;                                                                       \
      from = size - to;                                                                \
    }                                                                                  \
    return from;                                                                       \
  }                                                                                    \
  T group_inclusive_scan_##T(T v, local T* scratch, uint size) {                       \
    group_scan_steps_##T(&v, scratch, size);                                           \
    return v;                                                                          \
  }                                                                                    \
  T group_exclusive_scan_##T(T v, local T* scratch, uint size) {                       \
    const uint sums = group_scan_steps_##T(&v, scratch, size), lid = get_local_id(0);  \
    return lid > 0 ? scratch[sums + lid - 1] : (T)(0);                                 \
  }                                                                                    \
  T group_scan_##T(T v, local T* scratch, uint size, T* total) {                       \
    const uint sums = group_scan_steps_##T(&v, scratch, size), lid = get_local_id(0);  \
    *total = scratch[sums + size - 1];                                                 \
    return lid > 0 ? scratch[sums + lid - 1] : (T)(0);                                 \
  }

// Warp collectives by inline PTX, for NVIDIA's OpenCL only: it offers no sub-groups, but its
// compiler takes PTX. The host defines NV_PTX_WARPS for an NVIDIA device of compute capability 7.0
// or later (shfl.sync, vote.sync and nanosleep need sm_70); no other compiler sees this code. A
// warp is 32 consecutive local ids of a 1-D work-group whose size is a multiple of 32. The loops
// over a value's words are unrolled: left rolled, NVIDIA's compiler kept doubles' words on the
// stack (80-176 bytes of stack frame, H100, 2026-11-27).
//   T shfl_up_T(v, d), shfl_xor_T(v, m)          shfl.sync up / bfly over T's 32-bit words
//   T warp_sum_T(v)                               the warp's sum, the same bits in every lane
//   T group_sum_by_warps_T(v, scratch, size)      each warp's sum, then work-item 0 adds the
//                                                 warps' in order (scratch: one per warp; one
//                                                 barrier); valid in work-item 0
//   T group_scan_by_warps_T(v, scratch, size, &total)
//                                                 Kogge and Stone's steps by shuffles in each
//                                                 warp, then each work-item adds the sums of the
//                                                 warps before its own from scratch: one barrier,
//                                                 where the local scan takes log2(size) + 1
#ifdef NV_PTX_WARPS
uint warp_lane(void) { return get_local_id(0) & 31; }

uint shfl_up_u32(uint v, uint d) {
  uint r;
  asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(r) : "r"(v), "r"(d));
  return r;
}

uint shfl_xor_u32(uint v, uint m) {
  uint r;
  asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v), "r"(m));
  return r;
}

// The lanes whose p is not 0, bit i for lane i.
uint warp_ballot(int p) {
  uint r;
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\tvote.sync.ballot.b32 %0, p, 0xffffffff;\n\t}"
      : "=r"(r)
      : "r"(p));
  return r;
}

void warp_sleep(uint ns) { asm volatile("nanosleep.u32 %0;" ::"r"(ns)); }

#define WARP_COLLECTIVES(T)                                                              \
  typedef union {                                                                        \
    T v;                                                                                 \
    uint w[sizeof(T) / 4];                                                               \
  } Words_##T;                                                                           \
  T shfl_up_##T(T v, uint d) {                                                           \
    Words_##T u;                                                                         \
    u.v = v;                                                                             \
    _Pragma("unroll") for (uint i = 0; i < sizeof(T) / 4; ++i) u.w[i] =                 \
        shfl_up_u32(u.w[i], d);                                                          \
    return u.v;                                                                          \
  }                                                                                      \
  T shfl_xor_##T(T v, uint m) {                                                          \
    Words_##T u;                                                                         \
    u.v = v;                                                                             \
    _Pragma("unroll") for (uint i = 0; i < sizeof(T) / 4; ++i) u.w[i] =                 \
        shfl_xor_u32(u.w[i], m);                                                         \
    return u.v;                                                                          \
  }                                                                                      \
  T warp_sum_##T(T v) {                                                                  \
    for (uint m = 16; m > 0; m /= 2) v += shfl_xor_##T(v, m);                            \
    return v;                                                                            \
  }                                                                                      \
  T group_sum_by_warps_##T(T v, local T* scratch, uint size) {                           \
    v = warp_sum_##T(v);                                                                 \
    if (warp_lane() == 0) scratch[get_local_id(0) / 32] = v;                             \
    barrier(CLK_LOCAL_MEM_FENCE);                                                        \
    if (get_local_id(0) == 0)                                                            \
      for (uint w = 1; w < size / 32; ++w) v += scratch[w];                              \
    return v;                                                                            \
  }                                                                                      \
  T group_scan_by_warps_##T(T v, local T* scratch, uint size, T* total) {                \
    const uint lane = warp_lane(), warp = get_local_id(0) / 32;                          \
    T inclusive = v;                                                                     \
    for (uint d = 1; d < 32; d *= 2) {                                                   \
      const T up = shfl_up_##T(inclusive, d);                                            \
      if (lane >= d) inclusive += up;                                                    \
    }                                                                                    \
    T exclusive = shfl_up_##T(inclusive, 1);                                             \
    if (lane == 0) exclusive = (T)(0);                                                   \
    if (lane == 31) scratch[warp] = inclusive;                                           \
    barrier(CLK_LOCAL_MEM_FENCE);                                                        \
    T before = (T)(0), sum = (T)(0);                                                     \
    for (uint w = 0; w < size / 32; ++w) {                                               \
      if (w == warp) before = sum;                                                       \
      sum += scratch[w];                                                                 \
    }                                                                                    \
    *total = sum;                                                                        \
    return before + exclusive;                                                           \
  }
#else
#define WARP_COLLECTIVES(T)
#endif
