#include "roofline/cli/counting_setup.hpp"

#include <iostream>

namespace cli {

std::unique_ptr<roofline::Counting> open_counting(const roofline::Backend& backend,
                                                  const roofline::Device& device,
                                                  const std::vector<std::string>& events) {
  auto provider = backend.counter_provider(device);
  if (!provider) {
    std::cerr << "note: " << device.id << ": the " << backend.name()
              << " backend has no hardware counters; its results keep their declared work\n";
    return nullptr;
  }
  std::vector<roofline::EventSpec> specs;
  if (events.empty()) {
    specs = provider->default_events();
  } else {
    for (const auto& name : events) specs.push_back(provider->describe(name));
  }
  return std::make_unique<roofline::Counting>(std::move(provider), std::move(specs));
}

void calibrate(roofline::Counting& counting, const roofline::Backend& backend,
               roofline::Device& device, std::vector<roofline::Calibration>& calibration) {
  std::vector<std::string> notes = counting.provider().notes();
  auto cases = backend.calibration_cases(device);
  auto records = counting.calibrate(cases, device.id, notes);
  if (cases.empty()) notes.push_back("no calibration kernels: every counter stays uncalibrated");
  calibration.insert(calibration.end(), records.begin(), records.end());
  for (const auto& note : notes)
    std::cerr << "note: " << device.id << ": counters: " << note << "\n";
  device.facts["counter_notes"] = notes;
}

}  // namespace cli
