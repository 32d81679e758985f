#pragma once
// The scan family's tiles (scan_plan.hpp): a tile of threads × loads 16-byte vectors, the block's
// shared memory, and what a thread does with its consecutive items: scan them, sum them, add the
// prefix before them; loading and storing a tile through the warps' exchange slices, or scanning
// it where it is staged in shared memory. Device code included by scan.cu.
#include <cstddef>

#include "kernels/cuda/common/block_scan.cuh"
#include "kernels/cuda/common/memory_hint.hpp"
#include "kernels/cuda/common/warp_exchange.cuh"
#include "kernels/scan.hpp"

namespace kernels::cuda::scan_detail {

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

}  // namespace kernels::cuda::scan_detail
