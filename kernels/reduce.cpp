#include "kernels/reduce.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "kernels/check.hpp"
#include "kernels/tolerance.hpp"

namespace kernels {
namespace {

// The exact int64 reference, compared modulo 2^32.
roofline::Verification verify_int(ReduceOp op, std::int32_t result, const std::int32_t* x,
                                  const std::int32_t* y, std::size_t n) {
  const bool dot = op == ReduceOp::dot;
  std::int64_t exact = 0;
#pragma omp parallel for schedule(static) reduction(+ : exact)
  for (std::size_t i = 0; i < n; ++i) exact += dot ? std::int64_t{x[i]} * y[i] : std::int64_t{x[i]};
  const auto wrapped = static_cast<std::int32_t>(static_cast<std::uint32_t>(exact));
  roofline::Verification v;
  v.tolerance = 0;
  v.max_error = std::fabs(static_cast<double>(result) - static_cast<double>(wrapped));
  v.passed = result == wrapped;
  std::ostringstream m;
  m << "reduce " << to_string(op) << " int32: " << result << ", exact " << exact;
  if (wrapped != exact) m << " (" << wrapped << " modulo 2^32)";
  m << " over " << n << " elements" << (v.passed ? "" : ": not equal");
  v.message = m.str();
  return v;
}

template <class T>
roofline::Verification verify_float(ReduceOp op, T result, const T* x, const T* y, std::size_t n) {
  const bool dot = op == ReduceOp::dot;
  long double exact = 0, magnitude = 0;
#pragma omp parallel for schedule(static) reduction(+ : exact, magnitude)
  for (std::size_t i = 0; i < n; ++i) {
    const long double term = dot ? static_cast<long double>(x[i]) * y[i] : x[i];
    exact += term;
    magnitude += std::fabs(term);
  }
  roofline::Verification v;
  v.tolerance = accumulation_tolerance<T>(op == ReduceOp::dot ? Terms::products : Terms::values, n);
  const long double error = std::fabs(result - exact);
  v.max_error = n == 0 ? static_cast<double>(error) : static_cast<double>(error / magnitude);
  v.passed = v.max_error <= v.tolerance;  // false for a NaN result
  std::ostringstream m;
  m.precision(std::numeric_limits<T>::max_digits10);
  m << "reduce " << to_string(op) << " " << to_string(precision_of<T>()) << ": " << result
    << ", exact " << static_cast<double>(exact) << " over " << n
    << " elements (error relative to the sum of |terms| " << v.max_error
    << (v.passed ? " <= " : " > ") << v.tolerance << ")";
  v.message = m.str();
  return v;
}

// The exact maximum (for no elements the lowest finite value of T), compared for equality: no
// order of comparisons rounds.
template <class T>
roofline::Verification verify_max(T result, const T* x, std::size_t n) {
  T exact = reduce_identity<T>(ReduceOp::max);
#pragma omp parallel for schedule(static) reduction(max : exact)
  for (std::size_t i = 0; i < n; ++i) exact = std::max(exact, x[i]);
  roofline::Verification v;
  v.tolerance = 0;
  v.passed = result == exact;  // false for a NaN result
  v.max_error = v.passed ? 0 : std::fabs(static_cast<double>(result) - static_cast<double>(exact));
  std::ostringstream m;
  m.precision(std::numeric_limits<T>::max_digits10);
  m << "reduce max " << to_string(precision_of<T>()) << ": " << result << ", exact " << exact
    << " over " << n << " elements" << (v.passed ? "" : ": not equal");
  v.message = m.str();
  return v;
}

}  // namespace

std::string_view to_string(ReduceOp op) {
  switch (op) {
    case ReduceOp::sum:
      return "sum";
    case ReduceOp::dot:
      return "dot";
    case ReduceOp::max:
      return "max";
  }
  return "?";
}

roofline::Work reduce_work(ReduceOp op, roofline::Precision p, std::int64_t n) {
  const int inputs = reduce_inputs(op);
  roofline::Work w;
  w.precision = p;
  // n adds, n comparisons (max), or n multiplies + n adds (dot)
  w.flops = static_cast<double>(inputs) * static_cast<double>(n);
  w.bytes = inputs * static_cast<double>(n) * roofline::size_of(p);
  w.bytes_write_allocate = w.bytes;  // nothing is stored
  w.working_set = w.bytes;
  return w;
}

template <class T>
roofline::Verification verify_reduce(ReduceOp op, T result, const T* x, const T* y, std::size_t n) {
  if (op == ReduceOp::dot && n > 0 && !y) throw std::invalid_argument("reduce dot: y is null");
  if (n > 0 && !x) throw std::invalid_argument("reduce: x is null");
  if (op == ReduceOp::max) return verify_max(result, x, n);
  if constexpr (std::is_integral_v<T>) {
    return verify_int(op, result, x, y, n);
  } else {
    return verify_float(op, result, x, y, n);
  }
}

template roofline::Verification verify_reduce(ReduceOp, float, const float*, const float*,
                                              std::size_t);
template roofline::Verification verify_reduce(ReduceOp, double, const double*, const double*,
                                              std::size_t);
template roofline::Verification verify_reduce(ReduceOp, std::int32_t, const std::int32_t*,
                                              const std::int32_t*, std::size_t);

template <class T>
roofline::Verification verify_reduce_twice(ReduceOp op, T first, T second, const T* x, const T* y,
                                           std::size_t n) {
  roofline::Verification v = verify_reduce<T>(op, first, x, y, n);
  if (!v.passed) return v;
  v = verify_reduce<T>(op, second, x, y, n);
  if (!v.passed) v.message = "second launch: " + v.message;
  return v;
}

template roofline::Verification verify_reduce_twice(ReduceOp, float, float, const float*,
                                                    const float*, std::size_t);
template roofline::Verification verify_reduce_twice(ReduceOp, double, double, const double*,
                                                    const double*, std::size_t);
template roofline::Verification verify_reduce_twice(ReduceOp, std::int32_t, std::int32_t,
                                                    const std::int32_t*, const std::int32_t*,
                                                    std::size_t);

std::string_view to_string(BlockLoad l) { return l == BlockLoad::striped ? "striped" : "blocked"; }

std::string_view to_string(LoadWidth w) { return w == LoadWidth::vec16 ? "v16" : "e"; }

std::string_view to_string(Bounds b) { return b == Bounds::checked ? "checked" : "unchecked"; }

std::string_view to_string(PassScheme p) {
  switch (p) {
    case PassScheme::two_pass:
      return "two_pass";
    case PassScheme::one_pass_atomic:
      return "one_pass_atomic";
    case PassScheme::one_pass_last_block:
      return "one_pass_last_block";
  }
  return "?";
}

}  // namespace kernels
