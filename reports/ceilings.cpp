#include "reports/ceilings.hpp"

#include <algorithm>

namespace reports {

std::optional<double> CeilingRow::fraction_of_theoretical() const {
  if (!theoretical || !(*theoretical > 0)) return std::nullopt;
  return measured.median / *theoretical;
}

std::vector<CeilingRow> ceiling_rows(const roofline::Device& device) {
  std::vector<CeilingRow> rows;
  for (const roofline::ComputeCeiling& c : device.compute) {
    CeilingRow row;
    row.compute = true;
    row.precision = roofline::to_string(c.precision);
    row.path = c.path;
    row.name = row.precision + " " + c.path;
    row.threads = c.threads;
    row.measured = c.flops_per_s;
    row.clock_hz = c.clock_hz;
    row.method = c.method;
    const auto& tc = device.theoretical_compute;
    const auto t = std::find_if(tc.begin(), tc.end(), [&](const roofline::TheoreticalCompute& t) {
      return t.precision == c.precision && t.path == c.path && t.threads == c.threads;
    });
    if (t != tc.end()) {
      row.theoretical = t->flops_per_s;
      row.theoretical_basis = t->basis;
    }
    rows.push_back(std::move(row));
  }
  for (const roofline::MemoryCeiling& m : device.memory) {
    CeilingRow row;
    row.compute = false;
    row.level = m.level;
    row.kernel = m.kernel;
    row.name = m.level + " " + m.kernel;
    row.threads = m.threads;
    row.measured = m.bytes_per_s;
    row.working_set_min = m.working_set_min;
    row.working_set_max = m.working_set_max;
    row.method = m.method;
    const auto& tm = device.theoretical_memory;
    const auto t = std::find_if(tm.begin(), tm.end(), [&](const roofline::TheoreticalMemory& t) {
      return t.level == m.level;
    });
    if (t != tm.end()) {
      row.theoretical = t->bytes_per_s;
      row.theoretical_basis = t->basis;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace reports
