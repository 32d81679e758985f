#include "roofline/physical_limits.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "roofline/bytes_text.hpp"

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

std::string roof_of(const MemoryCeiling& m) {
  return m.level + " " + m.kernel + ", " + std::to_string(m.threads) + " threads";
}

// "4 MiB to 32 MiB", or "1 MiB" for a ceiling of one working set.
std::string working_sets_text(const MemoryCeiling& m) {
  return m.working_set_min == m.working_set_max
             ? bytes_text(m.working_set_min)
             : bytes_text(m.working_set_min) + " to " + bytes_text(m.working_set_max);
}

std::optional<RefusedCeiling> above_limit(const Device& d, const MemoryCeiling& m) {
  for (const TheoreticalMemory& t : d.theoretical_memory) {
    if (t.level != m.level || t.bytes_per_s <= 0 ||
        m.bytes_per_s.median <= t.bytes_per_s * (1 + kPhysicalLimitMargin))
      continue;
    return RefusedCeiling{.roof = roof_of(m),
                          .value = m.bytes_per_s.median,
                          .limit = t.bytes_per_s,
                          .working_set_from = std::nullopt,
                          .reason = "above the " + m.level + " limit of " +
                                    rate_text(t.bytes_per_s, "B/s") + " (" + t.basis +
                                    "): its working sets (" + working_sets_text(m) +
                                    ") were served by a cache, not by " + m.level +
                                    " (a larger --max-working-set reaches it)"};
  }
  return std::nullopt;
}

// A DRAM ceiling of a device sharing the host's memory from working sets that no measured onset
// puts in DRAM: its working sets may have stayed in a cache of the host.
std::optional<RefusedCeiling> outside_dram(const Device& d, const MemoryCeiling& m,
                                           double max_working_set) {
  if (!d.shares_host_memory() || m.level != "DRAM") return std::nullopt;
  const std::optional<double> onset = d.dram_onset();
  if (onset && m.working_set_min >= *onset) return std::nullopt;
  std::string why = "from working sets of " + working_sets_text(m);
  if (onset)
    why += ", under the DRAM onset of " + bytes_text(*onset) + " that " +
           d.facts.value("dram_from_source", "its own bandwidth sweep") +
           " measured: cache-resident, not DRAM";
  else if (max_working_set > 0)
    why += ", and no sweep of this probe showed where DRAM begins: --max-working-set " +
           bytes_text(max_working_set) +
           " stopped it short, and such working sets may be cache-resident";
  else
    why +=
        ", and no sweep of this probe showed where DRAM begins (a plateau two octaves long "
        "past a faster level): such working sets may be cache-resident" +
        std::string(d.backend == "cpu"
                        ? ""
                        : "; a CPU sweep in the same probe that shows where the host's DRAM "
                          "begins (-d cpu, on a quiet machine) places them");
  return RefusedCeiling{.roof = roof_of(m),
                        .value = m.bytes_per_s.median,
                        .limit = 0,
                        .working_set_from = onset,
                        .reason = std::move(why)};
}

std::optional<RefusedCeiling> above_limit(const Device& d, const ComputeCeiling& c) {
  for (const TheoreticalCompute& t : d.theoretical_compute) {
    if (t.precision != c.precision || t.path != c.path || t.flops_per_s <= 0 ||
        c.flops_per_s.median <= t.flops_per_s * (1 + kPhysicalLimitMargin))
      continue;
    return RefusedCeiling{
        .roof = std::string(to_string(c.precision)) + " " + c.path,
        .value = c.flops_per_s.median,
        .limit = t.flops_per_s,
        .working_set_from = std::nullopt,
        .reason = "above the limit of " + rate_text(t.flops_per_s, "FLOP/s") + " (" + t.basis +
                  "): the kernel's work is miscounted, or it ran at a clock above the "
                  "device's maximum"};
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> refuse_unfounded_ceilings(Device& d, double max_working_set) {
  std::vector<std::string> lines;
  const auto refuse = [&](RefusedCeiling r, const char* unit) {
    lines.push_back(line_of(d.id, r, unit));
    d.refused.push_back(std::move(r));
    return true;
  };
  std::erase_if(d.memory, [&](const MemoryCeiling& m) {
    if (auto r = above_limit(d, m)) return refuse(std::move(*r), "B/s");
    if (auto r = outside_dram(d, m, max_working_set)) return refuse(std::move(*r), "B/s");
    return false;
  });
  if (d.backend == "cpu") return lines;
  std::erase_if(d.compute, [&](const ComputeCeiling& c) {
    if (auto r = above_limit(d, c)) return refuse(std::move(*r), "FLOP/s");
    return false;
  });
  return lines;
}

}  // namespace roofline
