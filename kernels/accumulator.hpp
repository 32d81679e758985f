#pragma once
// What GPU kernels add in, shared by the families that accumulate (reduce, scan).
#include <cstdint>
#include <type_traits>

namespace kernels {

// The element type, and uint32 for int32 (its wrap-around modulo 2^32 is defined, and results
// are compared modulo 2^32).
template <class T>
using Accumulator = std::conditional_t<std::is_integral_v<T>, std::uint32_t, T>;

}  // namespace kernels
