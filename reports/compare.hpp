#pragma once
// Run-to-run comparison: the same kernels in two results files, B against A.
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports {

enum class Verdict {
  faster,   // B's 95% CI of the median time lies wholly below A's
  slower,   // wholly above
  unknown,  // the intervals overlap: this measurement cannot tell, whatever the ratio of medians
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

// The verdict in a word ("faster", "slower", "can't tell").
std::string verdict_text(Verdict v);

// A median with its 95% CI: "1.2 ms [1.1 ms, 1.3 ms]".
std::string median_with_ci(const roofline::Summary& s);

// Why the verdict is what it is, plainly: whether the CIs overlap, and where a CI is its samples'
// whole range (fewer than 9 samples give no narrower 95% interval of the median) how many there
// were: one slow repetition then stretches it to the slowest, which is how a 12.8x ratio of
// medians can still be undecided.
std::string verdict_reason(const Comparison& c);

// A terminal table of the pairs and a line on how verdicts are called.
std::string comparison_table(const ComparisonSet& set);

// The counts: "3 compared: B faster 1, slower 1, can't tell 1; 1 only in A, 1 only in B".
std::string comparison_counts(const ComparisonSet& set);

// The table and the counts in Markdown, for a pull request's comment.
std::string comparison_markdown(const ComparisonSet& set);

// The pairs where B is slower (the CIs apart) by `least` or more: A/B at most 1/least.
std::vector<const Comparison*> regressions(const ComparisonSet& set, double least);

}  // namespace reports
