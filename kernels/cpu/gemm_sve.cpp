// GEMM kernels of the sve level, in place of gemm_simd.cpp: the naive and interchanged loops as
// there (the compiler vectorizes the latter for SVE), and the cache-blocked GEMM whose
// micro-tile is kGemmMicroTileRows rows × kGemmMicroTileVectors SVE vectors, NR = 2 × lanes known
// at run time; a partial tile is stored under predicates instead of through a scratch tile.
#include <omp.h>

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "kernels/cpu/gemm_isa.hpp"
#include "kernels/cpu/sve.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

constexpr std::size_t kMr = kGemmMicroTileRows, kVectors = kGemmMicroTileVectors;

// NR: the micro-tile's columns, kVectors vectors.
template <class T>
std::size_t nr() {
  return kVectors * Sve<T>::lanes();
}

// X's mr×nr tile at c (leading dimension ldc) = (or += when `accumulate`) the product of an
// MR×kc panel of A and a kc×NR panel of B, both packed and zero-padded: accumulator j is row
// j / kVectors, vector j % kVectors; each step one load per B vector and one FMLA by A's scalar
// per accumulator.
// Not inlined: the instruction tests find it by name.
template <class T, std::size_t... j>
[[gnu::noinline]] void micro_kernel(std::size_t kc, const T* a, const T* b, T* c, std::size_t ldc,
                                    bool accumulate, std::size_t mr, std::size_t nr_used,
                                    std::index_sequence<j...>) {
  static_assert(kVectors == 2);
  const std::size_t lanes = Sve<T>::lanes(), width = kVectors * lanes;
  const svbool_t all = Sve<T>::all();
  const auto zero = [](std::size_t) { return Sve<T>::dup(0); };
  [&](auto... acc) {
    for (std::size_t p = 0; p < kc; ++p) {
      const SveVec<T> b0 = svld1(all, b + p * width), b1 = svld1(all, b + p * width + lanes);
      const T* ap = a + p * kMr;
      ((acc = svmla_x(all, acc, j % kVectors == 0 ? b0 : b1, ap[j / kVectors])), ...);
    }
    const auto put = [&](std::size_t row, std::size_t column, SveVec<T> v) {
      if (row >= mr) return;
      const svbool_t pg = Sve<T>::below(column, nr_used);
      T* out = c + row * ldc + column;
      svst1(pg, out, accumulate ? svadd_x(pg, svld1(pg, out), v) : v);
    };
    (put(j / kVectors, (j % kVectors) * lanes, acc), ...);
  }(zero(j)...);
}

// A's mc×kc block at a (leading dimension lda) as MR-row panels, each kc steps of MR values
// (rows past mc zero).
template <class T>
void pack_a(std::size_t mc, std::size_t kc, const T* a, std::size_t lda, T* out) {
  for (std::size_t i0 = 0; i0 < mc; i0 += kMr, out += kc * kMr)
    for (std::size_t p = 0; p < kc; ++p)
      for (std::size_t r = 0; r < kMr; ++r)
        out[p * kMr + r] = i0 + r < mc ? a[(i0 + r) * lda + p] : T{0};
}

// Panel `panel` of B's kc×nc block at b (leading dimension ldb): kc steps of NR values (columns
// past nc zero).
template <class T>
void pack_b_panel(std::size_t panel, std::size_t nc, std::size_t kc, const T* b, std::size_t ldb,
                  T* out) {
  const std::size_t j0 = panel * nr<T>();
  out += panel * kc * nr<T>();
  for (std::size_t p = 0; p < kc; ++p)
    for (std::size_t j = 0; j < nr<T>(); ++j)
      out[p * nr<T>() + j] = j0 + j < nc ? b[p * ldb + j0 + j] : T{0};
}

}  // namespace

template <class T>
void gemm_blocked(int threads, std::size_t m, std::size_t n, std::size_t k, const T* a, const T* b,
                  T* x) {
  const GemmBlocking blocking = gemm_blocking<T>();
  const std::size_t nc_max = blocking.nc, kc_max = blocking.kc, mc_max = blocking.mc;
  if (k == 0) {
    std::fill(x, x + m * n, T{0});
    return;
  }
  // The packed blocks, no larger than the matrices need (a small product allocates little).
  const auto round_up = [](std::size_t v, std::size_t to) { return (v + to - 1) / to * to; };
  const std::size_t kc_used = std::min(kc_max, k);
  std::vector<T> packed_b(round_up(std::min(nc_max, n), nr<T>()) * kc_used);
  const std::size_t tiles = (m + kMr - 1) / kMr, team = static_cast<std::size_t>(threads);
  const std::size_t blocks = round_up((tiles * kMr + mc_max - 1) / mc_max, team);
#pragma omp parallel num_threads(threads) proc_bind(close)
  {
    std::vector<T> packed_a(round_up(std::min(mc_max, m), kMr) * kc_used);
    for (std::size_t jc = 0; jc < n; jc += nc_max) {
      const std::size_t nc = std::min(nc_max, n - jc);
      const std::size_t panels = (nc + nr<T>() - 1) / nr<T>();
      for (std::size_t pc = 0; pc < k; pc += kc_max) {
        const std::size_t kc = std::min(kc_max, k - pc);
        // B's block packed by all threads, then shared (the loop's barrier).
#pragma omp for schedule(static)
        for (std::size_t panel = 0; panel < panels; ++panel) {
          pack_b_panel(panel, nc, kc, b + pc * n + jc, n, packed_b.data());
        }
        // A's rows in blocks of whole micro-tiles, as many as MC allows rounded up to a multiple
        // of the threads and equal to within a micro-tile (BLIS's ic loop split: MC blocks as
        // they fall would leave 15 of 144 rows of a 2048-row A at 8 against 7 on 2 threads),
        // taken dynamically (a thread that a busy host slows takes fewer); each thread packs its
        // block and multiplies it with every panel of B.
#pragma omp for schedule(dynamic)
        for (std::size_t block = 0; block < blocks; ++block) {
          const std::size_t ic = tiles * block / blocks * kMr;
          const std::size_t mc = std::min(m, tiles * (block + 1) / blocks * kMr) - ic;
          pack_a(mc, kc, a + ic * k + pc, k, packed_a.data());
          for (std::size_t panel = 0; panel < panels; ++panel) {
            const std::size_t jr = panel * nr<T>();
            for (std::size_t ir = 0; ir < mc; ir += kMr)
              micro_kernel(kc, packed_a.data() + (ir / kMr) * kc * kMr,
                           packed_b.data() + panel * kc * nr<T>(), x + (ic + ir) * n + jc + jr, n,
                           pc > 0, std::min(kMr, mc - ir), std::min(nr<T>(), nc - jr),
                           std::make_index_sequence<kMr * kVectors>());
          }
        }
      }
    }
  }
}

std::size_t gemm_micro_tile_columns(std::size_t element_bytes) {
  return kVectors * svcntb() / element_bytes;
}

template void gemm_blocked(int, std::size_t, std::size_t, std::size_t, const float*, const float*,
                           float*);
template void gemm_blocked(int, std::size_t, std::size_t, std::size_t, const double*, const double*,
                           double*);

}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/gemm_loops.hpp"
