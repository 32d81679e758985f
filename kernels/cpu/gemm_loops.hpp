#pragma once
// The plain GEMM loops of a per-ISA source (gemm_simd.cpp, gemm_sve.cpp), compiled for its level
// (the compiler vectorizes them for it): the textbook i-j-l loop and the interchanged i-l-j loop,
// for float and double. Included at the end of the source.
#include <omp.h>

#include <cstddef>

#include "kernels/cpu/gemm_isa.hpp"

#ifndef ROOFLAB_ISA_NS
#error "gemm_loops.hpp belongs to sources compiled through rooflab_add_isa_variants"
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {

template <class T>
void gemm_naive(std::size_t m, std::size_t n, std::size_t k, const T* a, const T* b, T* x) {
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      T sum = 0;
      for (std::size_t l = 0; l < k; ++l) sum += a[i * k + l] * b[l * n + j];
      x[i * n + j] = sum;
    }
}

template <class T>
void gemm_interchanged(int threads, std::size_t m, std::size_t n, std::size_t k, const T* a,
                       const T* b, T* x) {
  // Blocks of rows, as the case's first touch placed them (schedule(static)).
#pragma omp parallel for num_threads(threads) schedule(static) proc_bind(close)
  for (std::size_t i = 0; i < m; ++i) {
    T* __restrict row = x + i * n;
#pragma omp simd
    for (std::size_t j = 0; j < n; ++j) row[j] = 0;
    for (std::size_t l = 0; l < k; ++l) {
      const T ail = a[i * k + l];
      const T* __restrict brow = b + l * n;
#pragma omp simd
      for (std::size_t j = 0; j < n; ++j) row[j] += ail * brow[j];
    }
  }
}

template void gemm_naive(std::size_t, std::size_t, std::size_t, const float*, const float*, float*);
template void gemm_naive(std::size_t, std::size_t, std::size_t, const double*, const double*,
                         double*);
template void gemm_interchanged(int, std::size_t, std::size_t, std::size_t, const float*,
                                const float*, float*);
template void gemm_interchanged(int, std::size_t, std::size_t, std::size_t, const double*,
                                const double*, double*);

}  // namespace kernels::cpu::ROOFLAB_ISA_NS
