#pragma once
// What a device's hardware counters say: the hierarchical roofline, each counter's calibration
// against kernels of known work, and per result its declared work beside the measured one — so a
// reader sees e.g. that a triad moved 4N, not 3N, bytes because of write-allocate.
#include <string>
#include <vector>

#include "reports/view.hpp"

namespace reports {

// A declared quantity of one result beside what its counters measured.
struct WorkComparison {
  const roofline::Result* result = nullptr;
  std::string quantity;                // "FLOPs", "bytes L1", "bytes DRAM"
  double declared = 0;                 // FLOPs, or bytes as referenced (the STREAM convention)
  double declared_write_allocate = 0;  // bytes counting write-allocate; FLOPs again for FLOPs
  double measured = 0;
  double ratio() const { return declared > 0 ? measured / declared : 0; }
};

// One row per measured quantity of each verified, counted result, in record order.
std::vector<WorkComparison> work_comparisons(const DeviceView& view);

// The HTML section; empty when the device has neither counted results nor calibration.
std::string counters_section(const DeviceView& view);

}  // namespace reports
