#include "reports/html_report.hpp"

#include <string_view>

#include "reports/ceilings.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_table.hpp"
#include "reports/roof_check.hpp"
#include "reports/template.hpp"
#include "reports/twins.hpp"
#include "roofline/build_info.hpp"

namespace rooflab_embedded {
extern const std::string_view report_html;
extern const std::string_view device_html;
}  // namespace rooflab_embedded

namespace reports {
namespace {

Cell num(std::string text) { return Cell(std::move(text), "num"); }

std::string none_note() { return "<p class=\"note\">None.</p>\n"; }

// With a native view of the same physical device, a last column gives each ceiling's ratio to
// the native backend's.
std::string ceilings_table(const roofline::Device& device, const roofline::Device* native) {
  std::vector<std::vector<Cell>> rows;
  for (const CeilingRow& c : ceiling_rows(device)) {
    const roofline::Summary& m = c.measured;
    const auto fraction = c.fraction_of_theoretical();
    std::string ws;
    if (!c.compute) ws = format_bytes(c.working_set_min) + " – " + format_bytes(c.working_set_max);
    Cell measured = num(format_si(m.median, c.unit()));
    if (m.unstable) measured = Cell(measured.text + " (unstable)", "num warn");
    rows.push_back(
        {{c.name},
         num(std::to_string(c.threads)),
         measured,
         num(format_si(m.ci_low, c.unit()) + " – " + format_si(m.ci_high, c.unit())),
         {c.theoretical ? format_si(*c.theoretical, c.unit()) : "—", "num", c.theoretical_basis},
         num(fraction ? format_percent(*fraction) : "—"),
         num(c.clock_hz > 0 ? format_si(c.clock_hz, "Hz") : ""),
         num(ws),
         {c.method}});
    if (native) {
      const auto ratio = ratio_to_native(c, *native);
      rows.back().push_back(num(ratio ? format_number(*ratio, 3) : "—"));
    }
  }
  if (rows.empty()) return none_note();
  std::vector<std::string> headers{"Ceiling", "Threads",     "Measured (median)",
                                   "95% CI",  "Theoretical", "% of theoretical",
                                   "Clock",   "Working set", "Method"};
  if (native) headers.push_back(device.backend + " / " + native->backend + " (" + native->id + ")");
  return html_table(headers, rows, "ceilings");
}

// Against the roof measured in the result's own seconds, which it names in its tooltip.
Cell efficiency_now_cell(const roofline::Result& r,
                         const std::optional<roofline::Placement>& placement) {
  if (!placement || !placement->efficiency_now || !r.roof_now) return num("—");
  return {format_percent(*placement->efficiency_now), "num",
          "against " + format_si(r.roof_now->median, "B/s") +
              ": the fastest of the roof's kernels, timed in turn with this result"};
}

// What a variant's own algorithm allows when it moves more than the referenced bytes (a
// multi-pass scan): the roof times bytes / algorithm_bytes. Empty otherwise.
std::string extra_passes_note(const roofline::Work& w) {
  if (!(w.bytes > 0 && w.algorithm_bytes > w.bytes)) return "";
  return "its algorithm moves " + format_number(w.algorithm_bytes / w.bytes) +
         "× the bytes: at most " + format_percent(w.bytes / w.algorithm_bytes) + " of the roof";
}

std::string results_table(const DeviceView& view) {
  std::vector<std::vector<Cell>> rows;
  for (const roofline::Result* r : view.records) {
    if (!r->ok()) continue;
    const auto point = plot_point(*r);
    // Attainable and bound speak of FLOP rates: only for a point on the chart. Efficiency is the
    // bandwidth's for work without FLOPs.
    const std::optional<roofline::Placement>& placement = r->placement;
    Cell note(extra_passes_note(r->work));
    if (r->time->unstable) {
      note = Cell(note.text.empty() ? "unstable" : "unstable; " + note.text, "warn");
    } else if (placement && !placement->note.empty()) {
      note = Cell(note.text.empty() ? placement->note : placement->note + "; " + note.text, "warn");
    } else if (!point) {
      note = Cell("not plotted: no FLOPs");
    }
    rows.push_back({{r->family},
                    {r->variant},
                    {std::string(roofline::to_string(r->work.precision))},
                    {params_text(r->params)},
                    {r->level},
                    num(point ? format_si(point->performance, "FLOP/s") : "—"),
                    num(format_si(bandwidth(*r), "B/s")),
                    num(point ? format_number(point->ai) : "—"),
                    num(point && placement ? format_si(placement->attainable, "FLOP/s") : "—"),
                    num(placement ? format_percent(placement->efficiency) : "—"),
                    efficiency_now_cell(*r, placement),
                    {point && placement ? std::string(roofline::to_string(placement->bound)) : "—"},
                    num(format_percent(r->time->cv)),
                    note});
  }
  if (rows.empty()) return none_note();
  return html_table(
      {"Family", "Variant", "Precision", "Parameters", "Level", "Performance", "Bandwidth",
       "AI (FLOP/B)", "Attainable", "Efficiency", "Efficiency, roof now", "Bound", "CV", "Note"},
      rows, "results");
}

std::string failed_table(const std::vector<DeviceView>& views) {
  std::vector<std::vector<Cell>> rows;
  for (const DeviceView& v : views) {
    for (const roofline::Result* r : v.records) {
      if (r->ok()) continue;
      rows.push_back({{device_title(v)},
                      {r->family},
                      {r->variant},
                      {std::string(roofline::to_string(r->work.precision))},
                      {params_text(r->params)},
                      {r->failure(), "bad"}});
    }
  }
  if (rows.empty()) return none_note();
  return html_table({"Device", "Family", "Variant", "Precision", "Parameters", "Message"}, rows,
                    "failed");
}

std::string affinity_text(const std::vector<std::vector<int>>& affinity) {
  std::string text;
  for (std::size_t t = 0; t < affinity.size(); ++t) {
    if (t > 0) text += "; ";
    text += std::to_string(t) + ":";
    for (std::size_t i = 0; i < affinity[t].size(); ++i) {
      if (i > 0) text += ',';
      text += std::to_string(affinity[t][i]);
    }
  }
  return text;
}

std::vector<std::pair<std::string, std::string>> provenance_fields(const roofline::Provenance& p) {
  return {{"Rooflab", p.version + " (" + p.git_hash + ")"},
          {"Compiler", p.compiler},
          {"Flags", p.flags + (p.build_type.empty() ? "" : " [" + p.build_type + "]")},
          {"Host", p.host},
          {"OS", p.os},
          {"CPU", p.cpu_model},
          {"Threads", std::to_string(p.threads)},
          {"Binding", p.thread_binding},
          {"Affinity", affinity_text(p.affinity)},
          {"Time", p.time},
          {"Command", p.command}};
}

std::string provenance_block(const std::vector<roofline::Results>& inputs) {
  std::vector<std::string> headers{""};
  std::vector<std::vector<std::pair<std::string, std::string>>> columns;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::string which = inputs.size() > 1 ? "Input " + std::to_string(i + 1) + ": " : "";
    headers.push_back(which + "run");
    columns.push_back(provenance_fields(inputs[i].provenance));
    headers.push_back(which + "machine profile");
    columns.push_back(provenance_fields(inputs[i].machine.provenance));
  }
  std::vector<std::vector<Cell>> rows;
  const auto field_names = provenance_fields({});
  for (std::size_t f = 0; f < field_names.size(); ++f) {
    std::vector<Cell> row{{field_names[f].first}};
    for (const auto& column : columns) row.push_back({column[f].second});
    rows.push_back(std::move(row));
  }
  const roofline::BuildInfo& b = roofline::build_info();
  return html_table(headers, rows, "provenance") + "<p>Report written by Rooflab " +
         escape_xml(b.version) + " (" + escape_xml(b.git_hash) + ").</p>\n";
}

std::string device_note(const DeviceView& view, const roofline::Results& input) {
  const int threads = view.device.max_threads_measured();
  std::size_t plotted = 0, failed = 0, flopless = 0;
  for (const roofline::Result* r : view.records) {
    if (!r->ok()) {
      ++failed;
    } else if (plot_point(*r)) {
      ++plotted;
    } else {
      ++flopless;
    }
  }
  std::string note;
  if (threads > 0 && view.device.backend == "cuda") {
    note = "Roofs: the ceilings measured on all " + std::to_string(threads) + " SMs. ";
  } else if (threads > 0) {
    note = "Roofs: the ceilings measured with " + std::to_string(threads) +
           " threads; ceilings with fewer threads are in the table. ";
  }
  note += std::to_string(plotted) + " results plotted";
  if (flopless > 0) note += ", " + std::to_string(flopless) + " without FLOPs (table only)";
  if (failed > 0) note += ", " + std::to_string(failed) + " failed (not plotted, listed below)";
  note += ".";
  for (const auto& finding : view.device.facts.value("probe_notes", nlohmann::json::array()))
    note += " Probe note: " + finding.get<std::string>() + ".";
  if (const std::string check = roof_check_note(input, view.device.id); !check.empty())
    note += " " + check;
  return note;
}

}  // namespace

std::string html_report(const std::vector<roofline::Results>& inputs,
                        const std::vector<DeviceView>& views,
                        const std::vector<DeviceCharts>& charts) {
  std::string devices;
  std::string names;
  for (std::size_t i = 0; i < views.size(); ++i) {
    const DeviceView& v = views[i];
    const DeviceView* native = native_view(v, views);
    devices += fill_template(
        rooflab_embedded::device_html,
        {{"anchor", escape_xml("device-" + std::to_string(v.input + 1) + "-" + slug(v.device.id))},
         {"title", escape_xml(device_title(v))},
         {"note", escape_xml(device_note(v, inputs[v.input]))},
         {"roofline_chart", charts[i].roofline},
         {"sweep_chart", charts[i].sweep},
         {"study_charts", charts[i].studies},
         {"counters", charts[i].counters},
         {"ceilings", ceilings_table(v.device, native ? &native->device : nullptr)},
         {"results", results_table(v)}});
    names += (i > 0 ? ", " : "") + device_title(v);
  }
  const roofline::BuildInfo& b = roofline::build_info();
  std::string subtitle =
      std::to_string(inputs.size()) + (inputs.size() == 1 ? " input" : " inputs");
  subtitle += ", " + std::to_string(views.size()) + (views.size() == 1 ? " device" : " devices");
  if (!names.empty()) subtitle += ": " + names;
  return fill_template(rooflab_embedded::report_html,
                       {{"title", escape_xml("Rooflab report " + b.version)},
                        {"subtitle", escape_xml(subtitle)},
                        {"devices", devices.empty() ? none_note() : devices},
                        {"failed", failed_table(views)},
                        {"provenance", provenance_block(inputs)}});
}

}  // namespace reports
