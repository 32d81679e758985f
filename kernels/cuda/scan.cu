// The scan family's kernels (scan_plan.hpp says which algorithm does what): five kernel templates
// over (value type, threads, loads, block scan; the look-back's also over load and store hints, a
// minimum of resident blocks, where its tile is held and its waits), and the passes of each
// algorithm launched from them:
//   scan_spans     each block scans its span of tiles (one tile, or merrill_grimshaw's span) from
//                  an offset, carrying the running total from tile to tile; writes its total
//   reduce_spans   each block sums its span of tiles (striped 16-byte loads, no exchange: a sum
//                  is order-free); writes its total
//   add_offsets    adds each tile's offset to its outputs (scan_then_fan's fan)
//   scan_lookback  single pass: one tile per block, or (scan_lookback_prefetch) a resident grid of
//                  blocks drawing tiles, each loading its next tile while it looks back for the
//                  current
// Values are the accumulator type (int32 as uint32, whose wrap-around is defined).
#include <algorithm>
#include <cstdint>
#include <cuda/atomic>
#include <cuda/std/bit>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>

#include "kernels/cuda/common/block_load.cuh"
#include "kernels/cuda/common/block_reduce.cuh"
#include "kernels/cuda/common/block_scan.cuh"
#include "kernels/cuda/common/warp_exchange.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/lookback.hpp"
#include "kernels/cuda/scan.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

template <class A, int Threads, int Loads>
struct Tile {
  using Span = WarpSpan<A, Loads>;
  static constexpr int kItems = Span::kItems;
  static constexpr std::size_t kElements = std::size_t{Threads} * kItems;
};

// Buffers: tiles of exchange (a slice per warp in each); two for the prefetching look-back's staged
// tiles, the current one and the next.
template <class A, int Threads, int Loads, BlockScanAlgorithm B, int Buffers = 1>
struct ScanShared {
  alignas(16) A exchange[Buffers * Tile<A, Threads, Loads>::kElements];
  A scan[block_scan_shared_values<B, Threads>()];
  A prefix;       // the tile's exclusive prefix, from the look-back
  unsigned tile;  // the look-back's ticket
  unsigned next;  // the prefetching look-back's next ticket
};

// A thread's consecutive elements become their inclusive scan; returns their total.
template <class A, int N>
__device__ __forceinline__ A thread_scan(A (&items)[N]) {
#pragma unroll
  for (int k = 1; k < N; ++k) items[k] += items[k - 1];
  return items[N - 1];
}

// The sum of a thread's elements by a pairwise tree (log2 N dependent adds, not N − 1): the
// look-back publishes the tile's aggregate from it before the serial scan runs. H200 fp32 at 2^28
// (docs/performance.md): the serial scan's 31 dependent float adds had delayed each tile's
// aggregate; int32's adds the compiler may reorder, float's it may not.
template <class A, int N>
__device__ __forceinline__ A thread_reduce(const A (&items)[N]) {
  A partial[N];
#pragma unroll
  for (int k = 0; k < N; ++k) partial[k] = items[k];
#pragma unroll
  for (int stride = 1; stride < N; stride *= 2)
#pragma unroll
    for (int k = 0; k + stride < N; k += 2 * stride) partial[k] += partial[k + stride];
  return partial[0];
}

// From a thread's inclusive scan to its outputs; `prefix`: the sum of all elements before its
// first.
template <class A, int N>
__device__ __forceinline__ void add_prefix(A (&items)[N], A prefix, ScanKind kind) {
  if (kind == ScanKind::inclusive) {
#pragma unroll
    for (int k = 0; k < N; ++k) items[k] = prefix + items[k];
  } else {
#pragma unroll
    for (int k = N - 1; k > 0; --k) items[k] = prefix + items[k - 1];
    items[0] = prefix;
  }
}

// A staged tile's lane (its blocked vectors in the warp's slice, landed): its items replaced by
// their inclusive scan, the same serial adds as thread_scan, a vector at a time so that no more
// than a vector of items is held; returns their total by thread_reduce's tree over the vectors'
// sums (a separate chain of adds: the aggregate need not wait for the serial scan).
template <int Loads, class A>
__device__ __forceinline__ A scan_staged(A* slice) {
  using Span = WarpSpan<A, Loads>;
  A sums[Loads], running{};
#pragma unroll
  for (int j = 0; j < Loads; ++j) {
    typename Span::Raw& v = blocked_vector<Loads>(slice, j);
    A x[Span::kVector];
#pragma unroll
    for (int k = 0; k < Span::kVector; ++k) x[k] = Span::at(v, k);
    sums[j] = thread_reduce(x);
#pragma unroll
    for (int k = 0; k < Span::kVector; ++k) {
      running = j == 0 && k == 0 ? x[0] : running + x[k];
      Span::at(v, k) = running;
    }
  }
  return thread_reduce(sums);
}

// add_prefix on a staged lane's inclusive scan, in place.
template <int Loads, class A>
__device__ __forceinline__ void add_prefix_staged(A* slice, A prefix, ScanKind kind) {
  using Span = WarpSpan<A, Loads>;
  A next = prefix;  // the exclusive output of the next element
#pragma unroll
  for (int j = 0; j < Loads; ++j) {
    typename Span::Raw& v = blocked_vector<Loads>(slice, j);
#pragma unroll
    for (int k = 0; k < Span::kVector; ++k) {
      const A inclusive = prefix + Span::at(v, k);
      Span::at(v, k) = kind == ScanKind::inclusive ? inclusive : next;
      next = inclusive;
    }
  }
}

// Loads the tile at `tile` (`valid` of its elements; a full tile when valid ≥ its size) and scans
// it in the block: each thread's items become their inclusive scan, `total` gets the tile's sum;
// returns the sum of the elements before the thread's first within the tile.
template <class A, int Threads, int Loads, BlockScanAlgorithm B, LoadHint H = LoadHint::cg>
__device__ __forceinline__ void load_items(const A* tile, std::size_t valid,
                                           ScanShared<A, Threads, Loads, B>& sh,
                                           A (&items)[Tile<A, Threads, Loads>::kItems]) {
  using Span = WarpSpan<A, Loads>;
  const std::size_t offset = std::size_t{threadIdx.x / 32} * Span::kElements;
  load_blocked<Loads, H>(tile + offset, valid > offset ? valid - offset : 0, sh.exchange + offset,
                         items);
}

template <class A, int Threads, int Loads, BlockScanAlgorithm B>
__device__ __forceinline__ A load_and_scan(const A* tile, std::size_t valid,
                                           ScanShared<A, Threads, Loads, B>& sh,
                                           A (&items)[Tile<A, Threads, Loads>::kItems], A& total) {
  load_items(tile, valid, sh, items);
  return block_exclusive_scan<B, Threads>(thread_scan(items), sh.scan, total);
}

template <class A, int Threads, int Loads, BlockScanAlgorithm B, StoreHint H = StoreHint::wb>
__device__ __forceinline__ void store_tile(A* tile, std::size_t valid,
                                           ScanShared<A, Threads, Loads, B>& sh,
                                           const A (&items)[Tile<A, Threads, Loads>::kItems]) {
  using Span = WarpSpan<A, Loads>;
  const std::size_t offset = std::size_t{threadIdx.x / 32} * Span::kElements;
  store_blocked<Loads, H>(tile + offset, valid > offset ? valid - offset : 0, sh.exchange + offset,
                          items);
}

// Block b scans tiles [b·span_tiles, (b + 1)·span_tiles) of in into out, from offsets[b] (zero
// without offsets), and writes the span's sum to totals[b] (when given).
template <class A, int Threads, int Loads, BlockScanAlgorithm B>
__global__ void __launch_bounds__(Threads)
    scan_spans(const A* __restrict__ in, A* __restrict__ out, std::size_t n, ScanKind kind,
               std::size_t span_tiles, const A* __restrict__ offsets, A* __restrict__ totals) {
  using S = Tile<A, Threads, Loads>;
  __shared__ ScanShared<A, Threads, Loads, B> sh;
  const std::size_t first = std::size_t{blockIdx.x} * span_tiles;
  const std::size_t end = std::min(first + span_tiles, (n + S::kElements - 1) / S::kElements);
  A carry = offsets ? offsets[blockIdx.x] : A{};
  A span_total{};
  for (std::size_t t = first; t < end; ++t) {
    const std::size_t start = t * S::kElements;
    A items[S::kItems], total;
    const A before = load_and_scan(in + start, n - start, sh, items, total);
    add_prefix(items, carry + before, kind);
    store_tile(out + start, n - start, sh, items);
    carry += total;
    span_total += total;
    __syncthreads();  // every thread has read the block scan's shared values
  }
  if (totals && threadIdx.x == 0) totals[blockIdx.x] = span_total;
}

constexpr BlockReduceAlgorithm reduce_of(BlockScanAlgorithm b) {
  return b == BlockScanAlgorithm::warp_shfl ? BlockReduceAlgorithm::warp_shfl
                                            : BlockReduceAlgorithm::smem_tree;
}

// Block b sums tiles [b·span_tiles, (b + 1)·span_tiles) of in into totals[b], with the block
// reduce of the same technique as the block scan (warp shuffles, or a shared-memory tree).
template <class A, int Threads, int Loads, BlockScanAlgorithm B>
__global__ void __launch_bounds__(Threads)
    reduce_spans(const A* __restrict__ in, std::size_t n, std::size_t span_tiles,
                 A* __restrict__ totals) {
  using S = Tile<A, Threads, Loads>;
  constexpr int kVector = S::Span::kVector;
  __shared__ A shared[Threads];
  const std::size_t first = std::size_t{blockIdx.x} * span_tiles;
  const std::size_t end = std::min(first + span_tiles, (n + S::kElements - 1) / S::kElements);
  A acc[Loads] = {};
  for (std::size_t t = first; t < end; ++t) {
    const std::size_t start = t * S::kElements;
    if (n - start >= S::kElements) {
      Vector<A, kVector> v[Loads];
      load_tile<BlockLoadAlgorithm::striped, Loads>(in + start, v);
#pragma unroll
      for (int i = 0; i < Loads; ++i)
#pragma unroll
        for (int k = 0; k < kVector; ++k) acc[i] += v[i].v[k];
    } else {
      for (std::size_t i = start + threadIdx.x; i < n; i += Threads) acc[0] += in[i];
    }
  }
#pragma unroll
  for (int i = 1; i < Loads; ++i) acc[0] += acc[i];
  const A sum = block_sum<reduce_of(B)>(acc[0], shared, static_cast<A*>(nullptr));
  if (threadIdx.x == 0) totals[blockIdx.x] = sum;
}

// Adds offsets[t] to tile t of out, for t ≥ 1 (tile 0's offset is zero): block b, tile b + 1.
template <class A, int Threads, int Loads>
__global__ void __launch_bounds__(Threads)
    add_offsets(A* __restrict__ out, std::size_t n, const A* __restrict__ offsets) {
  using S = Tile<A, Threads, Loads>;
  constexpr int kVector = S::Span::kVector;
  const std::size_t t = std::size_t{blockIdx.x} + 1;
  const A offset = offsets[t];
  const std::size_t start = t * S::kElements;
  if (n - start >= S::kElements) {
    Vector<A, kVector> v[Loads];
    load_tile<BlockLoadAlgorithm::striped, Loads>(out + start, v);
#pragma unroll
    for (int i = 0; i < Loads; ++i) {
#pragma unroll
      for (int k = 0; k < kVector; ++k) v[i].v[k] = offset + v[i].v[k];
      store<A, kVector>(
          out + start + std::size_t{tile_vector<BlockLoadAlgorithm::striped, Loads>(i)} * kVector,
          v[i]);
    }
  } else {
    for (std::size_t i = start + threadIdx.x; i < n; i += Threads) out[i] = offset + out[i];
  }
}

// The look-back's device state (lookback.hpp): descriptors, ticket, this launch's epoch.
template <class A>
struct Lookback {
  // A descriptor per tile: one word, (tag << 32) | value bits, for 4-byte values; two, the tag
  // then the value bits, 16-byte aligned, for 8-byte values.
  std::uint64_t* words;
  unsigned* ticket;
  unsigned epoch;
};

template <class A>
struct Descriptor {
  TileStatus status;
  A value;
};

using Word = ::cuda::atomic_ref<std::uint64_t, ::cuda::thread_scope_device>;

// A 16-byte descriptor stored and loaded as one 128-bit access (ld/st .b128, PTX ISA 8.3, sm_70
// and later), relaxed at device scope like the 4-byte values' word: a reader sees a tag with its
// own value, one load per poll (CUB's 16-byte tile descriptors likewise). H200 fp64 at 2^28
// (docs/performance.md): a tag stored with release semantics after the value, and read with
// acquire semantics before it, had moved 0.70 × CUB; this descriptor, at the same delays,
// 0.95-0.97 ×.
__device__ __forceinline__ void store_pair(std::uint64_t* p, std::uint64_t tag,
                                           std::uint64_t bits) {
  asm volatile(
      "{\n\t.reg .b128 d;\n\tmov.b128 d, {%1, %2};\n\tst.relaxed.gpu.b128 [%0], d;\n\t}" ::"l"(p),
      "l"(tag), "l"(bits)
      : "memory");
}

__device__ __forceinline__ void load_pair(const std::uint64_t* p, std::uint64_t& tag,
                                          std::uint64_t& bits) {
  asm volatile("{\n\t.reg .b128 d;\n\tld.relaxed.gpu.b128 d, [%2];\n\tmov.b128 {%0, %1}, d;\n\t}"
               : "=l"(tag), "=l"(bits)
               : "l"(p)
               : "memory");
}

template <class A>
__device__ __forceinline__ void publish(const Lookback<A>& s, unsigned tile, TileStatus status,
                                        A value) {
  const unsigned tag = tile_tag(s.epoch, status);
  if constexpr (sizeof(A) == 4) {
    Word(s.words[tile])
        .store(tile_word(tag, ::cuda::std::bit_cast<std::uint32_t>(value)),
               ::cuda::std::memory_order_relaxed);
  } else {
    store_pair(s.words + 2 * std::size_t{tile}, tag, ::cuda::std::bit_cast<std::uint64_t>(value));
  }
}

template <class A>
__device__ __forceinline__ Descriptor<A> read(const Lookback<A>& s, unsigned tile) {
  if constexpr (sizeof(A) == 4) {
    const std::uint64_t w = Word(s.words[tile]).load(::cuda::std::memory_order_relaxed);
    return {tile_status(word_tag(w), s.epoch), ::cuda::std::bit_cast<A>(word_bits(w))};
  } else {
    std::uint64_t tag, bits;
    load_pair(s.words + 2 * std::size_t{tile}, tag, bits);
    return {tile_status(static_cast<unsigned>(tag), s.epoch), ::cuda::std::bit_cast<A>(bits)};
  }
}

// Run by the tile's first warp: publishes the tile's aggregate, waits (D), then
// reads its predecessors' descriptors 32 at a time (lane i: the tile i + 1 before the window's
// start), waiting until every lane up to the nearest inclusive prefix has published; adds those
// lanes' values (the aggregates and that prefix), or all 32 aggregates and moves the window back
// when it holds no inclusive prefix. Publishes the tile's inclusive prefix and returns its
// exclusive one (in every lane).
template <LookbackDelays D, class A>
__device__ __forceinline__ A look_back(const Lookback<A>& s, unsigned tile, A aggregate) {
  const unsigned lane = threadIdx.x % 32;
  if (tile == 0) {
    if (lane == 0) publish(s, 0, TileStatus::inclusive, aggregate);
    return A{};
  }
  if (lane == 0) publish(s, tile, TileStatus::aggregate, aggregate);
  if (D.before_first_read > 0) __nanosleep(D.before_first_read);
  A exclusive{};
  for (long long window = static_cast<long long>(tile) - 1;; window -= 32) {
    const long long p = window - lane;
    Descriptor<A> d = p >= 0 ? read(s, static_cast<unsigned>(p))
                             : Descriptor<A>{TileStatus::inclusive, A{}};  // before the start
    unsigned inclusive = 0, lanes = 0;
    for (unsigned delay = 0;;) {
      const unsigned invalid = __ballot_sync(kFullWarp, d.status == TileStatus::invalid);
      inclusive = __ballot_sync(kFullWarp, d.status == TileStatus::inclusive);
      lanes = window_lanes(inclusive);
      if ((invalid & lanes) == 0) break;
      if (delay > 0) __nanosleep(delay);
      delay = delay == 0 ? D.first_poll : (2 * delay < D.last_poll ? 2 * delay : D.last_poll);
      if (d.status == TileStatus::invalid) d = read(s, static_cast<unsigned>(p));
    }
    exclusive += warp_sum<BlockReduceAlgorithm::warp_shfl>((lanes >> lane) & 1u ? d.value : A{});
    if (inclusive) break;
  }
  if (lane == 0) publish(s, tile, TileStatus::inclusive, exclusive + aggregate);
  return exclusive;
}

// A look-back block's tile in shared memory (TileStaging::shared), at `buffer` of sh.exchange: the
// warp's slice, where its span is copied, scanned and stored from.
template <class A, int Threads, int Loads, BlockScanAlgorithm B, int Buffers>
__device__ __forceinline__ A* staged_slice(ScanShared<A, Threads, Loads, B, Buffers>& sh,
                                           int buffer) {
  return sh.exchange + buffer * Tile<A, Threads, Loads>::kElements +
         std::size_t{threadIdx.x / 32} * WarpSpan<A, Loads>::kElements;
}

// The copies of tile t into the warp's slice (TileStaging::shared), with the load hint H.
template <class A, int Threads, int Loads, LoadHint H>
__device__ __forceinline__ void copy_tile_async(const A* in, std::size_t n, unsigned t, A* slice) {
  const std::size_t start = std::size_t{t} * Tile<A, Threads, Loads>::kElements +
                            std::size_t{threadIdx.x / 32} * WarpSpan<A, Loads>::kElements;
  copy_striped_async<Loads, H>(in + start, n > start ? n - start : 0, slice);
}

// Asks the L2 for in[first, first + elements) within n, a 128-byte line a request spread over
// the block's threads; nothing waits for it.
template <int Threads, class A>
__device__ __forceinline__ void prefetch_l2(const A* in, std::size_t n, std::size_t first,
                                            std::size_t elements) {
  if (first >= n) return;
  const std::size_t bytes = (n - first < elements ? n - first : elements) * sizeof(A);
  const char* base = reinterpret_cast<const char*>(in + first);
  for (std::size_t line = threadIdx.x; line * 128 < bytes; line += Threads)
    asm volatile("prefetch.global.L2 [%0];\n" ::"l"(base + line * 128));
}

// One tile per block, its index the block's ticket (tickets are drawn in the order blocks start,
// so a predecessor a block waits for is already running: no reliance on dispatch order). LH and
// SH: the hints of the input's loads and the output's stores; St: where the tile is held; Wait,
// FirstPoll, LastPoll: its LookbackDelays (a kernel takes no class-type template argument: nvcc's
// host stubs cannot spell one); l2_ahead: ScanPlan::l2_ahead.
template <class A, int Threads, int Loads, BlockScanAlgorithm B, LoadHint LH, StoreHint SH,
          int MinBlocks, TileStaging St, unsigned Wait, unsigned FirstPoll, unsigned LastPoll>
__global__ void __launch_bounds__(Threads, MinBlocks)
    scan_lookback(const A* __restrict__ in, A* __restrict__ out, std::size_t n, ScanKind kind,
                  Lookback<A> s, unsigned l2_ahead) {
  using S = Tile<A, Threads, Loads>;
  __shared__ ScanShared<A, Threads, Loads, B> sh;
  if (threadIdx.x == 0) sh.tile = atomicInc(s.ticket, ticket_limit(gridDim.x));
  __syncthreads();
  const unsigned tile = sh.tile;
  const std::size_t start = std::size_t{tile} * S::kElements;
  if (l2_ahead > 0)
    prefetch_l2<Threads>(in, n, start + std::size_t{l2_ahead} * S::kElements, S::kElements);
  if constexpr (St == TileStaging::shared) {
    A* slice = staged_slice(sh, 0);
    copy_tile_async<A, Threads, Loads, LH>(in, n, tile, slice);
    wait_copies<0>();
    __syncwarp();
    A total;
    const A before = block_exclusive_scan<B, Threads>(scan_staged<Loads>(slice), sh.scan, total);
    if (threadIdx.x < 32) {
      const A prefix = look_back<LookbackDelays{Wait, FirstPoll, LastPoll}>(s, tile, total);
      if (threadIdx.x == 0) sh.prefix = prefix;
    }
    __syncthreads();
    add_prefix_staged<Loads>(slice, sh.prefix + before, kind);
    __syncwarp();
    const std::size_t span = start + std::size_t{threadIdx.x / 32} * S::Span::kElements;
    store_striped<Loads, SH>(out + span, n > span ? n - span : 0, slice);
  } else {
    A items[S::kItems], total;
    load_items<A, Threads, Loads, B, LH>(in + start, n - start, sh, items);
    const A before = block_exclusive_scan<B, Threads>(thread_reduce(items), sh.scan, total);
    if (threadIdx.x < 32) {
      const A prefix = look_back<LookbackDelays{Wait, FirstPoll, LastPoll}>(s, tile, total);
      if (threadIdx.x == 0) sh.prefix = prefix;
    }
    thread_scan(items);  // the other warps' while the first looks back
    __syncthreads();
    add_prefix(items, sh.prefix + before, kind);
    store_tile<A, Threads, Loads, B, SH>(out + start, n - start, sh, items);
  }
}

// The prefetch schedule: a resident grid; every block draws tickets until one is past the last
// tile, so a launch draws exactly tiles + grid tickets and atomicInc(&counter, tiles + grid − 1)
// leaves the counter at 0. A block's next ticket is drawn while it scans its current tile, and
// the next tile's loads are issued before the look-back (into registers, or with a staged tile
// copied into the second buffer), so they are in flight while the block waits for its
// predecessors and stores.
template <class A, int Threads, int Loads, BlockScanAlgorithm B, LoadHint LH, StoreHint SH,
          int MinBlocks, TileStaging St, unsigned Wait, unsigned FirstPoll, unsigned LastPoll>
__global__ void __launch_bounds__(Threads, MinBlocks)
    scan_lookback_prefetch(const A* __restrict__ in, A* __restrict__ out, std::size_t n,
                           ScanKind kind, Lookback<A> s, unsigned tiles) {
  using S = Tile<A, Threads, Loads>;
  using Span = typename S::Span;
  constexpr int kBuffers = St == TileStaging::shared ? 2 : 1;
  __shared__ ScanShared<A, Threads, Loads, B, kBuffers> sh;
  const unsigned limit = prefetch_ticket_limit(tiles, gridDim.x);
  if (threadIdx.x == 0) sh.tile = atomicInc(s.ticket, limit);
  __syncthreads();
  unsigned tile = sh.tile;
  if (tile >= tiles) return;
  const std::size_t offset = std::size_t{threadIdx.x / 32} * Span::kElements;
  const auto load = [&](unsigned t, typename Span::Raw(&raw)[Loads]) {
    const std::size_t start = std::size_t{t} * S::kElements + offset;
    load_striped<Loads, LH>(in + start, n > start ? n - start : 0, raw);
  };
  typename Span::Raw raw[St == TileStaging::shared ? 1 : Loads];
  int buffer = 0;
  if constexpr (St == TileStaging::shared)
    copy_tile_async<A, Threads, Loads, LH>(in, n, tile, staged_slice(sh, 0));
  else
    load(tile, raw);
  for (;;) {
    if (threadIdx.x == 0) sh.next = atomicInc(s.ticket, limit);  // seen after the scan's barrier
    A* slice = St == TileStaging::shared ? staged_slice(sh, buffer) : sh.exchange + offset;
    A items[St == TileStaging::shared ? 1 : S::kItems], total, before;
    if constexpr (St == TileStaging::shared) {
      wait_copies<0>();
      __syncwarp();
      before = block_exclusive_scan<B, Threads>(scan_staged<Loads>(slice), sh.scan, total);
    } else {
      striped_to_blocked<Loads>(raw, slice, items);
      before = block_exclusive_scan<B, Threads>(thread_reduce(items), sh.scan, total);
    }
    const unsigned next = sh.next;
    if (next < tiles) {
      if constexpr (St == TileStaging::shared)
        copy_tile_async<A, Threads, Loads, LH>(in, n, next, staged_slice(sh, buffer ^ 1));
      else
        load(next, raw);
    }
    if (threadIdx.x < 32) {
      const A prefix = look_back<LookbackDelays{Wait, FirstPoll, LastPoll}>(s, tile, total);
      if (threadIdx.x == 0) sh.prefix = prefix;
    }
    const std::size_t start = std::size_t{tile} * S::kElements;
    if constexpr (St == TileStaging::shared) {
      __syncthreads();
      add_prefix_staged<Loads>(slice, sh.prefix + before, kind);
      __syncwarp();
      store_striped<Loads, SH>(out + start + offset, n > start + offset ? n - start - offset : 0,
                               slice);
    } else {
      thread_scan(items);
      __syncthreads();
      add_prefix(items, sh.prefix + before, kind);
      store_tile<A, Threads, Loads, B, SH>(out + start, n - start, sh, items);
    }
    if (next >= tiles) return;
    tile = next;
    buffer ^= 1;
    __syncthreads();  // sh.scan, sh.next and sh.prefix are read before the next tile writes them
  }
}

// The launches of one shape and block scan (and, for the look-back, hints, its minimum of
// resident blocks, where it holds its tile and its waits).
template <class A, int Threads, int Loads, BlockScanAlgorithm B, LoadHint LH = LoadHint::cg,
          StoreHint SH = StoreHint::wb, int MinBlocks = 0, TileStaging St = TileStaging::registers,
          LookbackDelays D = kLookbackDelays>
struct Launch {
  static constexpr bool kPrefetch = prefetch_compiled({Threads, Loads, MinBlocks, St});

  static void spans(const A* in, A* out, std::size_t n, ScanKind kind, std::size_t span_tiles,
                    std::size_t blocks, const A* offsets, A* totals) {
    scan_spans<A, Threads, Loads, B>
        <<<static_cast<unsigned>(blocks), Threads>>>(in, out, n, kind, span_tiles, offsets, totals);
    check_launch("scan_spans");
  }
  static void reduce(const A* in, std::size_t n, std::size_t span_tiles, std::size_t blocks,
                     A* totals) {
    reduce_spans<A, Threads, Loads, B>
        <<<static_cast<unsigned>(blocks), Threads>>>(in, n, span_tiles, totals);
    check_launch("reduce_spans");
  }
  static void fan(A* out, std::size_t n, std::size_t tiles, const A* offsets) {
    if (tiles < 2) return;
    add_offsets<A, Threads, Loads><<<static_cast<unsigned>(tiles - 1), Threads>>>(out, n, offsets);
    check_launch("add_offsets");
  }
  // The look-back in either schedule: a block per tile, or (prefetch) `blocks` drawing tiles
  // (check_config refuses prefetch for a shape without its kernel, !kPrefetch).
  static void lookback(const A* in, A* out, std::size_t n, ScanKind kind, const ScanPlan& plan,
                       LookbackSchedule schedule, const Lookback<A>& s) {
    if (schedule == LookbackSchedule::one_tile) {
      scan_lookback<A, Threads, Loads, B, LH, SH, MinBlocks, St, D.before_first_read, D.first_poll,
                    D.last_poll><<<static_cast<unsigned>(plan.tiles), Threads>>>(
          in, out, n, kind, s, static_cast<unsigned>(plan.l2_ahead));
      check_launch("scan_lookback");
    } else if constexpr (kPrefetch) {
      scan_lookback_prefetch<A, Threads, Loads, B, LH, SH, MinBlocks, St, D.before_first_read,
                             D.first_poll, D.last_poll>
          <<<static_cast<unsigned>(plan.blocks), Threads>>>(in, out, n, kind, s,
                                                            static_cast<unsigned>(plan.tiles));
      check_launch("scan_lookback_prefetch");
    }
  }
  // Resident blocks per SM of the kernel the grid is sized for: merrill_grimshaw's spans, or the
  // prefetching look-back (apart, so that the sweep's shapes compile no scan_spans).
  static int resident_spans() {
    int resident = 0;
    ROOFLAB_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &resident, scan_spans<A, Threads, Loads, B>, Threads, 0));
    return resident;
  }
  static int resident_lookback() {
    int resident = 0;
    if constexpr (kPrefetch)
      ROOFLAB_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &resident,
          scan_lookback_prefetch<A, Threads, Loads, B, LH, SH, MinBlocks, St, D.before_first_read,
                                 D.first_poll, D.last_poll>,
          Threads, 0));
    return resident;
  }
};

// The Launch of shape and hints t for values of type A and block scan B.
template <class A, LookbackTuning t, BlockScanAlgorithm B>
using TunedLaunch = Launch<A, t.shape.of(sizeof(A)).threads, t.shape.of(sizeof(A)).loads, B,
                           t.hints.load, t.hints.store, t.shape.of(sizeof(A)).min_blocks,
                           t.shape.of(sizeof(A)).staging, t.shape.of(sizeof(A)).delays>;

inline constexpr LookbackTuning kMultipassDefault{kScanShapes};

// f.template operator()<L>() for the Launch of c's block scan at its algorithm's default shape
// and hints.
template <class A, class F>
void with_default(const ScanConfig& c, F&& f) {
  const auto with = [&]<LookbackTuning t>() {
    if (c.block == BlockScanAlgorithm::warp_shfl)
      f.template operator()<TunedLaunch<A, t, BlockScanAlgorithm::warp_shfl>>();
    else
      f.template operator()<TunedLaunch<A, t, BlockScanAlgorithm::smem>>();
  };
  if (c.algorithm == ScanAlgorithm::decoupled_lookback)
    with.template operator()<kLookbackDefault>();
  else
    with.template operator()<kMultipassDefault>();
}

// The Launch of kLookbackSweep[I] for values of type A.
template <class A, std::size_t I>
using SweepLaunch = TunedLaunch<A, kLookbackSweep[I], BlockScanAlgorithm::warp_shfl>;

template <class A, class F, std::size_t... I>
void with_sweep(const ScanConfig& c, F& f, std::index_sequence<I...>) {
  ((c.shape == kLookbackSweep[I].shape && c.hints == kLookbackSweep[I].hints
        ? f.template operator()<SweepLaunch<A, I>>()
        : void()),
   ...);
}

// The same for the look-back, at the default shape or (warp shuffles) a sweep entry.
template <class A, class F>
void with_lookback(const ScanConfig& c, F&& f) {
  if (c.at_default()) return with_default<A>(c, f);
  with_sweep<A>(c, f, std::make_index_sequence<std::size(kLookbackSweep)>());
}

int current_sms() {
  int device = 0, sms = 0;
  ROOFLAB_CUDA(cudaGetDevice(&device));
  ROOFLAB_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return sms;
}

std::size_t current_l2_bytes() {
  int device = 0, bytes = 0;
  ROOFLAB_CUDA(cudaGetDevice(&device));
  ROOFLAB_CUDA(cudaDeviceGetAttribute(&bytes, cudaDevAttrL2CacheSize, device));
  return static_cast<std::size_t>(bytes);
}

}  // namespace

std::size_t resident_grid(const ScanConfig& config, roofline::Precision p) {
  check_config(config, p);
  if (config.algorithm != ScanAlgorithm::merrill_grimshaw &&
      config.schedule != LookbackSchedule::prefetch)
    return 1;
  return with_type<float, double, std::int32_t>(p, "scan on CUDA", [&]<class T>() {
    std::size_t grid = 1;
    const auto count = [&](int resident) {
      grid = static_cast<std::size_t>(std::max(resident, 1)) * current_sms();
    };
    if (config.algorithm == ScanAlgorithm::merrill_grimshaw)
      with_default<Accumulator<T>>(config, [&]<class L>() { count(L::resident_spans()); });
    else
      with_lookback<Accumulator<T>>(config, [&]<class L>() { count(L::resident_lookback()); });
    return grid;
  });
}

template <class T>
ScanKernel<T>::ScanKernel(const ScanConfig& config, ScanKind kind, std::size_t n)
    : config_(config), kind_(kind), n_(n) {
  plan_ = plan_scan(config, precision_of<T>(), n, resident_grid(config, precision_of<T>()),
                    current_l2_bytes());
  if (plan_.blocks > static_cast<std::size_t>(INT32_MAX))
    throw roofline::InputError("scan: " + std::to_string(n) + " elements need " +
                               std::to_string(plan_.blocks) + " blocks, above a grid's 2^31 − 1");
  const auto scratch = [&](std::size_t values) {
    totals_.push_back(std::make_unique<DeviceBuffer<A>>(values));
    offsets_.push_back(std::make_unique<DeviceBuffer<A>>(values));
  };
  switch (config.algorithm) {
    case ScanAlgorithm::scan_then_fan:
    case ScanAlgorithm::reduce_then_scan:
      for (std::size_t l = 1; l < plan_.levels.size(); ++l) scratch(plan_.levels[l]);
      break;
    case ScanAlgorithm::merrill_grimshaw:
      if (plan_.tiles > 1) scratch(plan_.blocks);
      break;
    case ScanAlgorithm::decoupled_lookback: {
      if (plan_.tiles + plan_.blocks > static_cast<std::size_t>(UINT32_MAX))
        throw roofline::InputError("scan: " + std::to_string(plan_.tiles) +
                                   " tiles are more tickets than a 32-bit counter draws");
      const std::size_t words = std::max<std::size_t>(plan_.tiles, 1) * kDescriptorWords<A>;
      words_.emplace(words);
      ROOFLAB_CUDA(cudaMemset(words_->data(), 0, words * sizeof(std::uint64_t)));
      ticket_.emplace(1);
      ROOFLAB_CUDA(cudaMemset(ticket_->data(), 0, sizeof(unsigned)));
      break;
    }
  }
}

template <class T>
void ScanKernel<T>::launch_recursive(const A* in, A* out, std::size_t level, ScanKind kind) {
  const std::size_t n = plan_.levels[level];
  with_default<A>(config_, [&]<class L>() {
    if (level + 1 == plan_.levels.size()) {  // at most one tile: one block scans it
      L::spans(in, out, n, kind, 1, 1, nullptr, nullptr);
      return;
    }
    const std::size_t tiles = plan_.levels[level + 1];
    A* totals = totals_[level]->data();
    A* offsets = offsets_[level]->data();
    if (config_.algorithm == ScanAlgorithm::scan_then_fan) {
      L::spans(in, out, n, kind, 1, tiles, nullptr, totals);
      launch_recursive(totals, offsets, level + 1, ScanKind::exclusive);
      L::fan(out, n, tiles, offsets);
    } else {
      L::reduce(in, n, 1, tiles, totals);
      launch_recursive(totals, offsets, level + 1, ScanKind::exclusive);
      L::spans(in, out, n, kind, 1, tiles, offsets, nullptr);
    }
  });
}

template <class T>
void ScanKernel<T>::launch(const T* x, T* out) {
  const auto aligned = [](const T* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
  if (!aligned(x) || !aligned(out))
    throw std::invalid_argument("scan: arrays are not aligned to the 16-byte loads");
  if (n_ == 0) return;
  const A* in = reinterpret_cast<const A*>(x);
  A* result = reinterpret_cast<A*>(out);
  switch (config_.algorithm) {
    case ScanAlgorithm::scan_then_fan:
    case ScanAlgorithm::reduce_then_scan:
      launch_recursive(in, result, 0, kind_);
      return;
    case ScanAlgorithm::merrill_grimshaw:
      with_default<A>(config_, [&]<class L>() {
        if (plan_.tiles <= 1) return L::spans(in, result, n_, kind_, 1, 1, nullptr, nullptr);
        A* totals = totals_[0]->data();
        A* offsets = offsets_[0]->data();
        L::reduce(in, n_, plan_.span_tiles, plan_.blocks, totals);
        L::spans(totals, offsets, plan_.blocks, ScanKind::exclusive, 1, 1, nullptr, nullptr);
        L::spans(in, result, n_, kind_, plan_.span_tiles, plan_.blocks, offsets, nullptr);
      });
      return;
    case ScanAlgorithm::decoupled_lookback: {
      const unsigned epoch = next_epoch(epoch_);
      if (epoch < epoch_) {  // wrapped: no descriptor may carry the epochs about to be reused
        ROOFLAB_CUDA(cudaMemsetAsync(words_->data(), 0, words_->size() * sizeof(std::uint64_t)));
      }
      epoch_ = epoch;
      const Lookback<A> state{.words = words_->data(), .ticket = ticket_->data(), .epoch = epoch};
      with_lookback<A>(config_, [&]<class L>() {
        L::lookback(in, result, n_, kind_, plan_, config_.schedule, state);
      });
      return;
    }
  }
}

template class ScanKernel<float>;
template class ScanKernel<double>;
template class ScanKernel<std::int32_t>;

}  // namespace kernels::cuda
