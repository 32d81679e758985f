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
  // Each device's roof measurement repeated right before its cases and right after them
  // (Backend::roof_check_cases), params["when"] "before" or "after"; none without a profile.
  std::vector<Result> roof_checks;
};

}  // namespace roofline

namespace roofline {

// Fills r.placement from the roofs when r is verified and timed (median time); clears it otherwise.
void place(Result& r, const Roofline& roofs);

// Placed results more than `margin` above their attainable roof (efficiency > 1 + margin). On a
// steady machine there are none: they mean the machine changed between the probe and the run.
inline constexpr double kAboveRoofMargin = 0.10;
std::vector<const Result*> above_roof(const Results& r, double margin = kAboveRoofMargin);

// A roof check (Results::roof_checks) against the roof of its level that the device's results are
// placed under: its median bandwidth over that roof. nullopt when the check failed or there is no
// such roof. Beyond 1 ± kRoofMovedMargin the machine changed since the probe.
inline constexpr double kRoofMovedMargin = 0.10;
std::optional<double> roof_check_ratio(const Results& r, const Result& check);
bool roof_moved(const Results& r, const std::string& device_id, double margin = kRoofMovedMargin);

}  // namespace roofline
