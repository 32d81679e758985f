#include "kernels/tolerance.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kernels/exact.hpp"

namespace kernels {

template <class T>
double accumulation_tolerance(Terms terms, std::size_t n) {
  if constexpr (std::is_integral_v<T>) {
    return 0;
  } else {
    constexpr double kLambda = 6;
    const double u = kUnitRoundoff<T>;
    const double k = terms == Terms::products
                         ? static_cast<double>(n)
                         : static_cast<double>(std::max<std::size_t>(n, 1) - 1);
    const double probabilistic = kLambda * std::sqrt(k) * u;
    if (k * u >= 1) return probabilistic;
    return std::min(k * u / (1 - k * u), probabilistic);
  }
}

template double accumulation_tolerance<float>(Terms, std::size_t);
template double accumulation_tolerance<double>(Terms, std::size_t);
template double accumulation_tolerance<std::int32_t>(Terms, std::size_t);

}  // namespace kernels
