// Nested SAXPY of the sve level, in place of nested_saxpy_simd.cpp: the same blocks of kChains
// independent vectors carried through all m steps in registers, each vector as long as the
// core's SVE vectors; the block's tail runs under a predicate.
#include <omp.h>

#include <cstdint>
#include <utility>

#include "kernels/cpu/nested_saxpy_isa.hpp"
#include "kernels/cpu/partition.hpp"
#include "kernels/cpu/sve.hpp"
#include "kernels/nested_saxpy.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

// Chains ≥ FMA latency × FMA pipes: 4 × 2 on Neoverse V1 and N2 (4-cycle FMLA, two SVE FMA
// pipes), which leaves 16 of the 32 Z registers for t and y with a beside them.
constexpr int kChains = 8;

constexpr std::size_t kPrefetchBytes = 2048;  // as nested_saxpy_simd.cpp

template <int kForWrite>
inline void prefetch(const void* p, std::size_t offset) {
  __builtin_prefetch(reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(p) + offset),
                     kForWrite, 3);
}

// m steps of t = a·t + y on the lanes of pg.
template <int M, class V>
inline V chain(svbool_t pg, V t, V y, V a) {
  for (int k = 0; k < M; ++k) t = svmad_x(pg, t, a, y);
  return t;
}

// Not inlined: the instruction tests find each depth's block kernel by name.
template <class T, int M, bool kPrefetch, std::size_t... c>
[[gnu::noinline]] void nested_block(T* y, const T* x, Range r, T a, std::index_sequence<c...>) {
  const std::size_t lanes = Sve<T>::lanes(), block = kChains * lanes;
  const svbool_t all = Sve<T>::all();
  const auto va = Sve<T>::dup(a);
  std::size_t i = r.begin;
  for (; i + block <= r.end; i += block) {
    if constexpr (kPrefetch) {
      for (std::size_t b = 0; b < block * sizeof(T); b += kCacheLineBytes) {
        prefetch<0>(x + i, kPrefetchBytes + b);
        prefetch<1>(y + i, kPrefetchBytes + b);  // for writing: y is stored back
      }
    }
    [&](auto... t) {
      const auto yv = [&](std::size_t chain) { return svld1(all, y + i + chain * lanes); };
      [&](auto... yc) {
        for (int k = 0; k < M; ++k) ((t = svmad_x(all, t, va, yc)), ...);
        (svst1(all, y + i + c * lanes, t), ...);
      }(yv(c)...);
    }(svld1(all, x + i + c * lanes)...);
  }
  for (; i < r.end; i += lanes) {
    const svbool_t pg = Sve<T>::below(i, r.end);
    svst1(pg, y + i, chain<M>(pg, svld1(pg, x + i), svld1(pg, y + i), va));
  }
}

template <class T, int M, bool kPrefetch>
void nested_saxpy(int threads, T* y, const T* x, std::size_t n, T a) {
  ChunkedBlocks blocks(y, n, sizeof(T), threads, kBalancedChunkBytes);
#pragma omp parallel num_threads(threads) proc_bind(close)
  blocks.drain(omp_get_thread_num(), [&](Range r) {
    nested_block<T, M, kPrefetch>(y, x, r, a, std::make_index_sequence<kChains>());
  });
}

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/nested_saxpy_entries.hpp"
