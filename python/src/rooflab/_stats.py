"""The statistics Rooflab computes from a result's samples (roofline/src/stats.cpp), for files
whose writer left them out (a marked region's time is null beside its samples)."""

import math
import statistics

UNSTABLE_CV = 0.05  # roofline::kUnstableCv


def _median_ci_order(n):
    """The largest j whose [x(j), x(n+1-j)] covers the median with at least 95% (1 where none
    does) and that coverage, P(j <= B <= n-j) = 1 - 2 P(B < j) for B ~ Binomial(n, 1/2)."""

    def probability(k):  # P(B = k), in logarithms: 2^-n underflows past n = 1074
        return math.exp(
            math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) - n * math.log(2)
        )

    best, level = 1, 1 - 2 * probability(0)
    below = probability(0)  # P(B < j)
    for j in range(2, n // 2 + 1):
        below += probability(j - 1)
        if 1 - 2 * below < 0.95:
            break
        best, level = j, 1 - 2 * below
    return best, 0.0 if n == 1 else level


def summarize(samples):
    """The summary Rooflab writes as a result's "time": n, median, min, max, mean, the
    distribution-free confidence interval of the median (ci_low, ci_high: the order statistics
    x(j), x(n+1-j) with the largest j whose coverage is still 95%, else min and max) with its
    coverage (ci_level), the coefficient of variation (cv) and whether it exceeds 5% (unstable)."""
    s = sorted(samples)
    n = len(s)
    if n == 0:
        raise ValueError("summarize: no samples")
    if not all(math.isfinite(v) for v in s):
        raise ValueError("summarize: a sample is not finite")
    mean = sum(s) / n
    cv = statistics.stdev(s) / abs(mean) if n > 1 and mean != 0 else 0.0
    best, level = _median_ci_order(n)
    return {
        "n": n,
        "median": statistics.median(s),
        "min": s[0],
        "max": s[-1],
        "mean": mean,
        "ci_low": s[best - 1],
        "ci_high": s[n - best],
        "ci_level": level,
        "cv": cv,
        "unstable": cv > UNSTABLE_CV,
    }
