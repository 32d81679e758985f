#include "reports/headline.hpp"

#include <algorithm>
#include <cmath>

#include "reports/ceilings.hpp"
#include "reports/energy_section.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/roofline_chart.hpp"

namespace reports {
namespace {

// The ceiling a roof was taken from: of its name and value.
const CeilingRow* source_of(const std::vector<CeilingRow>& rows, bool compute,
                            const std::string& name, double value) {
  for (const CeilingRow& c : rows) {
    const std::string& key = compute ? c.precision : c.level;
    if (c.compute == compute && key == name &&
        std::abs(c.measured.median - value) <= 1e-9 * std::abs(value))
      return &c;
  }
  return nullptr;
}

std::string line(const std::string& name, const CeilingRow* row, double value,
                 const std::string& unit) {
  std::string text = "<b>" + escape_xml(name) + "</b> " + escape_xml(format_si(value, unit));
  if (!row) return text;
  text += escape_xml(" (" + (row->compute ? row->path : row->kernel) + ", " +
                     std::to_string(row->threads) + (row->threads == 1 ? " thread)" : " threads)"));
  if (const auto f = row->fraction_of_theoretical())
    text += escape_xml(" · " + format_percent(*f) + " of the theoretical " +
                       format_si(*row->theoretical, unit));
  if (row->measured.unstable) text += " · <span class=\"warn\">unstable</span>";
  return text;
}

}  // namespace

std::string headline_html(const roofline::Device& device) {
  const roofline::Roofline roofs = device.roofline();
  const std::vector<CeilingRow> rows = ceiling_rows(device);
  const std::vector<RidgePoint> ridges = ridge_points(roofs);
  std::string out;
  for (const roofline::MemoryRoof& m : roofs.memory()) {
    out += "<li>" +
           line(m.level, source_of(rows, false, m.level, m.bytes_per_s), m.bytes_per_s, "B/s");
    std::string ridge_text;
    for (const RidgePoint& r : ridges) {
      if (r.level != m.level) continue;
      ridge_text += (ridge_text.empty() ? "" : ", ") +
                    std::string(roofline::to_string(r.precision)) + " AI " + format_number(r.ai, 2);
    }
    if (!ridge_text.empty()) out += escape_xml(" · ridge: " + ridge_text);
    out += "</li>\n";
  }
  // Each precision's best compute roof, in profile order: FMA, or the matrix unit's.
  std::vector<roofline::Precision> precisions;
  for (const roofline::ComputeRoof& c : roofs.compute()) {
    if (std::find(precisions.begin(), precisions.end(), c.precision) != precisions.end()) continue;
    precisions.push_back(c.precision);
    const double peak = *roofs.peak(c.precision);
    const std::string name(roofline::to_string(c.precision));
    out += "<li>" +
           line(name + (roofline::is_tensor(c.precision) ? " matrix" : " FMA"),
                source_of(rows, true, name, peak), peak, "FLOP/s") +
           "</li>\n";
  }
  if (const std::string energy = energy_headline(device); !energy.empty())
    out += "<li><b>Energy</b> " + escape_xml(energy) + "</li>\n";
  return out.empty() ? "" : "<ul class=\"headline\">\n" + out + "</ul>\n";
}

}  // namespace reports
