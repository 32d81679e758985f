#pragma once
// Per-ISA entry points of the GEMM kernels: gemm_simd.cpp is compiled once per level into these
// namespaces (cmake/IsaVariants.cmake); gemm.cpp picks one at run time. Sizes are checked by the
// caller.
#include <cstddef>

#include "kernels/cpu/gemm.hpp"
#include "kernels/cpu/isa.hpp"

namespace kernels::cpu {

#define ROOFLAB_GEMM_ISA_ENTRY_POINTS                                                          \
  template <class T>                                                                           \
  void gemm_naive(std::size_t m, std::size_t n, std::size_t k, const T* a, const T* b, T* x);  \
  template <class T>                                                                           \
  void gemm_interchanged(int threads, std::size_t m, std::size_t n, std::size_t k, const T* a, \
                         const T* b, T* x);                                                    \
  template <class T>                                                                           \
  void gemm_blocked(int threads, std::size_t m, std::size_t n, std::size_t k, const T* a,      \
                    const T* b, T* x);                                                         \
  std::size_t gemm_micro_tile_columns(std::size_t element_bytes);

ROOFLAB_DECLARE_PER_ISA(ROOFLAB_GEMM_ISA_ENTRY_POINTS)

#undef ROOFLAB_GEMM_ISA_ENTRY_POINTS

}  // namespace kernels::cpu
