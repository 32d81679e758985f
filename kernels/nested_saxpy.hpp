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

#include "kernels/family.hpp"
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

// Checks y (after one call from the initial values y0) against the closed form above evaluated
// in a wider type, element by element, with the tolerance 256u·(|x| + |y0|). y0 is called from
// several threads at once.
template <class T>
roofline::Verification verify_nested_saxpy(int m, const T* x, const T* y, std::size_t n,
                                           const std::function<T(std::size_t)>& y0);

}  // namespace kernels
