#pragma once
// Results (rooflab.results/1): one verified, timed record per kernel run, with the machine.
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "roofline/counters.hpp"
#include "roofline/model.hpp"
#include "roofline/profile.hpp"
#include "roofline/stats.hpp"
#include "roofline/work.hpp"

namespace roofline {

struct Verification {
  bool passed = false;
  double max_error = 0;  // largest error found, in the unit the check uses
  double tolerance = 0;
  std::string message;  // what was checked, or what went wrong
};

struct Result {
  std::string family, variant, backend, device;
  nlohmann::json params = nlohmann::json::object();  // size, threads, m, isa…
  Work work;
  std::string level;  // memory level the data lives in
  Verification verification;
  std::string error;                   // a failure other than verification (empty when none)
  std::vector<double> samples;         // seconds per call, every repetition
  std::optional<Summary> time;         // of samples
  std::optional<Placement> placement;  // only for verified results on a device with ceilings
  // Hardware counters of one counted call after the timed ones (rooflab run --counters), by event.
  std::map<std::string, Counter> counters;
  std::optional<MeasuredWork> measured;  // from the counters whose calibration agreed

  bool ok() const { return verification.passed && error.empty() && time.has_value(); }
};

struct Results {
  Provenance provenance;  // of the run
  MachineProfile machine;
  std::vector<Result> results;
  std::vector<Calibration> calibration;  // of the counters, when the run counted any
};

}  // namespace roofline

namespace roofline {

// Fills r.placement from the roofs when r is verified and timed (median time); clears it otherwise.
void place(Result& r, const Roofline& roofs);

// Placed results more than `margin` above their attainable roof (efficiency > 1 + margin). On a
// steady machine there are none: they mean the machine changed between the probe and the run.
inline constexpr double kAboveRoofMargin = 0.10;
std::vector<const Result*> above_roof(const Results& r, double margin = kAboveRoofMargin);

}  // namespace roofline
