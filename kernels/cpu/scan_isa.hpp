#pragma once
// Per-ISA entry points of the scan kernels: scan_simd.cpp is compiled once per level into these
// namespaces (cmake/IsaVariants.cmake); scan.cpp picks one at run time and splits the arrays
// among threads. Each scans one contiguous block of n elements from `carry` (the sum of what
// precedes the block) and returns carry + the block's sum; int32 wraps around. The SIMD scan
// stores its output as `store` says (streaming stores from the first vector-aligned element). The
// multithreaded scans' reduce pass is the block reduction (block_reduce_isa.hpp).
#include <cstddef>

#include "kernels/cpu/isa.hpp"
#include "kernels/scan.hpp"
#include "kernels/store.hpp"

namespace kernels::cpu {

#define ROOFLAB_SCAN_ISA_ENTRY_POINTS                                                        \
  template <class T>                                                                         \
  T scan_block_plain(ScanKind kind, int unroll, const T* x, T* out, std::size_t n, T carry); \
  template <class T>                                                                         \
  void scan_block_std(ScanKind kind, const T* x, T* out, std::size_t n);                     \
  template <class T>                                                                         \
  T scan_block_simd(ScanKind kind, Store store, const T* x, T* out, std::size_t n, T carry); \
  template <class T>                                                                         \
  void add_to_block(T* out, std::size_t n, T offset);

ROOFLAB_DECLARE_PER_ISA(ROOFLAB_SCAN_ISA_ENTRY_POINTS)

#undef ROOFLAB_SCAN_ISA_ENTRY_POINTS

}  // namespace kernels::cpu
