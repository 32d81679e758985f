#pragma once
// Nested SAXPY, independent of the backend: the kernel whose arithmetic intensity is a parameter.
//
// Per element i, with one coefficient a:
//   t = x[i];  repeat m times: t = a·t + y[i];  then y[i] = t.
// That is y = a(…a(a·x + y) + y…) + y with m nested FMAs: 2m FLOPs per element while each
// element moves 3 values (read x, read y, write y in place), so AI = 2m / (3·size): m/6 FLOP/byte
// in fp32, m/12 in fp64. A kernel keeps t in registers, so m sets where it sits on the roofline.
//
// a = −(1 − 2^−k) is exact in binary, and |a| < 1 makes the map contractive:
// t_m = a^m·x + y·(1 − a^m)/(1 − a) stays within |x| + |y| (to |y|·2^−(k+1)), and repeated timed
// calls on the same y never overflow. A rounding error made j steps before the end has shrunk by
// |a|^j, so the error of depth m grows with m only up to about 1/(1 − |a|) = 2^k steps
// (nested_saxpy_tolerance). In fp32 and fp64, k = 8 (a = −255/256): |a| is close to 1 so that a^m
// stays far above that bound up to m = 1024 (a^1024 ≈ e^−4), and the result of depth m differs from
// depth m' ≠ m by about a^min(m,m')·|(a − 1)·x + y|, so verification catches a wrong depth at every
// m, not only a wrong element. A 16-bit precision cannot tell that many steps apart: there 1 − |a|
// stays 8 units of its roundoff (fp16 k = 8, bf16 k = 5), so that a step still moves t by more than
// it rounds, and a wrong depth is caught while a^m is well above the bound (docs/methodology.md).
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

// In the default suite; x and y, sized into DRAM; its study sweeps the depth m, not the size.
inline constexpr Family kNestedSaxpy{.name = "nested_saxpy",
                                     .in_default_suite = true,
                                     .arrays = 2,
                                     .size_param = "m",
                                     .size_label = "depth m (FMAs per element)"};

// Its size study on GPUs: plain SAXPY (depth kNestedSaxpySizeDepth) over the vector length, from
// 1 K elements through the caches to DRAM (Sizing::lengths_to_dram), so that the launch cost of
// small arrays and the L2-to-DRAM transition show beside the vendor libraries'. A family of its
// own, as a result carries one study (the depth's is kNestedSaxpy's).
inline constexpr Family kNestedSaxpySize{.name = "nested_saxpy_size",
                                         .in_default_suite = true,
                                         .arrays = 2,
                                         .size_param = "n",
                                         .size_label = "vector length (elements)"};
inline constexpr int kNestedSaxpySizeDepth = 1;

// The coefficient a in precision p: −(1 − 2^−k), k = min(8, significand bits − 3).
double nested_saxpy_a(roofline::Precision p);
inline constexpr double kNestedSaxpyA = -255.0 / 256.0;  // nested_saxpy_a of fp32 and fp64

// The depths of the sweep: 1, 2, 4, …, 1024.
inline constexpr std::array<int, 11> kNestedSaxpyDepths = {1,  2,   4,   8,   16,  32,
                                                           64, 128, 256, 512, 1024};

roofline::Work nested_saxpy_work(roofline::Precision p, std::int64_t n, int m);

// The closed form's weights of x and y0 at depth m in precision p, a^m and (1 − a^m)/(1 − a),
// evaluated in long double and rounded: each within the double roundoff u_d, which leaves the
// reference below within about 2u_d·(|x| + |y0|) of the closed form (nested_saxpy_tolerance allows
// for it).
struct NestedSaxpyWeights {
  double x, y;
};
NestedSaxpyWeights nested_saxpy_weights(roofline::Precision p, int m);

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

// The bound on depth m's error relative to |x| + |y0| in precision p (unit roundoff u): each step
// rounds at most twice (once as an FMA, twice as a product and then a sum), each time by at most
// u·|t| ≤ u·(|x| + |y0|)·(1 + 2^−(k+1)), and an error made j steps before the end has shrunk by
// |a|^j: 2u·(S_m + 1) with S_m = Σ_{j<m} |a|^j = (1 − |a|^m)/(1 − |a|) (the + 1 covers the
// 2^−(k+1)), from 4u at m = 1 to about 505u at m = 1024 in fp32. The reference's own 2u_d
// (NestedSaxpyWeights) is added; it matters in fp64 alone.
double nested_saxpy_tolerance(roofline::Precision p, int m);

// The verification of depth m's y of n elements in precision p that `check` found (wherever it
// ran), with the element found and its reference at check.first_bad when it failed.
roofline::Verification nested_saxpy_verdict(roofline::Precision p, int m, std::size_t n,
                                            const ElementCheck& check, double found,
                                            const ExactValue& expected);

// Checks y (after one call from the initial values y0) against the closed form, element by
// element, within nested_saxpy_tolerance. y0 is called from several threads at once.
template <class T>
roofline::Verification verify_nested_saxpy(int m, const T* x, const T* y, std::size_t n,
                                           const std::function<T(std::size_t)>& y0);

}  // namespace kernels
