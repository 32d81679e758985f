#pragma once
// The run's roof checks: the probe's measurement behind a device's memory roof repeated before and
// after the cases in its level, and the roof's kernels timed in turn with those cases.
#include <memory>
#include <string>
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/results.hpp"

namespace cli {

// Repeats the probe's measurement behind the device's memory roof into results.roof_checks (those
// that finished, when interrupted or out of time), each with params["when"] = `when`.
void check_roof(roofline::Results& results, const roofline::Backend& backend,
                const roofline::Device& device, roofline::MeasureOptions measure,
                const std::string& when);

// Whether any of the cases lies in the level of the device's roof checks.
bool in_roof_level(const std::vector<std::unique_ptr<roofline::Case>>& cases,
                   const roofline::Backend& backend, const roofline::Device& device);

// The roof's kernels that can be the roof in the cases' seconds, prepared and verified to be timed
// in turn with the cases in its level (MeasureOptions::roof_now): those whose check right before
// the cases read within 10% of the fastest. Which kernel is fastest moves with a shared host's
// load; timing all of them beside every group made a 2-core quick run a fifth longer.
std::vector<std::unique_ptr<roofline::Case>> roof_now_cases(const roofline::Results& results,
                                                            const roofline::Backend& backend,
                                                            const roofline::Device& device);

}  // namespace cli
