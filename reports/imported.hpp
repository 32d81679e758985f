#pragma once
// Results that Rooflab did not verify itself (a Google Benchmark file, a region timed with the
// marker API, a profiled program's kernel): the report marks them as such.
#include "roofline/program.hpp"
#include "roofline/results.hpp"

namespace reports {

inline bool imported(const roofline::Result& r) {
  return r.family == "gbench" || r.family == "region" || r.family == roofline::kProgramFamily;
}

}  // namespace reports
