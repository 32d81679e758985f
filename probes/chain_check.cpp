#include "probes/chain_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace probes {

roofline::Verification check_chains(std::span<const double> values, double expected,
                                    const char* what) {
  roofline::Verification v{.passed = true, .max_error = 0, .tolerance = 0, .message = ""};
  std::size_t first_wrong = values.size();
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double error = std::abs(values[i] - expected);
    if (error == 0) continue;
    v.passed = false;
    v.max_error =
        std::isnan(error) ? std::numeric_limits<double>::infinity() : std::max(v.max_error, error);
    if (first_wrong == values.size()) first_wrong = i;
  }
  char message[200];
  if (v.passed)
    std::snprintf(message, sizeof message, "all %zu chain values equal %s = %.17g exactly",
                  values.size(), what, expected);
  else
    std::snprintf(message, sizeof message, "chain value %zu is %.17g, not %s = %.17g", first_wrong,
                  values[first_wrong], what, expected);
  v.message = message;
  return v;
}

}  // namespace probes
