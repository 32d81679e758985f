#pragma once
// A reference value that is exact to a few units of the double roundoff squared, built from
// error-free transformations (Knuth's TwoSum; the FMA's TwoProduct, exact for any two doubles),
// and the relative error of a result against it. Shared by the host checks and the CUDA ones
// (kernels/cuda/element_check.cuh), so both judge a kernel by one reference. Code using them is
// built without contraction of a·b + c into an FMA (CUDA: --fmad=false), which would break them.
#include <cmath>
#include <limits>

#include "kernels/host_device.hpp"

namespace kernels {

template <class T>
inline constexpr double kUnitRoundoff = std::numeric_limits<T>::epsilon() / 2;

struct ExactValue {
  double hi = 0, lo = 0;  // the reference is hi + lo
  double magnitude = 1;   // Σ|terms|: what the rounding errors of the result scale with
};

// a + b = s + e exactly (Knuth).
ROOFLAB_HOST_DEVICE inline void two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}

// a + s·b: exact but for the rounding of the two small error terms' sum (about u² of the terms).
ROOFLAB_HOST_DEVICE inline ExactValue exact_axpy(double a, double s, double b) {
  const double product = s * b;
  const double product_error = fma(s, b, -product);
  ExactValue v;
  two_sum(a, product, v.hi, v.lo);
  v.lo += product_error;
  v.magnitude = fabs(a) + fabs(product);
  return v;
}

// |result − reference| relative to the reference's magnitude; NaN for a NaN result. result − hi is
// exact whenever the result is within a factor 2 of hi (Sterbenz), the only case where the
// comparison is close.
ROOFLAB_HOST_DEVICE inline double relative_error(double result, const ExactValue& v) {
  return fabs((result - v.hi) - v.lo) / v.magnitude;
}

}  // namespace kernels
