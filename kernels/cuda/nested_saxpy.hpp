#pragma once
// The nested SAXPY on an NVIDIA GPU (kernels/nested_saxpy.hpp): one kernel per depth m, m a
// template parameter, so the m FMAs per element are unrolled and t stays in registers. Elements
// are float, double, __half or __nv_bfloat16; 16-bit elements are computed in pairs (HFMA2, the
// instruction the fp16 and bf16 FMA roofs are measured with).
#include <cstddef>

#include "kernels/cuda/geometry.hpp"

namespace kernels::cuda {

// Vectors per thread per step (Geometry::items) of the grid-stride kernel at depth m: their loads
// are all in flight at once, and their items × vector width chains are independent FMAs for the
// compute-bound depths. kNestedSaxpyItems (also the most bytes a bulk tile gives a thread), and
// twice that for 16-bit elements from m = 128 on, whose HFMA2 and HFMA2.MMA need the longer chains.
// H200, fp16, 4 / 8 vectors, efficiency under the roof (2026-11-30, docs/performance.md): m = 64
// 0.877 / 0.851, 128 0.814 / 0.824, 256 0.882 / 0.894, 512 0.906 / 0.930, 1024 0.923 / 0.950.
inline constexpr int kNestedSaxpyItems = 4;
constexpr int nested_saxpy_items(std::size_t element_bytes, int m) {
  return element_bytes == 2 && m >= 128 ? 2 * kNestedSaxpyItems : kNestedSaxpyItems;
}

// Where a tile's x and y come from before its threads compute it, one request per array and tile
// issued by one thread through the copy engine: `shared_copy` lands them in shared memory
// (cp.async.bulk, the threads wait on an mbarrier, then read shared memory); `l2_prefetch` only
// asks the L2 for them (cp.async.bulk.prefetch.L2, nothing waited for) and the threads load them
// from global memory, finding them in the L2 or on their way. Thrust's transform on sm_90 does the
// latter (cub::DeviceTransform's prefetch algorithm, one prefetch per 128-byte line: Thrust asks
// for arguments at stable addresses, which rules out CUB's shared-memory algorithm), in tiles of
// 256 × 3 elements in fp32 (48 KiB in flight per SM).
enum class NestedSaxpyFeed { shared_copy, l2_prefetch };

// The tile kernel's tile: one block of `threads` per tile of threads × `items` accesses of
// `vector_bytes` each (16, or one lane: 4 bytes, a pair of 16-bit elements, 8 for fp64), thread t
// taking accesses t, t + threads, …; y stored plainly or with the streaming hint (st.global.cs,
// evict first). Shared copies take any shape; L2 prefetches the two below. On an H100 at 64M
// elements (docs/performance.md, 2026-11-26) fed by shared-memory copies 256 × 3 lanes was the
// fastest tile at fp32 m = 1 and 16 (0.2626 against 0.2639 ms for 256 × 1 vector) but 13% slower
// at m = 64 (one dependent chain per access), where 256 × 1 vector was within 0.5% of the best;
// streaming stores moved no tile by more than 0.4%. So the default stays 256 × 1 16-byte vector,
// plain stores. `stages` > 1 (shared copies only): a resident grid in which each block has its
// next stages − 1 tiles landing while it computes one; on an H100 (2026-11-27) 2 stages were 10%
// faster than one tile per block at fp32 m = 128 and 5% at 256, 8–10% slower at m ≤ 16, and still
// behind Thrust at m = 128 and the grid-stride kernel at 256, so the default keeps 1.
struct NestedSaxpyBulkTile {
  int threads = 256;
  int items = 1;
  int vector_bytes = 16;
  bool streaming_stores = false;
  int stages = 1;
  NestedSaxpyFeed feed = NestedSaxpyFeed::shared_copy;
};
inline constexpr int kNestedSaxpyMostStages = 4;
inline constexpr NestedSaxpyBulkTile kNestedSaxpyBulkTile{};

// The L2-prefetched tiles' two shapes, compiled as such (nested_saxpy_l2_tile picks one per
// depth): their threads and accesses per thread are template parameters of the kernel, so the
// compiler knows that a thread's accesses lie apart and overlaps one's loads with another's FMAs
// (with the block size read at run time fp32 m = 64 took 0.266–0.278 ms against 0.263, Thrust's
// 0.264; H100, docs/performance.md 2026-11-27).
// - One-lane accesses, 256 threads of 12 bytes of each array (3 floats or 16-bit pairs, 1 double):
//   Thrust's shape in fp32.
inline constexpr int kNestedSaxpyL2LaneThreads = 256, kNestedSaxpyL2LaneBytes = 12;
constexpr NestedSaxpyBulkTile nested_saxpy_l2_lanes(int lane_bytes) {
  return {
      .threads = kNestedSaxpyL2LaneThreads,
      .items = kNestedSaxpyL2LaneBytes / lane_bytes > 1 ? kNestedSaxpyL2LaneBytes / lane_bytes : 1,
      .vector_bytes = lane_bytes,
      .feed = NestedSaxpyFeed::l2_prefetch};
}
// - 16-byte vectors, 128 threads of 2 (8 independent fp32 chains per thread).
inline constexpr NestedSaxpyBulkTile kNestedSaxpyL2Vectors{
    .threads = 128, .items = 2, .feed = NestedSaxpyFeed::l2_prefetch};
// The compiled shape of accesses of `vector_bytes` (16, or one lane of `lane_bytes`).
constexpr NestedSaxpyBulkTile nested_saxpy_l2_shape(int vector_bytes, int lane_bytes) {
  return vector_bytes == 16 ? kNestedSaxpyL2Vectors : nested_saxpy_l2_lanes(lane_bytes);
}

// How the grid-stride kernel feeds its steps: `single` loads a step's vectors, then computes them;
// `double_buffered` has the next step's vectors loading into registers while it computes this
// step's, so a thread's loads overlap its own FMAs, not only other warps'. It takes twice the
// registers for its vectors (fewer blocks fit) and needs threads with several steps: a resident
// grid (nested_saxpy_blocks_per_sm). On an H200 in fp16, one block of 256 a SM, it ran 1.08× the
// best single-buffered launch at m = 128 and 1.05× at 256 (docs/performance.md).
enum class NestedSaxpyBuffering { single, double_buffered };

// Enqueues y[i] = a(…a(a·x[i] + y[i]) + y[i]…) + y[i] with m FMAs per element on the default
// stream. Throws std::invalid_argument for an m outside kNestedSaxpyDepths. x and y are 16-byte
// aligned.
template <class T>
void nested_saxpy_launch(int m, const Geometry& g, T* y, const T* x, std::size_t n, T a,
                         NestedSaxpyBuffering buffering = NestedSaxpyBuffering::single);

// The blocks of `threads` of the grid-stride kernel of depth m that fit on one of the current
// device's SMs at once (at least 1).
template <class T>
int nested_saxpy_blocks_per_sm(int m, int threads, NestedSaxpyBuffering buffering);

// The same in tiles fed by the copy engine (sm_90 and later): one block per tile, x's and y's tiles
// copied into shared memory or prefetched into the L2 whole (the tile's feed); with stages, a
// grid of at most `resident_blocks` (from nested_saxpy_bulk_resident_blocks, asked once, not at
// each launch); L2 prefetches run the compiled shape of the tile's accesses
// (nested_saxpy_l2_shape). The tile is checked by make_bulk_nested_saxpy_case.
template <class T>
void nested_saxpy_bulk_launch(int m, const NestedSaxpyBulkTile& tile, int resident_blocks, T* y,
                              const T* x, std::size_t n, T a);

// The blocks of the tile's kernel of depth m that fit on the current device's SMs at once.
template <class T>
int nested_saxpy_bulk_resident_blocks(int m, const NestedSaxpyBulkTile& tile);

}  // namespace kernels::cuda
