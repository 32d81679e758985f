#pragma once
// Nested SAXPY, independent of the backend: the kernel whose arithmetic intensity is a parameter.
//
// Per element i, with one coefficient a:
//   t = x[i];  repeat m times: t = a·t + y[i];  then y[i] = t.
// That is y = a(…a(a·x + y) + y…) + y with m nested FMAs: 2m FLOPs per element while each
// element moves 3 values (read x, read y, write y in place), so AI = 2m / (3·size): m/6 FLOP/byte
// in fp32, m/12 in fp64. A kernel keeps t in registers, so m sets where it sits on the roofline.
//
// a = −255/256 is exact in binary, and |a| < 1 makes the map contractive:
// t_m = a^m·x + y·(1 − a^m)/(1 − a) stays within |x| + |y|, and repeated timed calls on the same y
// never overflow. The rounding error of each step shrinks by |a| per later step, so the result is
// within u·(|x| + |y|)/(1 − |a|) = 256u·(|x| + |y|) for every m (u the unit roundoff). |a| is
// close to 1 so that a^m stays far above that bound up to m = 1024 (a^1024 ≈ e^−4): the result
// of depth m differs from depth m' ≠ m by about a^min(m,m')·|(a − 1)·x + y|, so verification
// catches a wrong depth at every m, not only a wrong element.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "kernels/element_check.hpp"
#include "kernels/exact.hpp"
#include "kernels/family.hpp"
#include "kernels/host_device.hpp"
#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace kernels {

// In the default suite; x and y, sized into DRAM; it sweeps the depth m, not the size.
inline constexpr Family kNestedSaxpy{.name = "nested_saxpy", .in_default_suite = true, .arrays = 2};

inline constexpr double kNestedSaxpyA = -255.0 / 256.0;
// The error bound above, in units of u·(|x| + |y0|): 1 / (1 − |a|).
inline constexpr double kNestedSaxpyErrorUlps = 256;

// The depths of the sweep: 1, 2, 4, …, 1024.
inline constexpr std::array<int, 11> kNestedSaxpyDepths = {1,  2,   4,   8,   16,  32,
                                                           64, 128, 256, 512, 1024};

roofline::Work nested_saxpy_work(roofline::Precision p, std::int64_t n, int m);

// The closed form's weights of x and y0 at depth m, a^m and (1 − a^m)/(1 − a), evaluated in long
// double and rounded: each within the double roundoff u_d, which leaves the reference below
// within about 2u_d·(|x| + |y0|) of the closed form, under 1/128 of the fp64 tolerance.
struct NestedSaxpyWeights {
  double x, y;
};
NestedSaxpyWeights nested_saxpy_weights(int m);

// The closed form of y[i] after one call, from x[i] and y0[i], for the host and CUDA checks alike;
// its magnitude is |x| + |y0|, what the tolerance is relative to.
ROOFLAB_HOST_DEVICE inline ExactValue exact_nested_saxpy(const NestedSaxpyWeights& w, double x,
                                                         double y0) {
  const double weighted_y = w.y * y0;
  ExactValue v = exact_axpy(weighted_y, w.x, x);
  v.lo += fma(w.y, y0, -weighted_y);
  v.magnitude = fabs(x) + fabs(y0);
  return v;
}

// 256u: the error bound above.
template <class T>
constexpr double nested_saxpy_tolerance() {
  return kNestedSaxpyErrorUlps * kUnitRoundoff<T>;
}

// The verification of depth m's y of n elements that `check` found (wherever it ran), with the
// element found and its reference at check.first_bad when it failed.
template <class T>
roofline::Verification nested_saxpy_verdict(int m, std::size_t n, const ElementCheck& check,
                                            T found, const ExactValue& expected);

// Checks y (after one call from the initial values y0) against the closed form, element by
// element, within nested_saxpy_tolerance. y0 is called from several threads at once.
template <class T>
roofline::Verification verify_nested_saxpy(int m, const T* x, const T* y, std::size_t n,
                                           const std::function<T(std::size_t)>& y0);

}  // namespace kernels
