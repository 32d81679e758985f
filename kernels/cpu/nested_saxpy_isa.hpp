#pragma once
// Per-ISA entry points of nested SAXPY: nested_saxpy_simd.cpp is compiled once per level into
// these namespaces (cmake/IsaVariants.cmake); nested_saxpy.cpp picks one at run time.
#include <cstddef>

#include "kernels/cpu/isa.hpp"

namespace kernels::cpu {

template <class T>
using NestedSaxpyKernel = void (*)(int threads, T* y, const T* x, std::size_t n, T a);

#define ROOFLAB_NESTED_SAXPY_ISA_ENTRY_POINTS                                       \
  /* The kernel of depth m, with or without software prefetch; nullptr when m is */ \
  /* not in kernels::kNestedSaxpyDepths. */                                         \
  template <class T>                                                                \
  NestedSaxpyKernel<T> nested_saxpy_kernel(int m, bool prefetch);                   \
  int nested_saxpy_chains();

ROOFLAB_DECLARE_PER_ISA(ROOFLAB_NESTED_SAXPY_ISA_ENTRY_POINTS)

#undef ROOFLAB_NESTED_SAXPY_ISA_ENTRY_POINTS

}  // namespace kernels::cpu
