#pragma once
// The run-to-run comparison as HTML: a section (for any report that holds two runs) and the page
// `rooflab compare A B -o FILE` writes around it.
#include <string>

#include "reports/compare.hpp"

namespace reports {

// A table of the pairs (each median with its 95% CI, A/B, the verdict and why) with the counts;
// `a_name` and `b_name` name the two runs (their files).
std::string comparison_section(const ComparisonSet& set, const std::string& a_name,
                               const std::string& b_name);

// A self-contained page holding that section.
std::string comparison_page(const ComparisonSet& set, const std::string& a_name,
                            const std::string& b_name);

}  // namespace reports
