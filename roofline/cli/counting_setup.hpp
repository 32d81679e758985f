#pragma once
// `rooflab run --counters`: a counting session per device, with its calibration.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/counting.hpp"

namespace cli {

// The device's provider with the events named (its default set when `events` is empty), opened.
// nullptr when the backend has no counters. Throws InputError naming an unknown event.
std::unique_ptr<roofline::Counting> open_counting(const roofline::Backend& backend,
                                                  const roofline::Device& device,
                                                  const std::vector<std::string>& events);

// Counts the backend's calibration kernels into `calibration`. What cannot be counted at all, and
// calibration kernels that failed, are printed to stderr and kept in device.facts["counter_notes"].
void calibrate(roofline::Counting& counting, const roofline::Backend& backend,
               roofline::Device& device, std::vector<roofline::Calibration>& calibration);

}  // namespace cli
