#include "kernels/stream.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "kernels/check.hpp"

namespace kernels {
namespace {

// The exact result of one element (in Wide<T>) and the magnitude its rounding errors scale with.
template <class T>
struct Exact {
  Wide<T> value, magnitude;
};

template <class T>
Exact<T> exact_element(StreamOp op, const T* in1, const T* in2, std::size_t i, T s,
                       const std::function<T(std::size_t)>& out0) {
  using W = Wide<T>;
  const W ws = s;
  switch (op) {
    case StreamOp::write:
      return {ws, std::fabs(ws)};
    case StreamOp::copy:
      return {in1[i], std::fabs(W{in1[i]})};
    case StreamOp::scale: {
      const W v = ws * in1[i];
      return {v, std::fabs(v)};
    }
    case StreamOp::add:
      return {W{in1[i]} + in2[i], std::fabs(W{in1[i]}) + std::fabs(W{in2[i]})};
    case StreamOp::triad: {
      const W product = ws * in2[i];
      return {in1[i] + product, std::fabs(W{in1[i]}) + std::fabs(product)};
    }
    case StreamOp::daxpy: {
      const W old = out0(i), product = ws * in1[i];
      return {old + product, std::fabs(old) + std::fabs(product)};
    }
    case StreamOp::read:
    case StreamOp::dot:
      break;
  }
  return {std::numeric_limits<W>::quiet_NaN(), 1};
}

}  // namespace

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

std::string_view to_string(Store store) {
  return store == Store::temporal ? "temporal" : "nontemporal";
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
roofline::Verification verify_stream_output(StreamOp op, const T* out, const T* in1, const T* in2,
                                            std::size_t n, T s,
                                            const std::function<T(std::size_t)>& out0) {
  if (!stream_stores(op))
    throw std::invalid_argument("stream " + std::string(to_string(op)) + " has no output array");
  if (stream_in_place(op) && !out0)
    throw std::invalid_argument("stream " + std::string(to_string(op)) +
                                " needs the output's initial values");
  const int roundings = stream_flops(op);
  roofline::Verification v;
  v.tolerance = roundings * kUnitRoundoff<T> / (1 - roundings * kUnitRoundoff<T>);
  const auto relative_error = [&](std::size_t i) {
    const Exact<T> e = exact_element(op, in1, in2, i, s, out0);
    return static_cast<double>(std::fabs(out[i] - e.value) / e.magnitude);
  };
  const ElementCheck check = check_elements(n, v.tolerance, relative_error);
  v.max_error = check.max_error;
  v.passed = check.first_bad == n;
  std::ostringstream m;
  m.precision(std::numeric_limits<T>::max_digits10);
  m << "stream " << to_string(op) << ": ";
  if (v.passed) {
    m << n << " elements within relative error " << v.tolerance << " of the exact result (largest "
      << v.max_error << ")";
  } else {
    const std::size_t i = check.first_bad;
    m << "element " << i << " is " << out[i] << ", expected "
      << static_cast<double>(exact_element(op, in1, in2, i, s, out0).value) << " (relative error "
      << relative_error(i) << " > " << v.tolerance << ")";
  }
  v.message = m.str();
  return v;
}

template <class T>
roofline::Verification verify_stream_sum(StreamOp op, double sum, const T* in1, const T* in2,
                                         std::size_t n) {
  if (stream_stores(op))
    throw std::invalid_argument("stream " + std::string(to_string(op)) + " returns no sum");
  constexpr double kLambda = 6;
  const bool dot = op == StreamOp::dot;
  long double exact = 0, magnitude = 0;
#pragma omp parallel for schedule(static) reduction(+ : exact, magnitude)
  for (std::size_t i = 0; i < n; ++i) {
    const long double term = dot ? static_cast<long double>(in1[i]) * in2[i] : in1[i];
    exact += term;
    magnitude += std::fabs(term);
  }
  roofline::Verification v;
  v.tolerance = kLambda * std::sqrt(static_cast<double>((dot ? 2 : 1) * n)) * kUnitRoundoff<T>;
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

}  // namespace kernels
