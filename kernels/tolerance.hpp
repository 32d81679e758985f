#pragma once
// The tolerance of a floating-point accumulation, shared by every family whose result is a sum of
// terms: reduce's sum and dot, a scan's prefixes, a GEMM entry's k-term dot.
#include <cstddef>

namespace kernels {

// What is summed: the terms as they are, or products each rounded once before they are added.
enum class Terms { values, products };

// The tolerance of a floating-point sum of n terms, relative to Σ|terms|: a correct result of any
// summation order passes. With k roundings on the way to the result (k = n − 1 for values, n for
// products), the worst-case bound of every order is γ_k = k·u/(1 − k·u) (Higham, "Accuracy and
// Stability of Numerical Algorithms", 2nd ed., §3.1 and §4.2; u the unit roundoff). γ_k grows
// linearly and is useless beyond k·u ≈ 1 (16 M floats); random rounding errors grow as √k
// instead, and λ·√k·u with λ = 6 bounds them except with probability below 1e-7 for
// independent, mean-zero errors (Higham & Mary, SIAM J. Sci. Comput. 41(5), 2019, Thm. 3.1),
// which the mixed-sign inputs give. The tolerance is the smaller of the two: exact for n ≤ 1
// values and rigorous for short sums, probabilistic for long ones. 0 for integers (exact).
template <class T>
double accumulation_tolerance(Terms terms, std::size_t n);

}  // namespace kernels
