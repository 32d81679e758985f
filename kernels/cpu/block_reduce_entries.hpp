#pragma once
// The entry points of a per-ISA block reduction source (block_reduce_simd.cpp,
// block_reduce_sve.cpp), included at its end after its plain<op, U> and simd_with<op, U>: sums and
// dots in the wrapping Arith<T>, a maximum on the elements as they are (int32 signed), for float,
// double and int32.
#include <cstddef>
#include <cstdint>

#include "kernels/cpu/block_reduce_isa.hpp"

#ifndef ROOFLAB_ISA_NS
#error "block_reduce_entries.hpp belongs to sources compiled through rooflab_add_isa_variants"
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {

template <class T>
T reduce_block_plain(ReduceOp op, const T* x, const T* y, std::size_t n) {
  using U = Arith<T>;
  switch (op) {
    case ReduceOp::sum:
      return static_cast<T>(plain<ReduceOp::sum, U>(arith(x), arith(y), n));
    case ReduceOp::dot:
      return static_cast<T>(plain<ReduceOp::dot, U>(arith(x), arith(y), n));
    case ReduceOp::max:
      break;
  }
  return plain<ReduceOp::max, T>(x, y, n);
}

template <class T>
T reduce_block_simd(ReduceOp op, int accumulators, const T* x, const T* y, std::size_t n) {
  using U = Arith<T>;
  switch (op) {
    case ReduceOp::sum:
      return static_cast<T>(simd_with<ReduceOp::sum, U>(accumulators, arith(x), arith(y), n));
    case ReduceOp::dot:
      return static_cast<T>(simd_with<ReduceOp::dot, U>(accumulators, arith(x), arith(y), n));
    case ReduceOp::max:
      break;
  }
  return simd_with<ReduceOp::max, T>(accumulators, x, y, n);
}

template float reduce_block_plain(ReduceOp, const float*, const float*, std::size_t);
template double reduce_block_plain(ReduceOp, const double*, const double*, std::size_t);
template std::int32_t reduce_block_plain(ReduceOp, const std::int32_t*, const std::int32_t*,
                                         std::size_t);
template float reduce_block_simd(ReduceOp, int, const float*, const float*, std::size_t);
template double reduce_block_simd(ReduceOp, int, const double*, const double*, std::size_t);
template std::int32_t reduce_block_simd(ReduceOp, int, const std::int32_t*, const std::int32_t*,
                                        std::size_t);

}  // namespace kernels::cpu::ROOFLAB_ISA_NS
