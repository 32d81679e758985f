#pragma once
// Fills device arrays on the device with kernels/inputs.hpp's values (input_as<T>), so a host check
// can regenerate any initial value.
#include <cstddef>
#include <cstdint>

namespace kernels::cuda {

template <class T>
void fill_random(T* data, std::size_t n, std::uint64_t seed);

template <class T>
void fill_value(T* data, std::size_t n, T value);

}  // namespace kernels::cuda
