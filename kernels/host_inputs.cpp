#include "kernels/host_inputs.hpp"

#include "kernels/inputs.hpp"

namespace kernels {

template <class T>
std::vector<T> host_inputs(std::uint64_t seed, std::size_t n) {
  std::vector<T> values(n);
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) values[i] = input_as<T>(seed, i);
  return values;
}

template std::vector<float> host_inputs(std::uint64_t, std::size_t);
template std::vector<double> host_inputs(std::uint64_t, std::size_t);
template std::vector<int> host_inputs(std::uint64_t, std::size_t);

}  // namespace kernels
