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
//                  current (scan_lookback.cuh)
// Values are the accumulator type (int32 as uint32, whose wrap-around is defined). The tiles and
// what a thread does with its items: scan_tile.cuh.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>

#include "kernels/cuda/common/block_load.cuh"
#include "kernels/cuda/common/block_reduce.cuh"
#include "kernels/cuda/common/block_scan.cuh"
#include "kernels/cuda/common/warp_exchange.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/current_device.hpp"
#include "kernels/cuda/lookback.hpp"
#include "kernels/cuda/scan.hpp"
#include "kernels/cuda/scan_lookback.cuh"
#include "kernels/cuda/scan_tile.cuh"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using namespace scan_detail;

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

}  // namespace

std::size_t resident_grid(const ScanConfig& config, roofline::Precision p) {
  check_config(config, p);
  if (config.algorithm != ScanAlgorithm::merrill_grimshaw &&
      config.schedule != LookbackSchedule::prefetch)
    return 1;
  return with_type<float, double, std::int32_t>(p, "scan on CUDA", [&]<class T>() {
    std::size_t grid = 1;
    const auto count = [&](int resident) {
      grid = static_cast<std::size_t>(std::max(resident, 1)) *
             current_device_attribute(cudaDevAttrMultiProcessorCount);
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
                    static_cast<std::size_t>(current_device_attribute(cudaDevAttrL2CacheSize)));
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
