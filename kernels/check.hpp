#pragma once
// Shared by the families' verifications: the reference's wider type and an element-wise check
// that runs on all host threads (a DRAM-sized result is checked in a fraction of a second).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "kernels/element_check.hpp"
#include "kernels/exact.hpp"

namespace kernels {

// The type a reference is evaluated in: products and sums of two floats are exact or rounded
// once in double; double needs long double.
template <class T>
using Wide = std::conditional_t<std::is_same_v<T, float>, double, long double>;

// Evaluates error(i) for every i < n.
template <class F>
ElementCheck check_elements(std::size_t n, double tolerance, F error) {
  double max_error = 0;
  std::size_t first_bad = n;
#pragma omp parallel for schedule(static) reduction(max : max_error) reduction(min : first_bad)
  for (std::size_t i = 0; i < n; ++i) {
    double e = error(i);
    if (std::isnan(e)) e = std::numeric_limits<double>::infinity();
    max_error = std::max(max_error, e);
    if (!(e <= tolerance)) first_bad = std::min(first_bad, i);
  }
  return {max_error, first_bad};
}

}  // namespace kernels
