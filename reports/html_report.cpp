#include "reports/html_report.hpp"

#include <limits>
#include <string_view>

#include "reports/ceilings.hpp"
#include "reports/energy_section.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/headline.hpp"
#include "reports/html_table.hpp"
#include "reports/identical_devices.hpp"
#include "reports/imported.hpp"
#include "reports/link_latency.hpp"
#include "reports/peer_copies.hpp"
#include "reports/program_section.hpp"
#include "reports/roof_check.hpp"
#include "reports/roofline_chart.hpp"
#include "reports/row_limit.hpp"
#include "reports/study_view.hpp"
#include "reports/sustained_section.hpp"
#include "reports/template.hpp"
#include "reports/twins.hpp"
#include "roofline/build_info.hpp"
#include "roofline/bytes_text.hpp"

namespace rooflab_embedded {
extern const std::string_view report_html;
extern const std::string_view tables_js;
extern const std::string_view roofline_chart_js;
extern const std::string_view study_view_js;
extern const std::string_view device_html;
}  // namespace rooflab_embedded

namespace reports {
namespace {

// A percentage's cell, sortable by its fraction.
Cell percent(std::optional<double> fraction) {
  return fraction ? num(format_percent(*fraction), *fraction) : num("—");
}

// With a native view of the same physical device, a last column gives each ceiling's ratio to
// the native backend's.
std::string ceilings_table(const roofline::Device& device, const roofline::Device* native) {
  std::vector<std::vector<Cell>> rows;
  for (const CeilingRow& c : ceiling_rows(device)) {
    const roofline::Summary& m = c.measured;
    const auto fraction = c.fraction_of_theoretical();
    std::string ws;
    if (!c.compute) ws = format_bytes(c.working_set_min) + " – " + format_bytes(c.working_set_max);
    Cell measured = num(format_si(m.median, c.unit()), m.median);
    if (m.unstable) {
      measured.text += " (unstable)";
      measured.css_class = "num warn";
    }
    Cell theoretical =
        num(c.theoretical ? format_si(*c.theoretical, c.unit()) : "—", c.theoretical);
    theoretical.title = c.theoretical_basis;
    // The method's prose is the name's tooltip: it would make every row a paragraph.
    rows.push_back({{c.name, "", c.method},
                    num(std::to_string(c.threads), c.threads),
                    measured,
                    num(format_si(m.ci_low, c.unit()) + " – " + format_si(m.ci_high, c.unit())),
                    theoretical,
                    percent(fraction),
                    num(c.clock_hz > 0 ? format_si(c.clock_hz, "Hz") : "", c.clock_hz),
                    num(ws, c.working_set_max)});
    if (native) {
      const auto ratio = ratio_to_native(c, *native);
      rows.back().push_back(num(ratio ? format_number(*ratio, 3) : "—", ratio));
    }
  }
  // Ceilings that measured something else: named, never a roof, with the bound they break.
  std::string refused;
  for (const roofline::RefusedCeiling& r : device.refused) {
    std::string bound;
    if (r.limit > 0) bound = "limit " + format_number(r.limit, 4);
    if (r.working_set_from)
      bound += (bound.empty() ? "" : "; ") + std::string("its level from ") +
               roofline::bytes_text(*r.working_set_from);
    refused += "<p class=\"note warn\">Refused: " + escape_xml(r.roof) + ", " +
               escape_xml(format_number(r.value, 4)) +
               (bound.empty() ? "" : " (" + escape_xml(bound) + ")") + ": " + escape_xml(r.reason) +
               ".</p>\n";
  }
  if (rows.empty()) return none_note() + refused;
  std::vector<std::string> headers{"Ceiling", "Threads",     "Measured (median)",
                                   "95% CI",  "Theoretical", "% of theoretical",
                                   "Clock",   "Working set"};
  if (native) headers.push_back(device.backend + " / " + native->backend + " (" + native->id + ")");
  return html_table(headers, rows, "ceilings") + refused;
}

// Against the roof measured in the result's own seconds, which it names in its tooltip.
Cell efficiency_now_cell(const roofline::Result& r,
                         const std::optional<roofline::Placement>& placement) {
  if (!placement || !placement->efficiency_now || !r.roof_now) return num("—");
  Cell c = percent(placement->efficiency_now);
  c.title = "against " + format_si(r.roof_now->median, "B/s") +
            ": the fastest of the roof's kernels, timed in turn with this result";
  return c;
}

// What a variant's own algorithm allows when it moves more than the referenced bytes (a
// multi-pass scan): the roof times bytes / algorithm_bytes. Empty otherwise.
std::string extra_passes_note(const roofline::Work& w) {
  if (!(w.bytes > 0 && w.algorithm_bytes > w.bytes)) return "";
  return "its algorithm moves " + format_number(w.algorithm_bytes / w.bytes) +
         "× the bytes: at most " + format_percent(w.bytes / w.algorithm_bytes) + " of the roof";
}

// Below a table that was cut at kHtmlTableRows.
std::string left_out_note(std::size_t shown, std::size_t total) {
  const std::string note = rows_left_out(shown, total);
  return note.empty() ? "" : "<p class=\"note\">" + escape_xml(note) + "</p>\n";
}

std::string results_table(const DeviceView& view) {
  // Without a point or a placement: NaN, which sorts as no value.
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  std::vector<std::vector<Cell>> rows;
  std::vector<std::string> ids;
  std::size_t total = 0;
  for (const roofline::Result* r : view.records) {
    if (!r->ok() || ++total > kHtmlTableRows) continue;
    ids.push_back(result_anchor(view, *r));
    const auto point = plot_point(*r);
    // Attainable and bound speak of FLOP rates: only for a point on the chart. Efficiency is the
    // bandwidth's for work without FLOPs.
    const std::optional<roofline::Placement>& placement = r->placement;
    Cell note(extra_passes_note(r->work));
    if (const std::string above = above_roof_note(view.device, *r); !above.empty()) {
      note = Cell(above + (note.text.empty() ? "" : "; " + note.text), "bad");
    } else if (!r->disturbed.empty()) {
      note =
          Cell("disturbed: " + r->disturbed + (note.text.empty() ? "" : "; " + note.text), "warn");
    } else if (r->time->unstable) {
      note = Cell(note.text.empty() ? "unstable" : "unstable; " + note.text, "warn");
    } else if (placement && !placement->note.empty()) {
      note = Cell(note.text.empty() ? placement->note : placement->note + "; " + note.text, "warn");
    } else if (!point) {
      note = Cell("not plotted: no FLOPs");
    }
    Cell family(r->family);
    if (imported(*r)) family = Cell(r->family + " (imported)", "", "not verified by Rooflab");
    rows.push_back({family,
                    {r->variant},
                    {std::string(roofline::to_string(r->work.precision))},
                    {params_text(r->params), "params"},
                    {r->level},
                    num(point ? format_si(point->performance, "FLOP/s") : "—",
                        point ? point->performance : kNone),
                    num(format_si(bandwidth(*r), "B/s"), bandwidth(*r)),
                    num(point ? format_number(point->ai) : "—", point ? point->ai : kNone),
                    num(point && placement ? format_si(placement->attainable, "FLOP/s") : "—",
                        point && placement ? placement->attainable : kNone),
                    percent(placement ? std::optional(placement->efficiency) : std::nullopt),
                    efficiency_now_cell(*r, placement),
                    {point && placement ? std::string(roofline::to_string(placement->bound)) : "—"},
                    percent(r->time->cv),
                    note});
  }
  if (rows.empty()) return none_note();
  return "<div class=\"table-scroll\">\n" +
         html_table({"Family", "Variant", "Precision", "Parameters", "Level", "Performance",
                     "Bandwidth", "AI (FLOP/B)", "Attainable", "Efficiency", "Efficiency, roof now",
                     "Bound", "CV", "Note"},
                    rows, "results", ids) +
         "</div>\n" + left_out_note(rows.size(), total);
}

std::string failed_table(const std::vector<DeviceView>& views) {
  std::vector<std::vector<Cell>> rows;
  std::size_t total = 0;
  for (const DeviceView& v : views) {
    for (const roofline::Result* r : v.records) {
      if (r->ok() || ++total > kHtmlTableRows) continue;
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
                    "failed") +
         left_out_note(rows.size(), total);
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
          {"Machine load", p.machine_load.cpus > 0
                               ? p.machine_load.text() + (p.machine_load.busy() ? ": busy" : "")
                               : "not recorded"},
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
  if (plotted > kMostMarkers)
    note += " (more than " + std::to_string(kMostMarkers) +
            ": one marker stands for the results of a spot, and its tooltip counts them)";
  if (flopless > 0) note += ", " + std::to_string(flopless) + " without FLOPs (table only)";
  if (failed > 0) note += ", " + std::to_string(failed) + " failed (not plotted, listed below)";
  note += ".";
  for (const auto& finding : view.device.facts.value("probe_notes", nlohmann::json::array()))
    note += " Probe note: " + finding.get<std::string>() + ".";
  if (const std::string identical = identical_device_note(input.machine, view.device.id);
      !identical.empty())
    note += " " + identical;
  if (const std::string check = roof_check_note(input, view.device.id); !check.empty())
    note += " " + check;
  return note;
}

// A part a reader opens on demand; empty without content.
std::string collapsed(const std::string& summary, const std::string& html) {
  if (html.empty()) return "";
  return "<details>\n<summary>" + escape_xml(summary) + "</summary>\n" + html + "</details>\n";
}

// A roofline chart with the controls the page's script fills (toggles, zoom) and its hover card.
// The page's scripts, one element per job (templates/*.js).
std::string scripts() {
  std::string html;
  for (std::string_view js : {rooflab_embedded::tables_js, rooflab_embedded::roofline_chart_js,
                              rooflab_embedded::study_view_js})
    html += "<script>\n" + std::string(js) + "</script>\n";
  return html;
}

std::string figure(const std::string& svg) {
  return "<figure class=\"roofline-figure\">\n<div class=\"controls\"></div>\n" + svg +
         "\n<div class=\"card\" hidden></div>\n</figure>\n";
}

}  // namespace

std::string html_report(const std::vector<roofline::Results>& inputs,
                        const std::vector<DeviceView>& views,
                        const std::vector<DeviceCharts>& charts,
                        const std::vector<Overlay>& overlays) {
  std::string devices;
  std::string names;
  for (std::size_t i = 0; i < views.size(); ++i) {
    const DeviceView& v = views[i];
    const DeviceView* native = native_view(v, views);
    devices += fill_template(
        rooflab_embedded::device_html,
        {{"anchor", escape_xml("device-" + std::to_string(v.input + 1) + "-" + slug(v.device.id))},
         {"title", escape_xml(full_device_title(v))},  // the name in full, once
         {"note", escape_xml(device_note(v, inputs[v.input]))},
         {"headline", headline_html(v.device)},
         {"roofline_chart", charts[i].roofline.empty() ? "" : figure(charts[i].roofline)},
         {"program", program_html(v)},
         {"sweep_chart", charts[i].sweep},
         {"heatmaps", charts[i].heatmaps},
         {"counters", charts[i].counters},
         {"energy", energy_html(v)},
         {"ceilings",
          collapsed("Ceilings: every measurement, its CI and theoretical peak (hover a name for "
                    "its method)",
                    ceilings_table(v.device, native ? &native->device : nullptr) +
                        sustained_html(v.device))},
         {"link_latency", collapsed("Latency, host link and peer GPUs",
                                    link_latency_html(v.device) + peer_copies_html(v.device))},
         {"results", results_table(v)}});
    names += (i > 0 ? ", " : "") + device_title(v);
  }
  const roofline::BuildInfo& b = roofline::build_info();
  std::string subtitle =
      std::to_string(inputs.size()) + (inputs.size() == 1 ? " input" : " inputs");
  subtitle += ", " + std::to_string(views.size()) + (views.size() == 1 ? " device" : " devices");
  if (!names.empty()) subtitle += ": " + names;
  std::string overlay_html;
  for (const Overlay& o : overlays) overlay_html += figure(o.svg);
  if (!overlay_html.empty())
    overlay_html =
        "<section id=\"overlays\">\n<h2>Runs overlaid</h2>\n<p class=\"note\">Each "
        "input in its own colour; an arrow goes from the first input's point of a measurement "
        "(family, variant, precision, parameters) to a later input's, labelled with the change "
        "in FLOP/s (+12%: faster, −30%: slower), as in each point's card.</p>\n" +
        overlay_html + "</section>\n";
  return fill_template(rooflab_embedded::report_html,
                       {{"title", escape_xml("Rooflab report " + b.version)},
                        {"overlays", overlay_html},
                        {"subtitle", escape_xml(subtitle)},
                        {"devices", devices.empty() ? none_note() : devices},
                        {"studies", study_section(views)},
                        {"failed", failed_table(views)},
                        {"provenance", provenance_block(inputs)},
                        {"scripts", scripts()}});
}

}  // namespace reports
