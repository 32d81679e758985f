#pragma once
// Per-ISA entry points of the block reduction, the building block of the reduce family's CPU
// kernels and of the CPU scan's reduce pass: block_reduce_simd.cpp is compiled once per level
// into these namespaces (cmake/IsaVariants.cmake); its users pick one at run time and split the
// arrays among threads. Each reduces one contiguous block of n elements; int32 wraps around.
#include <cstddef>

#include "kernels/cpu/isa.hpp"
#include "kernels/reduction.hpp"

namespace kernels::cpu {

#define ROOFLAB_BLOCK_REDUCE_ISA_ENTRY_POINTS                               \
  template <class T>                                                        \
  T reduce_block_plain(ReduceOp op, const T* x, const T* y, std::size_t n); \
  template <class T>                                                        \
  T reduce_block_simd(ReduceOp op, int accumulators, const T* x, const T* y, std::size_t n);

ROOFLAB_DECLARE_PER_ISA(ROOFLAB_BLOCK_REDUCE_ISA_ENTRY_POINTS)

#undef ROOFLAB_BLOCK_REDUCE_ISA_ENTRY_POINTS

}  // namespace kernels::cpu
