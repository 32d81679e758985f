#pragma once
// The decoupled look-back's kernels (Merrill & Garland 2016; lookback.hpp has the descriptor
// rules): its device state and descriptors, the first warp's look-back over its predecessors, and
// the single-pass scan one tile per block (scan_lookback) or in a resident grid drawing tiles
// (scan_lookback_prefetch). Device code included by scan.cu.
#include <cstddef>
#include <cstdint>
#include <cuda/atomic>
#include <cuda/std/bit>

#include "kernels/cuda/async_copy.cuh"
#include "kernels/cuda/lookback.hpp"
#include "kernels/cuda/scan_plan.hpp"
#include "kernels/cuda/scan_tile.cuh"

namespace kernels::cuda::scan_detail {

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

}  // namespace kernels::cuda::scan_detail
