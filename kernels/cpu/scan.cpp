#include "kernels/cpu/scan.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <vector>

#include "kernels/cpu/block_reduce_isa.hpp"
#include "kernels/cpu/partition.hpp"
#include "kernels/cpu/scan_isa.hpp"
#include "kernels/cpu/team.hpp"

namespace kernels::cpu {
namespace {

// The reduce pass's accumulators: enough independent vector adds to cover latency × pipes
// (kernels/cpu/block_reduce_simd.cpp).
constexpr int kReduceAccumulators = 8;

bool sequential(ScanTechnique t) {
  return t == ScanTechnique::plain || t == ScanTechnique::std_library || t == ScanTechnique::simd;
}

// Throws for a call that cannot run; builds no text unless it throws (small calls are timed).
template <class T>
void check(const ScanCall& call, const T* x, const T* out, std::size_t n) {
  const auto fail = [&](const std::string& why) {
    throw std::invalid_argument("scan " + std::string(to_string(call.kind)) + " " +
                                scan_variant_name(call) + ": " + why);
  };
  if (call.threads < 1) fail("threads " + std::to_string(call.threads) + " < 1");
  if (sequential(call.technique) && call.threads != 1)
    fail("a sequential scan runs on one thread, not " + std::to_string(call.threads));
  if (call.technique == ScanTechnique::plain &&
      std::find(std::begin(kScanUnrolls), std::end(kScanUnrolls), call.unroll) ==
          std::end(kScanUnrolls))
    fail("no loop unrolled " + std::to_string(call.unroll) + " times (expected 1, 2, 4 or 8)");
  if (call.technique == ScanTechnique::cache_partitioned && call.block_bytes < kCacheLineBytes)
    fail("a chunk of " + std::to_string(call.block_bytes) + " bytes is less than a cache line");
  if (call.store == Store::nontemporal && !scan_streams(call.technique))
    fail("no streaming stores");
  if (!cpu_supports(call.isa)) fail("this CPU lacks " + std::string(to_string(call.isa)));
  if (n > 0 && (!x || !out)) fail("an array is null");
}

// The per-ISA kernels of the call's level.
template <class T>
struct Kernels {
  T (*scan)(ScanKind, Store, const T*, T*, std::size_t, T);
  T (*reduce)(ReduceOp, int, const T*, const T*, std::size_t);
  void (*add)(T*, std::size_t, T);
};

template <class T>
Kernels<T> kernels_of(Isa isa) {
  return {ROOFLAB_ISA_PICK(isa, scan_block_simd<T>), ROOFLAB_ISA_PICK(isa, reduce_block_simd<T>),
          ROOFLAB_ISA_PICK(isa, add_to_block<T>)};
}

// The blocks' sums, then offsets: kept from call to call (as the reduce family's partials, see
// kernels/cpu/reduce.cpp); the members write through the reference.
template <class T>
std::vector<Partial<T>>& partials(int threads) {
  thread_local std::vector<Partial<T>> kept;
  kept.assign(static_cast<std::size_t>(threads), {});
  return kept;
}

// Replaces each block's sum with the sum of the blocks before it.
template <class T>
void to_offsets(std::vector<Partial<T>>& blocks) {
  T carry{};
  for (Partial<T>& b : blocks) {
    const T sum = b.value;
    b.value = carry;
    carry = wrapping_add(carry, sum);
  }
}

// Thread t's block of the n elements at out (the written array decides where the blocks are cut,
// so no cache line of it is written by two threads).
template <class T>
Range block_of(const T* out, std::size_t n, int t, int threads) {
  return thread_block(out, n, sizeof(T), t, threads);
}

// Reduce each block, offsets, scan each block from its offset. The last block's sum would offset
// nothing: it is not reduced.
template <class T>
void reduce_then_scan(const ScanCall& call, const Kernels<T>& k, const T* x, T* out,
                      std::size_t n) {
  const int threads = call.threads;
  std::vector<Partial<T>>& blocks = partials<T>(threads);
  Team& team = Team::of(threads);
  auto reduce = [&](int t) {
    if (t == threads - 1) return;
    const Range r = block_of(out, n, t, threads);
    blocks[static_cast<std::size_t>(t)].value =
        k.reduce(ReduceOp::sum, kReduceAccumulators, x + r.begin, nullptr, r.end - r.begin);
  };
  team.run(reduce);
  to_offsets(blocks);
  auto scan = [&](int t) {
    const Range r = block_of(out, n, t, threads);
    k.scan(call.kind, call.store, x + r.begin, out + r.begin, r.end - r.begin,
           blocks[static_cast<std::size_t>(t)].value);
  };
  team.run(scan);
}

// Scan each block from zero, offsets, add each block's offset (the first block's is zero).
template <class T>
void scan_then_fan(const ScanCall& call, const Kernels<T>& k, const T* x, T* out, std::size_t n) {
  const int threads = call.threads;
  std::vector<Partial<T>>& blocks = partials<T>(threads);
  Team& team = Team::of(threads);
  auto scan = [&](int t) {
    const Range r = block_of(out, n, t, threads);
    blocks[static_cast<std::size_t>(t)].value =
        k.scan(call.kind, Store::temporal, x + r.begin, out + r.begin, r.end - r.begin, T{});
  };
  team.run(scan);
  to_offsets(blocks);
  auto fan = [&](int t) {
    if (t == 0) return;
    const Range r = block_of(out, n, t, threads);
    k.add(out + r.begin, r.end - r.begin, blocks[static_cast<std::size_t>(t)].value);
  };
  team.run(fan);
}

// What a chunk of the look-back scan has published: nothing yet, its sum (aggregate), or the sum
// of it and everything before it (inclusive).
enum ChunkStatus : int { kNothing, kAggregate, kInclusive };

template <class T>
struct alignas(kCacheLineBytes) Chunk {
  std::atomic<int> status{kNothing};
  T aggregate{}, inclusive{};
};

// The chunk states of a call, kept from call to call (the members write through the pointer).
template <class T>
Chunk<T>* chunk_states(std::size_t chunks) {
  thread_local std::unique_ptr<Chunk<T>[]> kept;
  thread_local std::size_t capacity = 0;
  if (capacity < chunks) {
    kept = std::make_unique<Chunk<T>[]>(chunks);
    capacity = chunks;
  }
  for (std::size_t c = 0; c < chunks; ++c)
    kept[c].status.store(kNothing, std::memory_order_relaxed);
  return kept.get();
}

// Pauses a waiting thread spends on a predecessor before it sums that chunk itself.
constexpr int kSpinsBeforeFallback = 1 << 12;

// Chunks of block_bytes handed out in order by a ticket; each is reduced, its sum published, the
// sum of the chunks before it found by looking back over their published sums to the nearest
// inclusive one, and then scanned from that offset while it is still in the cache. A chunk whose
// predecessor already published its inclusive sum is scanned at once. No thread waits for all
// the others between chunks, only for a predecessor that has not published its sum, and past
// kSpinsBeforeFallback pauses (its thread descheduled) sums that chunk itself, the same kernel
// over the same elements giving the same bits (out of place; in place it yields to the owner).
// Partitions of threads × block_bytes scanned between two barriers each (reduce, offsets, scan)
// ran 2.5× slower: on a 2-vCPU guest shared with other work every barrier waits for a descheduled
// thread (int32, 2^24 elements, 2 threads: 1.3 against 3.3 Gelem/s).
template <class T>
void cache_partitioned(const ScanCall& call, const Kernels<T>& k, const T* x, T* out,
                       std::size_t n) {
  const std::size_t per_line = kCacheLineBytes / sizeof(T);
  const std::size_t chunk =
      std::max(call.block_bytes / sizeof(T) / per_line, std::size_t{1}) * per_line;
  const std::size_t chunks = (n + chunk - 1) / chunk;
  Chunk<T>* states = chunk_states<T>(chunks);
  const auto length = [&](std::size_t c) { return std::min(chunk, n - c * chunk); };
  const auto reduce = [&](std::size_t c) {
    return k.reduce(ReduceOp::sum, kReduceAccumulators, x + c * chunk, nullptr, length(c));
  };
  const auto publish = [&](std::size_t c, ChunkStatus status, T value) {
    (status == kInclusive ? states[c].inclusive : states[c].aggregate) = value;
    states[c].status.store(status, std::memory_order_release);
  };
  // In place, a chunk that published nothing may be half scanned already (its owner found its
  // predecessor's inclusive sum and went straight to the scan): its elements can no longer be
  // summed, so a waiter yields the CPU to the owner instead.
  const bool in_place = x == out;
  // The sum of the chunks before c.
  const auto look_back = [&](std::size_t c) {
    T sum{};
    for (std::size_t p = c; p-- > 0;) {
      int status = kNothing;
      for (int spins = 1; (status = states[p].status.load(std::memory_order_acquire)) == kNothing;
           ++spins) {
        if (spins < kSpinsBeforeFallback) {
          relax();
        } else if (in_place) {
          std::this_thread::yield();
        } else {
          break;
        }
      }
      if (status == kInclusive) return wrapping_add(sum, states[p].inclusive);
      sum = wrapping_add(sum, status == kAggregate ? states[p].aggregate : reduce(p));
    }
    return sum;
  };
  std::atomic<std::size_t> ticket{0};
  auto member = [&](int) {
    for (std::size_t c; (c = ticket.fetch_add(1, std::memory_order_relaxed)) < chunks;) {
      T before{};
      if (c > 0) {
        if (states[c - 1].status.load(std::memory_order_acquire) == kInclusive) {
          before = states[c - 1].inclusive;
        } else {
          const T aggregate = reduce(c);
          publish(c, kAggregate, aggregate);
          before = look_back(c);
          publish(c, kInclusive, wrapping_add(before, aggregate));
        }
      }
      const T end =
          k.scan(call.kind, call.store, x + c * chunk, out + c * chunk, length(c), before);
      if (states[c].status.load(std::memory_order_relaxed) != kInclusive)
        publish(c, kInclusive, end);
    }
  };
  Team::of(call.threads).run(member);
}

template <class T>
void run(const ScanCall& call, const T* x, T* out, std::size_t n) {
  check(call, x, out, n);
  switch (call.technique) {
    case ScanTechnique::plain:
      ROOFLAB_ISA_PICK(call.isa, scan_block_plain<T>)(call.kind, call.unroll, x, out, n, T{});
      return;
    case ScanTechnique::std_library:
      ROOFLAB_ISA_PICK(call.isa, scan_block_std<T>)(call.kind, x, out, n);
      return;
    case ScanTechnique::simd:
      kernels_of<T>(call.isa).scan(call.kind, call.store, x, out, n, T{});
      return;
    case ScanTechnique::reduce_then_scan:
      reduce_then_scan(call, kernels_of<T>(call.isa), x, out, n);
      return;
    case ScanTechnique::scan_then_fan:
      scan_then_fan(call, kernels_of<T>(call.isa), x, out, n);
      return;
    case ScanTechnique::cache_partitioned:
      cache_partitioned(call, kernels_of<T>(call.isa), x, out, n);
      return;
  }
  throw std::invalid_argument("scan: unknown technique");
}

}  // namespace

std::string_view to_string(ScanTechnique t) {
  switch (t) {
    case ScanTechnique::plain:
      return "plain";
    case ScanTechnique::std_library:
      return "std_library";
    case ScanTechnique::simd:
      return "simd";
    case ScanTechnique::reduce_then_scan:
      return "reduce_then_scan";
    case ScanTechnique::scan_then_fan:
      return "scan_then_fan";
    case ScanTechnique::cache_partitioned:
      return "cache_partitioned";
  }
  return "unknown";
}

bool scan_streams(ScanTechnique t) {
  return t == ScanTechnique::simd || t == ScanTechnique::reduce_then_scan ||
         t == ScanTechnique::cache_partitioned;
}

std::string scan_variant_name(const ScanCall& call) {
  const std::string isa(to_string(call.isa));
  switch (call.technique) {
    case ScanTechnique::plain:
      return call.unroll == 1 ? "plain" : "unroll" + std::to_string(call.unroll);
    case ScanTechnique::std_library:
      return call.kind == ScanKind::exclusive ? "std_exclusive_scan" : "std_inclusive_scan";
    case ScanTechnique::simd:
      return isa + "_logstep";
    case ScanTechnique::reduce_then_scan:
    case ScanTechnique::scan_then_fan:
    case ScanTechnique::cache_partitioned:
      return std::string(to_string(call.technique)) + "_" + isa + "_" +
             std::to_string(call.threads) + "t";
  }
  return "unknown";
}

double scan_passes(const ScanCall& call) {
  // Of the blocks, all but one are reduced (reduce-then-scan) or fanned (scan-then-fan).
  const double others = static_cast<double>(call.threads - 1) / call.threads;
  switch (call.technique) {
    case ScanTechnique::reduce_then_scan:
      return 2 + others;
    case ScanTechnique::scan_then_fan:
      return 2 + 2 * others;
    case ScanTechnique::cache_partitioned:
      // The reduce reads each chunk from memory into the caches and the scan re-reads it from
      // there (or, its predecessor done, scans it at once): memory sees each element read once
      // and written once. This is what the technique is for, and what the roofs beyond the
      // caches are compared with; the cache traffic is at most that of reduce-then-scan.
    case ScanTechnique::plain:
    case ScanTechnique::std_library:
    case ScanTechnique::simd:
      break;
  }
  return 2;
}

void scan_run(const ScanCall& call, const float* x, float* out, std::size_t n) {
  run(call, x, out, n);
}

void scan_run(const ScanCall& call, const double* x, double* out, std::size_t n) {
  run(call, x, out, n);
}

void scan_run(const ScanCall& call, const std::int32_t* x, std::int32_t* out, std::size_t n) {
  run(call, x, out, n);
}

}  // namespace kernels::cpu
