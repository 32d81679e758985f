#include "reports/identical_devices.hpp"

#include <algorithm>

#include "reports/cluster_summary.hpp"
#include "roofline/names.hpp"

namespace reports {
namespace {

std::string members(const roofline::IdenticalDevices& group) {
  return roofline::joined(group.devices);
}

// Why a group has no outlier, or has too few devices to say.
std::string without_outliers(const roofline::IdenticalDevices& group) {
  if (!group.verdict())
    return "no verdict: " + std::to_string(group.devices.size()) +
           " of them, and the outlier rule needs " + std::to_string(group.rule.min_values) +
           " or more to tell which one lies outside the others' spread";
  return "no outliers (rule: " + outlier_rule_text(group.rule, "devices") + ")";
}

}  // namespace

std::vector<std::string> identical_devices_lines(const roofline::IdenticalDevices& group) {
  std::vector<std::string> lines;
  for (const roofline::RoofOutlier& o : group.outliers)
    lines.push_back("OUTLIER " + o.member + " among identical " + members(group) + ": " +
                    outlier_text(o));
  if (lines.empty())
    lines.push_back("identical devices " + members(group) + ": " + without_outliers(group));
  return lines;
}

std::string identical_device_note(const roofline::MachineProfile& m, const std::string& device_id) {
  for (const roofline::IdenticalDevices& group : m.identical) {
    if (std::find(group.devices.begin(), group.devices.end(), device_id) == group.devices.end())
      continue;
    std::string note = "Identical devices " + members(group) + ": ";
    std::string own;
    for (const roofline::RoofOutlier& o : group.outliers)
      if (o.member == device_id) own += (own.empty() ? "" : "; ") + outlier_text(o);
    if (!own.empty()) return note + "this one is an OUTLIER: " + own + ".";
    if (!group.outliers.empty()) return note + "outliers among the others, not this one.";
    return note + without_outliers(group) + ".";
  }
  return "";
}

}  // namespace reports
