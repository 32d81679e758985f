#pragma once
// Per-ISA entry points of the reduce kernels: reduce_simd.cpp is compiled once per level into
// these namespaces (cmake/IsaVariants.cmake); reduce.cpp picks one at run time and splits the
// arrays among threads. Each reduces one contiguous block of n elements; int32 wraps around.
#include <cstddef>

#include "kernels/reduce.hpp"

namespace kernels::cpu {

#define ROOFLAB_REDUCE_ISA_ENTRY_POINTS                                     \
  template <class T>                                                        \
  T reduce_block_plain(ReduceOp op, const T* x, const T* y, std::size_t n); \
  template <class T>                                                        \
  T reduce_block_simd(ReduceOp op, int accumulators, const T* x, const T* y, std::size_t n);

namespace isa_baseline {
ROOFLAB_REDUCE_ISA_ENTRY_POINTS
}
namespace isa_avx2 {
ROOFLAB_REDUCE_ISA_ENTRY_POINTS
}
namespace isa_avx512 {
ROOFLAB_REDUCE_ISA_ENTRY_POINTS
}

#undef ROOFLAB_REDUCE_ISA_ENTRY_POINTS

}  // namespace kernels::cpu
