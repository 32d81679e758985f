#pragma once
// The ceilings of a device as table rows, each measured value next to its theoretical peak.
#include <optional>
#include <string>
#include <vector>

#include "roofline/profile.hpp"

namespace reports {

struct CeilingRow {
  bool compute = true;          // a compute ceiling (FLOP/s), else a memory one (B/s)
  std::string name;             // "fp64 vec256", "L2 triad"
  std::string precision, path;  // compute ceilings
  std::string level, kernel;    // memory ceilings
  int threads = 0;
  roofline::Summary measured;
  std::optional<double> theoretical;
  std::string theoretical_basis;
  double clock_hz = 0;                              // compute ceilings; 0 when unknown
  double working_set_min = 0, working_set_max = 0;  // memory ceilings
  std::string method;

  std::string unit() const { return compute ? "FLOP/s" : "B/s"; }
  // measured median / theoretical; nullopt without a theoretical value.
  std::optional<double> fraction_of_theoretical() const;
};

// Compute ceilings, then memory ceilings, in profile order.
std::vector<CeilingRow> ceiling_rows(const roofline::Device& device);

}  // namespace reports
