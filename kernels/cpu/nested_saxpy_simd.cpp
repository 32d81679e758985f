// Nested SAXPY with explicit SIMD, compiled once per ISA level (see simd.hpp). A block of
// kChains independent vectors is loaded, carried through all m steps in registers and stored,
// so the m FMAs per element cost no memory traffic: small m streams, large m fills the FMA pipes.
#include <omp.h>

#include <cstdint>
#include <utility>

#include "kernels/cpu/nested_saxpy_isa.hpp"
#include "kernels/cpu/partition.hpp"
#include "kernels/cpu/simd.hpp"
#include "kernels/nested_saxpy.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

// Chains ≥ FMA latency × FMA issue per cycle at the vector width: 4 × 2 for ymm on Zen 3/4 and
// recent Intel cores, and for zmm on Intel cores with two 512-bit FMA units (4 × 1 on Zen 4, which
// double-pumps zmm). More chains than that make each block larger and the DRAM-bound depths slower:
// AVX-512 with 12 chains streamed m = 4-16 at 0.58-0.77 of 8 chains on a Zen 4 guest, and was no
// faster at m >= 32 on a Xeon guest (docs/performance.md). Each chain holds t and y in registers:
// 8 chains and a need 17 of AVX2's 16 ymm registers, so one y stays an FMA memory operand (an L1
// load the spare load port absorbs: measured 100% of FMA peak on Zen 3 at m = 1024); SSE2 has no
// FMA and only 16 xmm registers. NEON has FMA and 32 registers: 8 chains cover a 4-cycle FMLA on
// 2 pipes (Neoverse N1, N2), as the sve level's do.
#if defined(__aarch64__)
constexpr int kChains = 8;
#else
constexpr int kChains = kVectorBytes == 16 ? 6 : 8;
#endif

// Software prefetch of the lines kPrefetchBytes ahead, a variant of its own: once a block's FMAs
// fill the out-of-order window, the next block's loads wait behind them and only the hardware
// prefetchers keep misses in flight. Whether asking helps depends on the core: on a Xeon guest it
// ran m = 16-32 1.03-1.20x faster, on a Zen 4 guest m = 4-16 0.66-0.87x, and on Zen 3 it cost
// the depths up to 8 as much as a quarter; the sweep runs both and the report shows each.
constexpr std::size_t kPrefetchBytes = 2048;

// Asks for the cache line at p + offset; an address, not a pointer, as it may lie past the array.
template <int kForWrite>
inline void prefetch(const void* p, std::size_t offset) {
  __builtin_prefetch(reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(p) + offset),
                     kForWrite, 3);
}

// m steps of t = a·t + y on one element or one vector.
template <int M, class V>
inline V chain(V t, V y, V a) {
  for (int k = 0; k < M; ++k) t = a * t + y;
  return t;
}

// A function of its own (not inlined into the parallel region): the instruction tests find each
// depth's block kernel by name.
template <class T, int M, bool kPrefetch>
[[gnu::noinline]] void nested_block(T* y, const T* x, Range r, T a) {
  constexpr std::size_t L = Simd<T>::kLanes;
  constexpr std::size_t kBlock = kChains * L;
  const Vec<T> va = Vec<T>{} + a;
  std::size_t i = r.begin;
  for (; i < r.end && !vector_aligned(y + i); ++i) y[i] = chain<M>(x[i], y[i], a);
  for (; i + kBlock <= r.end; i += kBlock) {
    if constexpr (kPrefetch) {
#pragma GCC unroll 16
      for (std::size_t b = 0; b < kBlock * sizeof(T); b += kCacheLineBytes) {
        prefetch<0>(x + i, kPrefetchBytes + b);
        prefetch<1>(y + i, kPrefetchBytes + b);  // for writing: y is stored back
      }
    }
    Vec<T> t[kChains], yv[kChains];
#pragma GCC unroll 16
    for (int c = 0; c < kChains; ++c) {
      t[c] = load(x + i + c * L);
      yv[c] = load(y + i + c * L);
    }
    for (int k = 0; k < M; ++k) {
#pragma GCC unroll 16
      for (int c = 0; c < kChains; ++c) t[c] = va * t[c] + yv[c];
    }
#pragma GCC unroll 16
    for (int c = 0; c < kChains; ++c) store(y + i + c * L, t[c]);
  }
  for (; i + L <= r.end; i += L) store(y + i, chain<M>(load(x + i), load(y + i), va));
  for (; i < r.end; ++i) y[i] = chain<M>(x[i], y[i], a);
}

template <class T, int M, bool kPrefetch>
void nested_saxpy(int threads, T* y, const T* x, std::size_t n, T a) {
  ChunkedBlocks blocks(y, n, sizeof(T), threads, kBalancedChunkBytes);
#pragma omp parallel num_threads(threads) proc_bind(close)
  blocks.drain(omp_get_thread_num(), [&](Range c) { nested_block<T, M, kPrefetch>(y, x, c, a); });
}

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/nested_saxpy_entries.hpp"
