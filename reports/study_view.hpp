#pragma once
// The report's size studies across its devices and backends (size_study.hpp): per family a
// heading, one figure per panel that swept sizes, the crossovers in words (crossovers.hpp) and
// what was left undrawn and why. A figure holds its panel's data; the page's script
// (templates/study_view.js) draws the family's panels as time, throughput with each level's roof
// as a band, time relative to a reference picked in the page, or each variant's latency-aware
// roof over its time, with variants and devices toggled, from one row of controls per family.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reports/size_study.hpp"

namespace reports {

// A panel's data for the script: title, axis label, the throughput unit, the default reference,
// the devices (title, dash), each series (variant, device, colour by its place in `variants`, the
// family's; baseline; its synchronization in words; per size the median time, its 95% interval,
// unstable, work per call, latency-aware roof or null, and why the point lies above a roof, or
// "") and the roof bands.
nlohmann::json study_data(const StudyPanel& panel, const std::vector<std::string>& variants);

// The section; empty without results that have a size study.
std::string study_section(const std::vector<DeviceView>& views);

}  // namespace reports
