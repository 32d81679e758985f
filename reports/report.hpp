#pragma once
// The report: every input's devices, ceilings and results on roofline charts (HTML, SVG, CSV)
// and as a terminal summary.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports {

struct ReportOptions {
  std::filesystem::path html;                    // the HTML report
  std::optional<std::filesystem::path> svg_dir;  // one standalone SVG per device chart
  std::optional<std::filesystem::path> csv_dir;  // ceilings.csv, results.csv, crossovers.csv
};

// Several inputs (e.g. runs of different devices or backends) go into one report. Every file is
// written atomically (temporary file + rename); folders are created as needed.
void write_report(const std::vector<roofline::Results>& inputs, const ReportOptions& options);

// A short aligned table for the terminal.
std::string summary_table(const std::vector<roofline::Results>& inputs);

}  // namespace reports
