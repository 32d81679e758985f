#include "kernels/tutorial_scale.hpp"

#include <cmath>
#include <string>

#include "kernels/check.hpp"

namespace kernels {

roofline::Work tutorial_scale_work(roofline::Precision p, std::int64_t n) {
  const double elements = static_cast<double>(n), size = roofline::size_of(p);
  return {.precision = p,
          .flops = elements,
          .bytes = 2 * elements * size,
          .bytes_write_allocate = 3 * elements * size,  // y's lines are read before written
          .working_set = 2 * elements * size};
}

template <class T>
roofline::Verification verify_tutorial_scale(const T* x, const T* y, std::size_t n) {
  const ElementCheck c = check_elements(n, 0, [&](std::size_t i) {
    const auto expected = static_cast<T>(Wide<T>(kTutorialScaleA) * x[i]);
    return std::fabs((static_cast<double>(y[i]) - expected) / expected);
  });
  const bool passed = c.first_bad == n;
  std::string message = "tutorial scale: " + std::to_string(n) + " elements equal to a*x";
  if (!passed) message = "tutorial scale: element " + std::to_string(c.first_bad) + " is not a*x";
  return {.passed = passed, .max_error = c.max_error, .tolerance = 0, .message = message};
}

template roofline::Verification verify_tutorial_scale(const float*, const float*, std::size_t);
template roofline::Verification verify_tutorial_scale(const double*, const double*, std::size_t);

}  // namespace kernels
