#include "kernels/nested_saxpy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "kernels/check.hpp"
#include "kernels/precision_dispatch.hpp"

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

double nested_saxpy_a(roofline::Precision p) {
  const int k = std::min(8, roofline::significand_bits(p) - 3);
  return -(1 - std::ldexp(1.0, -k));
}

NestedSaxpyWeights nested_saxpy_weights(roofline::Precision p, int m) {
  const long double a = nested_saxpy_a(p);
  const long double a_m = std::pow(a, m);
  return {static_cast<double>(a_m), static_cast<double>((1 - a_m) / (1 - a))};
}

double nested_saxpy_tolerance(roofline::Precision p, int m) {
  const double u = std::ldexp(1.0, -roofline::significand_bits(p));
  const double a = std::fabs(nested_saxpy_a(p));
  const double steps = (1 - std::pow(a, m)) / (1 - a);  // S_m
  return 2 * u * (steps + 1) + 2 * kUnitRoundoff<double>;
}

roofline::Verification nested_saxpy_verdict(roofline::Precision p, int m, std::size_t n,
                                            const ElementCheck& check, double found,
                                            const ExactValue& expected) {
  roofline::Verification v;
  v.tolerance = nested_saxpy_tolerance(p, m);
  v.max_error = check.max_error;
  v.passed = check.first_bad == n;
  std::ostringstream msg;
  // Enough digits to tell the element's value apart from its neighbours in p.
  msg.precision(static_cast<int>(std::ceil(roofline::significand_bits(p) * std::log10(2.0))) + 1);
  msg << "nested saxpy " << to_string(p) << " m=" << m << ": ";
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
  constexpr roofline::Precision p = precision_of<T>();
  const NestedSaxpyWeights w = nested_saxpy_weights(p, m);
  const auto exact = [&](std::size_t i) { return exact_nested_saxpy(w, x[i], y0(i)); };
  const ElementCheck check = check_elements(n, nested_saxpy_tolerance(p, m), [&](std::size_t i) {
    return relative_error(y[i], exact(i));
  });
  const std::size_t bad = check.first_bad < n ? check.first_bad : 0;
  return nested_saxpy_verdict(p, m, n, check, n > 0 ? y[bad] : T{}, exact(bad));
}

template roofline::Verification verify_nested_saxpy(int, const float*, const float*, std::size_t,
                                                    const std::function<float(std::size_t)>&);
template roofline::Verification verify_nested_saxpy(int, const double*, const double*, std::size_t,
                                                    const std::function<double(std::size_t)>&);

}  // namespace kernels
