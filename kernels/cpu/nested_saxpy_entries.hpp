#pragma once
// The entry points of a per-ISA nested SAXPY source (nested_saxpy_simd.cpp, nested_saxpy_sve.cpp),
// included at its end after its nested_saxpy<T, M, kPrefetch> and kChains: the kernel of each
// depth of the sweep, with and without prefetch, for float and double.
#include <cstddef>
#include <utility>

#include "kernels/cpu/nested_saxpy_isa.hpp"
#include "kernels/nested_saxpy.hpp"

#ifndef ROOFLAB_ISA_NS
#error "nested_saxpy_entries.hpp belongs to sources compiled through rooflab_add_isa_variants"
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

template <class T, bool kPrefetch, std::size_t... k>
NestedSaxpyKernel<T> kernel_of_depth(int m, std::index_sequence<k...>) {
  NestedSaxpyKernel<T> found = nullptr;
  ((m == kNestedSaxpyDepths[k] ? found = &nested_saxpy<T, kNestedSaxpyDepths[k], kPrefetch>
                               : found),
   ...);
  return found;
}

}  // namespace

template <class T>
NestedSaxpyKernel<T> nested_saxpy_kernel(int m, bool prefetch) {
  constexpr auto depths = std::make_index_sequence<kNestedSaxpyDepths.size()>();
  return prefetch ? kernel_of_depth<T, true>(m, depths) : kernel_of_depth<T, false>(m, depths);
}

int nested_saxpy_chains() { return kChains; }

template NestedSaxpyKernel<float> nested_saxpy_kernel(int, bool);
template NestedSaxpyKernel<double> nested_saxpy_kernel(int, bool);

}  // namespace kernels::cpu::ROOFLAB_ISA_NS
