#include "reports/counters_section.hpp"

#include <map>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/hierarchy_chart.hpp"
#include "reports/html_table.hpp"

namespace reports {
namespace {

std::vector<const roofline::Calibration*> calibration_of(const DeviceView& view) {
  std::vector<const roofline::Calibration*> out;
  if (!view.source) return out;
  for (const auto& c : view.source->calibration)
    if (c.device == view.device.id) out.push_back(&c);
  return out;
}

std::string calibration_table(const std::vector<const roofline::Calibration*>& records) {
  std::vector<std::vector<Cell>> rows;
  for (const roofline::Calibration* c : records) {
    std::string events;
    for (const auto& e : c->events) events += (events.empty() ? "" : ", ") + e;
    rows.push_back({{c->quantity},
                    {events},
                    {c->kernel},
                    num(format_number(c->expected, 4)),
                    num(format_number(c->measured, 4)),
                    num(format_number(c->ratio(), 4)),
                    num("±" + format_percent(c->tolerance)),
                    c->agrees() ? Cell("agrees") : Cell("disagrees: not used", "bad")});
  }
  return html_table(
      {"Quantity", "Events", "Kernel", "Expected", "Measured", "Ratio", "Tolerance", "Verdict"},
      rows, "calibration");
}

std::string work_table(const std::vector<WorkComparison>& rows_in) {
  std::vector<std::vector<Cell>> rows;
  for (const WorkComparison& w : rows_in) {
    const roofline::Result& r = *w.result;
    rows.push_back({{r.family},
                    {r.variant},
                    {std::string(roofline::to_string(r.work.precision))},
                    {params_text(r.params)},
                    {w.quantity},
                    num(format_number(w.declared, 4)),
                    num(format_number(w.declared_write_allocate, 4)),
                    num(format_number(w.measured, 4)),
                    num(format_number(w.ratio(), 3))});
  }
  return html_table({"Family", "Variant", "Precision", "Parameters", "Quantity", "Declared",
                     "Declared with write-allocate", "Measured", "Measured / declared"},
                    rows, "measured-work");
}

// Counters that could not be read, or were not trusted, once per event.
std::string untrusted_list(const DeviceView& view) {
  std::map<std::string, std::string> seen;
  for (const roofline::Result* r : view.records)
    for (const auto& [event, c] : r->counters)
      if (c.verdict != roofline::Verdict::agrees && !seen.contains(event))
        seen[event] = std::string(roofline::to_string(c.verdict)) + ": " + c.note;
  std::string out;
  for (const auto& [event, why] : seen)
    out += "<li><code>" + escape_xml(event) + "</code> " + escape_xml(why) + "</li>\n";
  return out.empty() ? "" : "<ul class=\"counter-notes\">\n" + out + "</ul>\n";
}

}  // namespace

std::vector<WorkComparison> work_comparisons(const DeviceView& view) {
  std::vector<WorkComparison> out;
  for (const roofline::Result* r : view.records) {
    if (!r->ok() || !r->measured) continue;
    const roofline::Work& w = r->work;
    if (r->measured->flops) out.push_back({r, "FLOPs", w.flops, w.flops, *r->measured->flops});
    for (const auto& [level, bytes] : r->measured->bytes)
      out.push_back({r, "bytes " + level, w.bytes, w.bytes_write_allocate, bytes});
  }
  return out;
}

std::string counters_section(const DeviceView& view) {
  const auto calibration = calibration_of(view);
  bool counted = false;
  for (const roofline::Result* r : view.records) counted |= !r->counters.empty();
  if (!counted && calibration.empty()) return "";

  std::string html = "<h3>Hardware counters</h3>\n";
  for (const auto& note : view.device.facts.value("counter_notes", nlohmann::json::array()))
    html += "<p class=\"note\">" + escape_xml(note.get<std::string>()) + "</p>\n";
  const auto points = hierarchy_points(view);
  if (!points.empty()) {
    html += hierarchy_svg("Hierarchical roofline (measured) — " + device_title(view),
                          view.device.roofline(), points);
  } else {
    html +=
        "<p class=\"note\">No result has measured FLOPs and bytes from counters that agreed "
        "with calibration: the results are placed by their declared work.</p>\n";
  }
  html += "<h4>Calibration</h4>\n";
  html += calibration.empty() ? "<p class=\"note\">None.</p>\n" : calibration_table(calibration);
  const auto comparisons = work_comparisons(view);
  if (!comparisons.empty())
    html += "<h4>Declared and measured work</h4>\n" + work_table(comparisons);
  if (const std::string untrusted = untrusted_list(view); !untrusted.empty())
    html += "<h4>Counters not used</h4>\n" + untrusted;
  return html;
}

}  // namespace reports
