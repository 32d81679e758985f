// The scan family's kernels (kernels/opencl/scan_plan.hpp): one source whose parameters are
// macros; the host strings the kernels below into an algorithm (scan_plan.cpp's plan_scan).
//   REAL, W     element type and elements per vector load (W = 4; V, the W-wide vector, from
//               vectors.cl). The tile sums' levels are scanned with REAL = ACC.
//   ACC         what it adds in: REAL, or uint for int (its wrap-around modulo 2^32 is defined)
//   FROM_ACC    an ACC back to REAL: as_int for int, empty (the value itself) otherwise
//   ACC_BITS    32 or 64: the width of ACC, for the look-back's descriptor words
//   READ_ATOMIC the look-back's descriptor reads: 0 volatile loads, 1 atom_add of 0
//   WIDE_READS  with READ_ATOMIC 0: a tile's descriptors read 16 bytes a load (read_wide)
//   STAGED      the look-back's tile kept in local memory, not registers, while it looks back
//   GROUP       work-items per work-group (required at launch), a power of two
//   LOADS       vectors per work-item and tile, 1, 2, 4, 8 or 16
//   GROUP_SCAN  the work-group scan: 0 Hillis and Steele's in local memory; 1 sub-group scans;
//               2 warp shuffles (NVIDIA only: common.cl's NV_PTX_WARPS)
//   WARP_WINDOW the look-back by the first warp alone, its window's statuses by ballots and its
//               sum by shuffles (CUB's), no barrier until it ends (NVIDIA only)
//   FIRST_WAIT, POLL_WAIT  with WARP_WINDOW: ns the warp sleeps before its first read of the
//               predecessors' descriptors and between polls of a window not ready (0: none)
//   EXCLUSIVE   0: out[i] = x[0] + … + x[i]; 1: the same without x[i]
// Every kernel takes `scratch` in local memory: 2·GROUP values of Rows (GROUP / 32 with
// GROUP_SCAN 2).
//
// A tile is LOADS rows of GROUP vectors of W elements, GROUP·LOADS·W elements; work-item t loads
// and stores vector t of each row, so that consecutive work-items touch consecutive vectors (one
// coalesced access per row). It scans its vectors' W elements serially; one work-group scan of
// the vector sums, all rows at once as the components of a Rows vector (the same barriers as one
// scalar scan), gives each vector the sum of the row's vectors before it and each row's sum.
#define ITEMS (W * LOADS)
#define TILE ((ulong)GROUP * ITEMS)

#if LOADS == 1
typedef ACC Rows;
#else
typedef CAT(ACC, LOADS) Rows;
#endif
// Rows component by component.
typedef union {
  Rows v;
  ACC s[LOADS];
} RowSums;

WORK_GROUP_COLLECTIVES(ACC)
WORK_GROUP_SCANS(Rows)
SUB_GROUP_SCANS(Rows, ACC, LOADS)
WARP_COLLECTIVES(Rows)
WARP_COLLECTIVES(ACC)

// The work-group's exclusive scan of v, valid in every work-item, and its sum in *total.
// Callers put a barrier between two calls.
Rows group_scan(Rows v, local Rows* scratch, Rows* total) {
#if GROUP_SCAN == 2
  return group_scan_by_warps_Rows(v, scratch, GROUP, total);
#elif GROUP_SCAN == 1
  return group_scan_by_sub_groups_Rows(v, scratch, total);
#else
  return group_scan_Rows(v, scratch, GROUP, total);
#endif
}

// The work-group's sum of v, valid in work-item 0.
ACC group_reduce(ACC v, local ACC* scratch) {
#if GROUP_SCAN == 2
  return group_sum_by_warps_ACC(v, scratch, GROUP);
#elif GROUP_SCAN == 1
  return group_sum_by_sub_groups_ACC(v, scratch);
#else
  return group_sum_ACC(v, scratch, GROUP);
#endif
}

// A vector of W elements in accesses of at most 16 bytes: NVIDIA's OpenCL splits wider ones into
// slower pieces (a 32-byte double4 copy ran at 0.83 of a double2 one on an H200;
// docs/performance.md, "NVIDIA OpenCL stores"), so 4 doubles move as two aligned double2.
typedef CAT(REAL, 2) Half;
V load_vector(global const V* p) {
  if (sizeof(V) <= 16) return *p;
  global const Half* h = (global const Half*)p;
  return (V)(h[0], h[1]);
}
void store_vector(global V* p, V v) {
  if (sizeof(V) <= 16) {
    *p = v;
  } else {
    global Half* h = (global Half*)p;
    h[0] = v.lo;
    h[1] = v.hi;
  }
}

// This work-item's vectors of the tile at `first` (a[W·r + k]: element k of its vector in row
// r), 0 past n. Whole vectors when the tile is (aligned: `first` is a multiple of W, buffers
// are).
void load_row(global const REAL* x, ulong first, ulong n, int r, ACC* a) {
  if (first + TILE <= n) {
    const V v = load_vector((global const V*)(x + first) + r * GROUP + get_local_id(0));
    a[0] = (ACC)(v.s0);
    a[1] = (ACC)(v.s1);
    a[2] = (ACC)(v.s2);
    a[3] = (ACC)(v.s3);
  } else {
    const ulong begin = first + ((ulong)r * GROUP + get_local_id(0)) * W;
#pragma unroll
    for (int k = 0; k < W; ++k) a[k] = begin + k < n ? (ACC)(x[begin + k]) : (ACC)(0);
  }
}

void load_items(global const REAL* x, ulong first, ulong n, ACC* a) {
#pragma unroll
  for (int r = 0; r < LOADS; ++r) load_row(x, first, n, r, a + W * r);
}

// Stores what load_items loaded, back where it came from.
void store_items(global REAL* out, ulong first, ulong n, const ACC* a) {
  global V* ov = (global V*)(out + first) + get_local_id(0);
  const bool whole = first + TILE <= n;
#pragma unroll
  for (int r = 0; r < LOADS; ++r) {
    if (whole) {
      store_vector(ov + r * GROUP, (V)(FROM_ACC(a[W * r + 0]), FROM_ACC(a[W * r + 1]),
                                       FROM_ACC(a[W * r + 2]), FROM_ACC(a[W * r + 3])));
    } else {
      const ulong begin = first + ((ulong)r * GROUP + get_local_id(0)) * W;
#pragma unroll
      for (int k = 0; k < W; ++k)
        if (begin + k < n) out[begin + k] = FROM_ACC(a[W * r + k]);
    }
  }
}

ACC items_sum(const ACC* a) {
  ACC s = a[0];
#pragma unroll
  for (int k = 1; k < ITEMS; ++k) s += a[k];
  return s;
}

// Each row's vector sum.
ACC vector_sum(const ACC* a) { return (a[0] + a[1]) + (a[2] + a[3]); }

Rows row_sums(const ACC* a) {
  RowSums s;
#pragma unroll
  for (int r = 0; r < LOADS; ++r) s.s[r] = vector_sum(a + W * r);
  return s.v;
}

// row_sums(a) of what load_items(x, first, n, a) would load (the same conversions and adds, so
// the same bits), a vector at a time: the look-back's fallback, which needs only the sums, then
// holds no second tile of items in registers beside its own tile's, which would cost every
// work-group of the kernel the registers of both.
Rows load_row_sums(global const REAL* x, ulong first, ulong n) {
  RowSums s;
#pragma unroll
  for (int r = 0; r < LOADS; ++r) {
    ACC a[W];
    load_row(x, first, n, r, a);
    s.s[r] = vector_sum(a);
  }
  return s.v;
}

// The tile's sum from the rows' sums: the one order every work-group uses for a tile.
ACC tile_sum(Rows rows) {
  RowSums s;
  s.v = rows;
  ACC sum = s.s[0];
#pragma unroll
  for (int r = 1; r < LOADS; ++r) sum += s.s[r];
  return sum;
}

// Replaces a vector's W items by their running sums from `running`, inclusive or exclusive.
void vector_scan(ACC* a, ACC running) {
#pragma unroll
  for (int k = 0; k < W; ++k) {
    const ACC v = a[k];
#if EXCLUSIVE
    a[k] = running;
    running += v;
#else
    running += v;
    a[k] = running;
#endif
  }
}

// Replaces the items by their running sums: row r's from seed + the rows before it (their sums
// in `rows`) + the row's vectors before this work-item's (`before`), inclusive or exclusive.
void items_scan(ACC* a, ACC seed, Rows before, Rows rows) {
  RowSums b, t;
  b.v = before;
  t.v = rows;
#pragma unroll
  for (int r = 0; r < LOADS; ++r) {
    vector_scan(a + W * r, seed + b.s[r]);
    seed += t.s[r];
  }
}

// The tile scanned in place, after `seed`; returns the tile's sum. Callers put a barrier
// between two calls.
ACC scan_tile(ACC* a, ACC seed, local Rows* scratch) {
  Rows rows;
  const Rows before = group_scan(row_sums(a), scratch, &rows);
  items_scan(a, seed, before, rows);
  return tile_sum(rows);
}

// The tiles [g·span, (g+1)·span) of work-group g that begin before n.
#define FOR_EACH_TILE(t, span) \
  for (ulong t = get_group_id(0) * (span); t < (get_group_id(0) + 1) * (span) && t * TILE < n; ++t)

// Reduce pass: work-group g sums its span's elements into sums[g].
kernel __attribute__((reqd_work_group_size(GROUP, 1, 1))) void reduce_spans(
    global const REAL* restrict x, const ulong n, const ulong span, global ACC* restrict sums,
    local Rows* scratch) {
  ACC v = 0;
  FOR_EACH_TILE(t, span) {
    ACC a[ITEMS];
    load_items(x, t * TILE, n, a);
    v += items_sum(a);
  }
  v = group_reduce(v, (local ACC*)scratch);
  if (get_local_id(0) == 0) sums[get_group_id(0)] = v;
}

// Scan pass: work-group g scans its span tile by tile from offsets[g] (0 without offsets) into
// out (which may be x: a group reads each tile before it writes it); with `totals`, it writes
// its span's sum to totals[g].
kernel __attribute__((reqd_work_group_size(GROUP, 1, 1))) void scan_spans(
    global const REAL* x, global REAL* out, const ulong n, const ulong span,
    global const ACC* offsets, global ACC* totals, local Rows* scratch) {
  ACC carry = offsets ? offsets[get_group_id(0)] : (ACC)(0), sum = 0;
  FOR_EACH_TILE(t, span) {
    ACC a[ITEMS];
    load_items(x, t * TILE, n, a);
    const ACC total = scan_tile(a, carry, scratch);
    store_items(out, t * TILE, n, a);
    carry += total;
    sum += total;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (totals && get_local_id(0) == 0) totals[get_group_id(0)] = sum;
}

// Fan pass: adds offsets[g] to work-group g's span of out.
kernel __attribute__((reqd_work_group_size(GROUP, 1, 1))) void add_offsets(
    global REAL* out, const ulong n, const ulong span, global const ACC* restrict offsets) {
  const ACC offset = offsets[get_group_id(0)];
  FOR_EACH_TILE(t, span) {
    ACC a[ITEMS];
    load_items(out, t * TILE, n, a);
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) a[k] += offset;
    store_items(out, t * TILE, n, a);
  }
}

#ifdef cl_khr_int64_base_atomics
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// Single pass with decoupled look-back (Merrill and Garland), made safe without forward
// progress between work-groups. A tile publishes two values, its aggregate and then its inclusive
// prefix, each in a descriptor of DESC 64-bit words that hold NOT_YET until written: a value goes
// with its complement, a 32-bit one as one word (~v << 32 | v), a 64-bit one as two (v, ~v), each
// word by an atomic exchange, so OpenCL 1.x atomics suffice and no ordering between locations is
// needed. A reader takes a descriptor as published only when value and complement match: NOT_YET's
// halves do not, and a read that mixes a 32-bit half of NOT_YET with the value's matches only where
// that half equals the value's own, so no read, torn or not, yields a wrong value.
// Reads are volatile loads (READ_ATOMIC 1: atom_add of 0, OpenCL 1.x's one atomic read, a
// read-modify-write that serializes every poll of a word at the memory). OpenCL 1.x does not
// promise that a load sees another work-group's write while both run; a waiter that never sees one
// reduces the tile itself (below): slower, still right.
#define NOT_YET 0x7ff4000000000001UL
#define DESC (ACC_BITS / 32)

ulong read_word(volatile global ulong* p) {
#if READ_ATOMIC
  return atom_add(p, 0UL);
#else
  return *p;
#endif
}

// 1 and the value in *v when a descriptor read as these words is published; 0 otherwise.
int published_value(ulong bits, ulong complement, ACC* v) {
#if ACC_BITS == 64
  *v = CAT(as_, ACC)(bits);
  return complement == ~bits;
#else
  *v = CAT(as_, ACC)((uint)bits);
  return (uint)(bits >> 32) == ~(uint)bits;
#endif
}

// The same for the descriptor at d, read word by word.
int read_value(volatile global ulong* d, ACC* v) {
#if ACC_BITS == 64
  const ulong bits = read_word(d);
  return published_value(bits, read_word(d + 1), v);
#else
  return published_value(read_word(d), 0, v);
#endif
}

// 16 bytes at p (16-byte aligned) in one volatile load of an aligned vector type (NVIDIA's OpenCL
// splits vload2 into two loads): a 32-bit value's two descriptors, aggregate then inclusive
// prefix, or a 64-bit value's descriptor, value and complement.
ulong2 read_wide(volatile global ulong* p) { return *(volatile global ulong2*)p; }

void write_value(volatile global ulong* d, ACC v) {
#if ACC_BITS == 64
  const ulong bits = as_ulong(v);
  atom_xchg(d, bits);
  atom_xchg(d + 1, ~bits);
#else
  const uint bits = as_uint(v);
  atom_xchg(d, (ulong)(~bits) << 32 | bits);
#endif
}

// Tile t's descriptors: its aggregate, then its inclusive prefix.
volatile global ulong* aggregate_of(volatile global ulong* words, ulong t) {
  return words + 2 * DESC * t;
}
volatile global ulong* inclusive_of(volatile global ulong* words, ulong t) {
  return words + 2 * DESC * t + DESC;
}

// What tile j has published, read up to 1 + spins times until it has: 2 its inclusive prefix,
// 1 its aggregate, 0 neither; the value in *v. Both descriptors are read each time,
// independently, so that their latencies overlap.
int poll(volatile global ulong* words, long j, uint spins, ACC* v) {
  for (uint i = 0;; ++i) {
    ACC inclusive, aggregate;
#if WIDE_READS && ACC_BITS == 64
    const ulong2 a = read_wide(aggregate_of(words, j)), p = read_wide(inclusive_of(words, j));
    const int has_inclusive = published_value(p.x, p.y, &inclusive);
    const int has_aggregate = published_value(a.x, a.y, &aggregate);
#elif WIDE_READS
    const ulong2 w = read_wide(aggregate_of(words, j));
    const int has_inclusive = published_value(w.y, 0, &inclusive);
    const int has_aggregate = published_value(w.x, 0, &aggregate);
#else
    const int has_inclusive = read_value(inclusive_of(words, j), &inclusive);
    const int has_aggregate = read_value(aggregate_of(words, j), &aggregate);
#endif
    *v = has_inclusive ? inclusive : aggregate;
    if (has_inclusive) return 2;
    if (has_aggregate) return 1;
    if (i >= spins) return 0;
  }
}

// The tiles a look-back step reads at once, one per work-item (CUB's warp-wide window).
#define WINDOW (GROUP < 32 ? GROUP : 32)

// What one tile's look-back shares between its work-items.
typedef struct {
  ACC prefix;             // the sum of the tiles after `next` up to the tile's own, exclusive
  long next;              // the next tile to look at; -1: done
  int fallback;           // 1: `next` did not publish within the spin bound
  ACC value[WINDOW];      // what the window's tiles had published
  int published[WINDOW];  // as poll() returns
} LookBack;

// The reduction of the tile `state->next` from its inputs by the whole work-group, with the same
// loads, order and work-group scan as its owner's, so to the same bits, and its publication:
// whether its owner or a waiter writes it first, or both, the descriptor holds one value. Adds
// it to state->prefix and moves state->next to the tile before.
void reduce_stalled(global const REAL* x, const ulong n, volatile global ulong* words,
                    local LookBack* state, local Rows* scratch) {
  const ulong j = (ulong)state->next;
  Rows rows;
  group_scan(load_row_sums(x, j * TILE, n), scratch, &rows);
  const ACC total = tile_sum(rows);
  if (get_local_id(0) == 0) {
    write_value(aggregate_of(words, j), total);
    state->prefix += total;
    state->next = (long)j - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

#if WARP_WINDOW
// The sum of every tile before `tile`, CUB's way: the first warp alone reads the descriptors of
// the 32 tiles before `next` at once (lane i: tile next − i), polls until every lane up to the
// nearest inclusive prefix has published, and adds those lanes' values by shuffles; without an
// inclusive prefix in the window it adds all 32 aggregates and moves back 32 tiles. A lane's tile
// that has published nothing after spin_bound more polls of the window is reduced by the whole
// work-group (reduce_stalled) after the lanes before it are added, and the walk goes on from the
// tile before it. The other warps wait at one barrier, not one per window step.
ACC look_back(global const REAL* x, const ulong n, volatile global ulong* words, const ulong tile,
              const uint spin_bound, local LookBack* state, local Rows* scratch) {
  const uint lid = get_local_id(0);
  // The walk's state in the first warp: the next tile to read and the sum so far (lane 0's).
  long top = (long)tile - 1;
  ACC prefix = 0;
  if (FIRST_WAIT > 0 && lid < 32) warp_sleep(FIRST_WAIT);
  for (;;) {
    if (lid < 32) {
      const uint lane = lid;
      for (;;) {
        const long j = top - (long)lane;
        ACC v = 0;
        int published = j < 0 ? 2 : poll(words, j, 0, &v);  // before the first tile: 0, final
        uint invalid, inclusive, lanes;
        for (uint spin = 0;; ++spin) {
          invalid = warp_ballot(published == 0);
          inclusive = warp_ballot(published == 2);
          lanes = inclusive ? inclusive ^ (inclusive - 1) : 0xffffffffu;  // up to the nearest
          if ((invalid & lanes) == 0 || spin >= spin_bound) break;
          if (POLL_WAIT > 0) warp_sleep(POLL_WAIT);
          if (published == 0) published = poll(words, j, 0, &v);
        }
        // The nearest lane still unpublished, if any: the lanes before it hold aggregates.
        const uint stalled = invalid & lanes;
        if (stalled) lanes = (stalled & (0u - stalled)) - 1;
        prefix += warp_sum_ACC((lanes >> lane) & 1u ? v : (ACC)(0));
        if (stalled) {
          top -= popcount(lanes);  // the stalled tile
          break;
        }
        if (inclusive) {
          top = -1;
          break;
        }
        top -= 32;
      }
      if (lid == 0) {
        state->prefix = prefix;
        state->next = top;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (state->next < 0) break;
    reduce_stalled(x, n, words, state, scratch);
    // Read by the first warp only, which writes them next: lane 0 after its window's shuffles,
    // which wait for every lane's `top` (a ballot's operand).
    if (lid < 32) top = state->next;
    if (lid == 0) prefix = state->prefix;
  }
  return state->prefix;
}
#else
// The sum of every tile before `tile`. The first WINDOW work-items read the descriptors of the
// WINDOW tiles before `next` at once; work-item 0 then adds, nearest first, the aggregates up to
// the first inclusive prefix (which ends the walk) or the first tile that had published nothing,
// on which it spins up to spin_bound more reads. A tile that has published neither by then is
// reduced from its inputs by the whole work-group (reduce_stalled). Nothing waits without bound,
// so the kernel finishes however work-groups are scheduled.
ACC look_back(global const REAL* x, const ulong n, volatile global ulong* words, const ulong tile,
              const uint spin_bound, local LookBack* state, local Rows* scratch) {
  const uint lid = get_local_id(0);
  if (lid == 0) {
    state->prefix = 0;
    state->next = (long)tile - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (;;) {
    const long top = state->next;
    if (lid < WINDOW && top - (long)lid >= 0) {
      ACC v;
      state->published[lid] = poll(words, top - (long)lid, 0, &v);
      state->value[lid] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
      ACC prefix = state->prefix;
      long j = top;
      int fallback = 0;
      for (int i = 0; i < WINDOW && j >= 0 && !fallback; ++i, --j) {
        ACC v = state->value[i];
        int published = state->published[i];
        if (published == 0) published = poll(words, j, spin_bound, &v);
        if (published == 0) {
          fallback = 1;
          ++j;  // the loop's decrement: j stays the tile to reduce
        } else {
          prefix += v;
          if (published == 2) j = 0;  // the loop's decrement ends the walk at -1
        }
      }
      state->prefix = prefix;
      state->next = j;
      state->fallback = fallback;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (state->next < 0) break;
    if (state->fallback) reduce_stalled(x, n, words, state, scratch);
  }
  return state->prefix;
}
#endif

// One tile per work-group, its index drawn from `ticket` (0 before the launch) in the order the
// work-groups start, so a tile looks back only at tiles whose work-groups have started. words:
// 2·DESC per tile, NOT_YET before the launch. spin_bound: reads of a descriptor before the
// fallback. stall_every (tests): every stall_every-th tile (t % stall_every == stall_every − 1)
// publishes nothing, as a work-group that is never scheduled again would; 0: none.
kernel __attribute__((reqd_work_group_size(GROUP, 1, 1))) void decoupled_lookback(
    global const REAL* restrict x, global REAL* restrict out, const ulong n,
    volatile global ulong* words, volatile global uint* ticket, const uint spin_bound,
    const uint stall_every, local Rows* scratch) {
  local uint drawn;
  local LookBack state;
#if STAGED
  local ACC staged[ITEMS * GROUP];  // item k of work-item t at k·GROUP + t: a bank each
#endif
  if (get_local_id(0) == 0) drawn = atomic_inc(ticket);
  barrier(CLK_LOCAL_MEM_FENCE);
  const ulong tile = drawn;
  const bool publishes = stall_every == 0 || tile % stall_every != stall_every - 1;
  ACC a[ITEMS];
  Rows rows;
#if STAGED
  // Each vector goes to local memory as it arrives, leaving only its row's sum in registers, so
  // that no registers hold the tile through the work-group scan, the look-back and its fallback
  // (the same sums as row_sums, so the same bits). A work-item reads back only what it wrote: no
  // barrier.
  RowSums sums;
#pragma unroll
  for (int r = 0; r < LOADS; ++r) {
    ACC v[W];
    load_row(x, tile * TILE, n, r, v);
    sums.s[r] = vector_sum(v);
#pragma unroll
    for (int k = 0; k < W; ++k) staged[(W * r + k) * GROUP + get_local_id(0)] = v[k];
  }
  const Rows before = group_scan(sums.v, scratch, &rows);
  // The items scanned from 0 in local memory, a vector at a time, before the look-back (CUB's
  // order: the other warps do it while the first looks back); the prefix is added as they leave.
  {
    RowSums b, t;
    b.v = before;
    t.v = rows;
    ACC seed = 0;
#pragma unroll
    for (int r = 0; r < LOADS; ++r) {
      ACC v[W];
#pragma unroll
      for (int k = 0; k < W; ++k) v[k] = staged[(W * r + k) * GROUP + get_local_id(0)];
      vector_scan(v, seed + b.s[r]);
      seed += t.s[r];
#pragma unroll
      for (int k = 0; k < W; ++k) staged[(W * r + k) * GROUP + get_local_id(0)] = v[k];
    }
  }
#else
  load_items(x, tile * TILE, n, a);
  const Rows before = group_scan(row_sums(a), scratch, &rows);
#if WARP_WINDOW
  // The items scanned from 0 while the first warp looks back (CUB's order); the prefix is added
  // after.
  items_scan(a, 0, before, rows);
#endif
#endif
  const ACC aggregate = tile_sum(rows);
  if (get_local_id(0) == 0 && publishes && tile > 0)
    write_value(aggregate_of(words, tile), aggregate);
#if !WARP_WINDOW  // whose look_back writes scratch only after a barrier of its own
  barrier(CLK_LOCAL_MEM_FENCE);  // group_scan's reads of scratch before look_back's writes
#endif
  const ACC prefix =
      tile > 0 ? look_back(x, n, words, tile, spin_bound, &state, scratch) : (ACC)(0);
  if (get_local_id(0) == 0 && publishes) write_value(inclusive_of(words, tile), prefix + aggregate);
#if STAGED
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) a[k] = staged[k * GROUP + get_local_id(0)] + prefix;
#elif WARP_WINDOW
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) a[k] += prefix;
#else
  items_scan(a, prefix, before, rows);
#endif
  store_items(out, tile * TILE, n, a);
}
#endif
