#pragma once
// Results that Rooflab did not measure itself but read in (a Google Benchmark file, a region
// timed with the marker API): the report marks them as such.
#include "roofline/results.hpp"

namespace reports {

inline bool imported(const roofline::Result& r) {
  return r.family == "gbench" || r.family == "region";
}

}  // namespace reports
