#include "kernels/stream.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "kernels/check.hpp"
#include "kernels/stream_exact.hpp"

namespace kernels {
namespace {}  // namespace

std::string_view to_string(StreamOp op) {
  switch (op) {
    case StreamOp::read:
      return "read";
    case StreamOp::dot:
      return "dot";
    case StreamOp::write:
      return "write";
    case StreamOp::copy:
      return "copy";
    case StreamOp::scale:
      return "scale";
    case StreamOp::add:
      return "add";
    case StreamOp::triad:
      return "triad";
    case StreamOp::daxpy:
      return "daxpy";
  }
  return "unknown";
}

std::optional<StreamOp> stream_op_named(std::string_view name) {
  for (StreamOp op : kStreamOps)
    if (to_string(op) == name) return op;
  return std::nullopt;
}

roofline::Work stream_work(StreamOp op, roofline::Precision p, std::int64_t n, Store store) {
  const double array_bytes = static_cast<double>(n) * roofline::size_of(p);
  const bool allocates = stream_stores(op) && store == Store::temporal && !stream_in_place(op);
  roofline::Work w;
  w.precision = p;
  w.flops = static_cast<double>(n) * stream_flops(op);
  w.bytes = (stream_arrays(op) + (stream_in_place(op) ? 1 : 0)) * array_bytes;
  w.bytes_write_allocate = w.bytes + (allocates ? array_bytes : 0);
  w.working_set = stream_arrays(op) * array_bytes;
  return w;
}

template <class T>
double stream_output_tolerance(StreamOp op) {
  const int roundings = stream_flops(op);
  return roundings * kUnitRoundoff<T> / (1 - roundings * kUnitRoundoff<T>);
}

template <class T>
roofline::Verification stream_output_verdict(StreamOp op, std::size_t n, const ElementCheck& check,
                                             T found, const ExactValue& expected) {
  roofline::Verification v;
  v.tolerance = stream_output_tolerance<T>(op);
  v.max_error = check.max_error;
  v.passed = check.first_bad == n;
  std::ostringstream m;
  m.precision(std::numeric_limits<T>::max_digits10);
  m << "stream " << to_string(op) << ": ";
  if (v.passed) {
    m << n << " elements within relative error " << v.tolerance << " of the exact result (largest "
      << v.max_error << ")";
  } else {
    m << "element " << check.first_bad << " is " << found << ", expected "
      << expected.hi + expected.lo << " (relative error " << relative_error(found, expected)
      << " > " << v.tolerance << ")";
  }
  v.message = m.str();
  return v;
}

template <class T>
roofline::Verification verify_stream_output(StreamOp op, const T* out, const T* in1, const T* in2,
                                            std::size_t n, T s,
                                            const std::function<T(std::size_t)>& out0) {
  if (!stream_stores(op))
    throw std::invalid_argument("stream " + std::string(to_string(op)) + " has no output array");
  if (stream_in_place(op) && !out0)
    throw std::invalid_argument("stream " + std::string(to_string(op)) +
                                " needs the output's initial values");
  const auto exact = [&](std::size_t i) {
    return exact_stream_element(op, s, in1 ? in1[i] : 0, in2 ? in2[i] : 0,
                                stream_in_place(op) ? out0(i) : 0);
  };
  const ElementCheck check = check_elements(n, stream_output_tolerance<T>(op), [&](std::size_t i) {
    return relative_error(out[i], exact(i));
  });
  const std::size_t bad = check.first_bad < n ? check.first_bad : 0;
  return stream_output_verdict<T>(op, n, check, n > 0 ? out[bad] : T{}, exact(bad));
}

template <class T>
roofline::Verification stream_sum_verdict(StreamOp op, double sum, long double exact,
                                          long double magnitude, std::size_t n) {
  constexpr double kLambda = 6;
  roofline::Verification v;
  v.tolerance = kLambda * std::sqrt(static_cast<double>((op == StreamOp::dot ? 2 : 1) * n)) *
                kUnitRoundoff<T>;
  v.max_error = n == 0 ? 0 : static_cast<double>(std::fabs(sum - exact) / magnitude);
  v.passed = v.max_error <= v.tolerance;  // false for a NaN sum
  std::ostringstream m;
  m.precision(17);
  m << "stream " << to_string(op) << ": sum " << sum << ", exact " << static_cast<double>(exact)
    << " over " << n << " elements (relative error " << v.max_error << (v.passed ? " <= " : " > ")
    << v.tolerance << ")";
  v.message = m.str();
  return v;
}

template <class T>
roofline::Verification verify_stream_sum(StreamOp op, double sum, const T* in1, const T* in2,
                                         std::size_t n) {
  if (stream_stores(op))
    throw std::invalid_argument("stream " + std::string(to_string(op)) + " returns no sum");
  const bool dot = op == StreamOp::dot;
  long double exact = 0, magnitude = 0;
#pragma omp parallel for schedule(static) reduction(+ : exact, magnitude)
  for (std::size_t i = 0; i < n; ++i) {
    const long double term = dot ? static_cast<long double>(in1[i]) * in2[i] : in1[i];
    exact += term;
    magnitude += std::fabs(term);
  }
  return stream_sum_verdict<T>(op, sum, exact, magnitude, n);
}

template roofline::Verification verify_stream_output(StreamOp, const float*, const float*,
                                                     const float*, std::size_t, float,
                                                     const std::function<float(std::size_t)>&);
template roofline::Verification verify_stream_output(StreamOp, const double*, const double*,
                                                     const double*, std::size_t, double,
                                                     const std::function<double(std::size_t)>&);
template roofline::Verification verify_stream_sum(StreamOp, double, const float*, const float*,
                                                  std::size_t);
template roofline::Verification verify_stream_sum(StreamOp, double, const double*, const double*,
                                                  std::size_t);
template double stream_output_tolerance<float>(StreamOp);
template double stream_output_tolerance<double>(StreamOp);
template roofline::Verification stream_output_verdict(StreamOp, std::size_t, const ElementCheck&,
                                                      float, const ExactValue&);
template roofline::Verification stream_output_verdict(StreamOp, std::size_t, const ElementCheck&,
                                                      double, const ExactValue&);
template roofline::Verification stream_sum_verdict<float>(StreamOp, double, long double,
                                                          long double, std::size_t);
template roofline::Verification stream_sum_verdict<double>(StreamOp, double, long double,
                                                           long double, std::size_t);

}  // namespace kernels
