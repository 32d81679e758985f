#include "kernels/nested_saxpy.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "kernels/check.hpp"

namespace kernels {

roofline::Work nested_saxpy_work(roofline::Precision p, std::int64_t n, int m) {
  const double array_bytes = static_cast<double>(n) * roofline::size_of(p);
  roofline::Work w;
  w.precision = p;
  w.flops = 2.0 * m * static_cast<double>(n);
  w.bytes = 3 * array_bytes;         // read x, read y, write y
  w.bytes_write_allocate = w.bytes;  // y's lines are already in cache when stored
  w.working_set = 2 * array_bytes;   // x and y
  return w;
}

template <class T>
roofline::Verification verify_nested_saxpy(int m, const T* x, const T* y, std::size_t n,
                                           const std::function<T(std::size_t)>& y0) {
  using W = Wide<T>;
  const W a = kNestedSaxpyA;
  const W a_m = std::pow(a, m);
  const W y_weight = (1 - a_m) / (1 - a);
  const auto exact = [&](std::size_t i) { return a_m * x[i] + y_weight * y0(i); };
  const auto relative_error = [&](std::size_t i) {
    const W magnitude = std::fabs(W{x[i]}) + std::fabs(W{y0(i)});
    return static_cast<double>(std::fabs(y[i] - exact(i)) / magnitude);
  };
  roofline::Verification v;
  v.tolerance = kNestedSaxpyErrorUlps * kUnitRoundoff<T>;
  const ElementCheck check = check_elements(n, v.tolerance, relative_error);
  v.max_error = check.max_error;
  v.passed = check.first_bad == n;
  std::ostringstream msg;
  msg.precision(std::numeric_limits<T>::max_digits10);
  msg << "nested saxpy m=" << m << ": ";
  if (v.passed) {
    msg << n << " elements within " << v.tolerance
        << " of the closed form, relative to |x| + |y0| (largest " << v.max_error << ")";
  } else {
    const std::size_t i = check.first_bad;
    msg << "element " << i << " is " << y[i] << ", expected " << static_cast<double>(exact(i))
        << " (error " << relative_error(i) << " > " << v.tolerance << " relative to |x| + |y0|)";
  }
  v.message = msg.str();
  return v;
}

template roofline::Verification verify_nested_saxpy(int, const float*, const float*, std::size_t,
                                                    const std::function<float(std::size_t)>&);
template roofline::Verification verify_nested_saxpy(int, const double*, const double*, std::size_t,
                                                    const std::function<double(std::size_t)>&);

}  // namespace kernels
