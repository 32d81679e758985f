#pragma once
// CSV tables for spreadsheets and scripts: numbers in SI base units at full precision.
#include <string>
#include <vector>

#include "reports/view.hpp"

namespace reports {

// One row per ceiling of every device: input, host, device, kind, name, precision, path, level,
// kernel, threads, unit, median, ci_low, ci_high, cv, unstable, theoretical,
// fraction_of_theoretical, clock_hz, working_set_min, working_set_max, method.
std::string ceilings_csv(const std::vector<DeviceView>& views);

// One row per result (failed ones too, with status and message): input, host, device, family,
// variant, backend, precision, params (JSON), level, status, message, flops, bytes, ai,
// time_median_s, time_ci_low_s, time_ci_high_s, cv, unstable, flops_per_s, bytes_per_s,
// attainable_flops_per_s, efficiency, bound, plotted.
std::string results_csv(const std::vector<DeviceView>& views);

// One row per crossover of the size studies (reports/crossovers.hpp): panel, kind (devices,
// ladder), leads_below, leads_from, size (interpolated), between_low, between_high (the measured
// sizes around it), clear (the intervals there apart).
std::string crossovers_csv(const std::vector<DeviceView>& views);

}  // namespace reports
