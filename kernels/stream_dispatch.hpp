#pragma once
// A stream operation known at run time handed to code templated on it: the CPU's SIMD kernels and
// the CUDA kernels take the operation as a template parameter so each loop is compiled for one.
#include <cstddef>
#include <type_traits>
#include <utility>

#include "kernels/stream.hpp"

namespace kernels {

// Calls f(std::integral_constant<StreamOp, op>{}) for the one of kStreamOps that `op` is.
template <class F>
void with_stream_op(StreamOp op, F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((op == kStreamOps[I] ? (f(std::integral_constant<StreamOp, kStreamOps[I]>{}), true) : false) ||
     ...);
  }
  (std::make_index_sequence<kStreamOps.size()>{});
}

}  // namespace kernels
