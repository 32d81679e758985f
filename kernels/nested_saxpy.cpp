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

NestedSaxpyWeights nested_saxpy_weights(int m) {
  const long double a = kNestedSaxpyA;
  const long double a_m = std::pow(a, m);
  return {static_cast<double>(a_m), static_cast<double>((1 - a_m) / (1 - a))};
}

template <class T>
roofline::Verification nested_saxpy_verdict(int m, std::size_t n, const ElementCheck& check,
                                            T found, const ExactValue& expected) {
  roofline::Verification v;
  v.tolerance = nested_saxpy_tolerance<T>();
  v.max_error = check.max_error;
  v.passed = check.first_bad == n;
  std::ostringstream msg;
  msg.precision(std::numeric_limits<T>::max_digits10);
  msg << "nested saxpy m=" << m << ": ";
  if (v.passed) {
    msg << n << " elements within " << v.tolerance
        << " of the closed form, relative to |x| + |y0| (largest " << v.max_error << ")";
  } else {
    msg << "element " << check.first_bad << " is " << found << ", expected "
        << expected.hi + expected.lo << " (error " << relative_error(found, expected) << " > "
        << v.tolerance << " relative to |x| + |y0|)";
  }
  v.message = msg.str();
  return v;
}

template <class T>
roofline::Verification verify_nested_saxpy(int m, const T* x, const T* y, std::size_t n,
                                           const std::function<T(std::size_t)>& y0) {
  const NestedSaxpyWeights w = nested_saxpy_weights(m);
  const auto exact = [&](std::size_t i) { return exact_nested_saxpy(w, x[i], y0(i)); };
  const ElementCheck check = check_elements(n, nested_saxpy_tolerance<T>(), [&](std::size_t i) {
    return relative_error(y[i], exact(i));
  });
  const std::size_t bad = check.first_bad < n ? check.first_bad : 0;
  return nested_saxpy_verdict<T>(m, n, check, n > 0 ? y[bad] : T{}, exact(bad));
}

template roofline::Verification verify_nested_saxpy(int, const float*, const float*, std::size_t,
                                                    const std::function<float(std::size_t)>&);
template roofline::Verification verify_nested_saxpy(int, const double*, const double*, std::size_t,
                                                    const std::function<double(std::size_t)>&);
template roofline::Verification nested_saxpy_verdict(int, std::size_t, const ElementCheck&, float,
                                                     const ExactValue&);
template roofline::Verification nested_saxpy_verdict(int, std::size_t, const ElementCheck&, double,
                                                     const ExactValue&);

}  // namespace kernels
