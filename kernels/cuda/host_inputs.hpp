#pragma once
// The initial values of a device array regenerated on the host (all threads), for the checks.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/inputs.hpp"

namespace kernels::cuda {

template <class T>
std::vector<T> host_inputs(std::uint64_t seed, std::size_t n) {
  std::vector<T> values(n);
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) values[i] = input_as<T>(seed, i);
  return values;
}

}  // namespace kernels::cuda
