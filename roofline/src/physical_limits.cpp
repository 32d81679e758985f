#include "roofline/physical_limits.hpp"

#include <algorithm>
#include <cstdio>

namespace roofline {
namespace {

std::string rate_text(double value, const char* unit) {
  char text[64];
  std::snprintf(text, sizeof text, "%.4g %s", value, unit);
  return text;
}

std::string line_of(const std::string& id, const RefusedCeiling& r, const char* unit) {
  return id + ": " + r.roof + " ceiling of " + rate_text(r.value, unit) + " refused: " + r.reason;
}

}  // namespace

std::vector<std::string> refuse_ceilings_above_limits(Device& d) {
  std::vector<std::string> lines;
  std::erase_if(d.memory, [&](const MemoryCeiling& m) {
    for (const TheoreticalMemory& t : d.theoretical_memory) {
      if (t.level != m.level || t.bytes_per_s <= 0 ||
          m.bytes_per_s.median <= t.bytes_per_s * (1 + kPhysicalLimitMargin))
        continue;
      RefusedCeiling r{
          .roof = m.level + " " + m.kernel + ", " + std::to_string(m.threads) + " threads",
          .value = m.bytes_per_s.median,
          .limit = t.bytes_per_s,
          .reason = "above the " + m.level + " limit of " + rate_text(t.bytes_per_s, "B/s") + " (" +
                    t.basis + "): its working sets (" + rate_text(m.working_set_min, "B") + " to " +
                    rate_text(m.working_set_max, "B") + ") were served by a cache, not by " +
                    m.level + " (a larger --max-working-set reaches it)"};
      lines.push_back(line_of(d.id, r, "B/s"));
      d.refused.push_back(std::move(r));
      return true;
    }
    return false;
  });
  if (d.backend == "cpu") return lines;
  std::erase_if(d.compute, [&](const ComputeCeiling& c) {
    for (const TheoreticalCompute& t : d.theoretical_compute) {
      if (t.precision != c.precision || t.path != c.path || t.flops_per_s <= 0 ||
          c.flops_per_s.median <= t.flops_per_s * (1 + kPhysicalLimitMargin))
        continue;
      RefusedCeiling r{
          .roof = std::string(to_string(c.precision)) + " " + c.path,
          .value = c.flops_per_s.median,
          .limit = t.flops_per_s,
          .reason = "above the limit of " + rate_text(t.flops_per_s, "FLOP/s") + " (" + t.basis +
                    "): the kernel's work is miscounted, or it ran at a clock above the "
                    "device's maximum"};
      lines.push_back(line_of(d.id, r, "FLOP/s"));
      d.refused.push_back(std::move(r));
      return true;
    }
    return false;
  });
  return lines;
}

}  // namespace roofline
