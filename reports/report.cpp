#include "reports/report.hpp"

#include <algorithm>

#include "reports/counters_section.hpp"
#include "reports/csv.hpp"
#include "reports/html_report.hpp"
#include "reports/roofline_chart.hpp"
#include "reports/svg.hpp"
#include "reports/sweep_chart.hpp"
#include "reports/sweep_heatmap.hpp"
#include "reports/twins.hpp"
#include "reports/view.hpp"
#include "roofline/json_io.hpp"

namespace reports {
namespace {

namespace fs = std::filesystem;

void ensure_folder(const fs::path& folder) {
  if (!folder.empty()) fs::create_directories(folder);
}

// A device seen through a native backend too shows both backends' roofs.
DeviceCharts charts_of(const DeviceView& view, const std::vector<DeviceView>& views) {
  DeviceCharts charts;
  const DeviceView* native = native_view(view, views);
  const roofline::Roofline roofs =
      native ? combined_roofline(view.device, native->device) : view.device.roofline();
  const std::vector<PlotPoint> points = plot_points(view);
  if (!roofs.compute().empty() || !roofs.memory().empty() || !points.empty()) {
    charts.roofline = roofline_svg("Roofline — " + device_title(view), roofs, points);
  }
  charts.sweep = sweep_svg("Bandwidth sweep — " + device_title(view), view.device);
  charts.heatmaps = sweep_heatmap_section(device_title(view), view.records);
  charts.counters = counters_section(view);
  return charts;
}

// What names an input in an overlay: its host and the time of its run.
std::string input_name(const DeviceView& view) {
  const roofline::Provenance& p = view.source->provenance;
  std::string name = "input " + std::to_string(view.input + 1);
  const std::string& host = p.host.empty() ? view.source->machine.provenance.host : p.host;
  if (!host.empty()) name += ": " + host;
  if (!p.time.empty()) name += ", " + p.time;
  return name;
}

// Roofs without points that another input of the same probe already draws: a profile given
// beside a results file placed under it (`report machine.json results.json`), or a device that two
// runs of one profile did not run on. No second run to overlay there.
bool repeats_a_profile(const DeviceView& view, const std::vector<DeviceView>& views) {
  if (!plot_points(view).empty()) return false;
  for (const DeviceView& o : views) {
    if (&o == &view || !same_probe(o, view)) continue;
    if (&o < &view || !plot_points(o).empty()) return true;
  }
  return false;
}

// One chart per device id that several inputs hold (the cpu of two runs, or of two machines):
// each input's roofs and points, an arrow from the first input's point of a result to a later's.
std::vector<Overlay> overlays_of(const std::vector<DeviceView>& views) {
  std::vector<Overlay> out;
  std::vector<std::string> done;
  for (const DeviceView& v : views) {
    if (std::find(done.begin(), done.end(), v.device.id) != done.end()) continue;
    done.push_back(v.device.id);
    std::vector<ChartLayer> layers;
    for (const DeviceView& o : views)
      if (o.device.id == v.device.id && !repeats_a_profile(o, views))
        layers.push_back({input_name(o), o.device.roofline(), plot_points(o)});
    if (layers.size() < 2) continue;
    out.push_back({v.device.id, overlay_svg("Runs overlaid — " + v.device.id, layers)});
  }
  return out;
}

void write_svgs(const fs::path& folder, const std::vector<roofline::Results>& inputs,
                const std::vector<DeviceView>& views, const std::vector<DeviceCharts>& charts,
                const std::vector<Overlay>& overlays) {
  ensure_folder(folder);
  for (const Overlay& o : overlays) {
    roofline::write_file_atomic(folder / ("overlay-" + slug(o.device_id) + ".svg"),
                                std::string(kXmlDeclaration) + o.svg);
  }
  for (std::size_t i = 0; i < views.size(); ++i) {
    // Several inputs may name the same device id ("cpu"): their files carry the input number.
    const std::string name =
        (inputs.size() > 1 ? "input" + std::to_string(views[i].input + 1) + "-" : std::string()) +
        slug(views[i].device.id);
    if (!charts[i].roofline.empty()) {
      roofline::write_file_atomic(folder / ("roofline-" + name + ".svg"),
                                  std::string(kXmlDeclaration) + charts[i].roofline);
    }
    if (!charts[i].sweep.empty()) {
      roofline::write_file_atomic(folder / ("sweep-" + name + ".svg"),
                                  std::string(kXmlDeclaration) + charts[i].sweep);
    }
  }
}

}  // namespace

void write_report(const std::vector<roofline::Results>& inputs, const ReportOptions& options) {
  if (options.html.empty()) throw roofline::InputError("report: no HTML output path given");
  const std::vector<DeviceView> views = device_views(inputs);
  std::vector<DeviceCharts> charts;
  charts.reserve(views.size());
  for (const DeviceView& v : views) charts.push_back(charts_of(v, views));
  const std::vector<Overlay> overlays = overlays_of(views);

  ensure_folder(options.html.parent_path());
  roofline::write_file_atomic(options.html, html_report(inputs, views, charts, overlays));
  if (options.svg_dir) write_svgs(*options.svg_dir, inputs, views, charts, overlays);
  if (options.csv_dir) {
    ensure_folder(*options.csv_dir);
    roofline::write_file_atomic(*options.csv_dir / "ceilings.csv", ceilings_csv(views));
    roofline::write_file_atomic(*options.csv_dir / "results.csv", results_csv(views));
    roofline::write_file_atomic(*options.csv_dir / "crossovers.csv", crossovers_csv(views));
  }
}

}  // namespace reports
