#pragma once
// Run-to-run comparison: the same kernels in two results files, B against A.
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports {

enum class Verdict {
  faster,  // B's 95% CI of the median time lies wholly below A's
  slower,  // wholly above
  same,    // the intervals overlap: no difference this measurement can show
};

struct Comparison {
  const roofline::Result* a;
  const roofline::Result* b;
  double speedup;  // A's median time / B's: above 1 when B is faster
  Verdict verdict;
};

struct ComparisonSet {
  std::vector<Comparison> pairs;  // verified and timed in both, in A's order
  int only_in_a = 0, only_in_b = 0;
};

// Pairs records with the same family, variant, backend, device, precision and parameters.
ComparisonSet compare(const roofline::Results& a, const roofline::Results& b);

// A terminal table of the pairs and a line with the counts.
std::string comparison_table(const ComparisonSet& set);

}  // namespace reports
