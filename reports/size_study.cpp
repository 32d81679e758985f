#include "reports/size_study.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "reports/format.hpp"
#include "roofline/names.hpp"

namespace reports {
namespace {

// The series' points in ascending size.
void sort_by_size(SizeSeries& s) {
  std::vector<std::size_t> order(s.size.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return s.size[a] < s.size[b]; });
  SizeSeries sorted = s;
  sorted.size.clear();
  sorted.time.clear();
  sorted.results.clear();
  for (std::size_t i : order) {
    sorted.size.push_back(s.size[i]);
    sorted.time.push_back(s.time[i]);
    sorted.results.push_back(s.results[i]);
  }
  s = std::move(sorted);
}

// The first view of the same device under the same probe: runs of one profile split over several
// inputs (a family per run) are one device's study.
const DeviceView& same_device(const DeviceView& view, const std::vector<DeviceView>& views) {
  for (const DeviceView& v : views)
    if (same_probe(v, view)) return v;
  return view;
}

}  // namespace

std::vector<StudyPanel> study_panels(const std::vector<DeviceView>& views) {
  std::vector<StudyPanel> panels;
  for (const DeviceView& each : views)
    for (const roofline::Result* r : each.records) {
      const DeviceView& view = same_device(each, views);
      if (!r->study || !r->ok() || !r->params.contains(r->study->param) ||
          r->params.contains("sweep"))
        continue;
      const roofline::SizeStudy& study = *r->study;
      const std::string panel_value = study.panel.empty() || !r->params.contains(study.panel)
                                          ? std::string()
                                          : r->params.at(study.panel).get<std::string>();
      // By the data's type: cuBLAS's DGEMM on the FP64 tensor cores is in the panel of the fp64
      // kernels it is the baseline of.
      const roofline::Precision data = roofline::data_precision(r->work.precision);
      auto panel = std::find_if(panels.begin(), panels.end(), [&](const StudyPanel& p) {
        return p.family == r->family && p.panel == panel_value && p.precision == data;
      });
      if (panel == panels.end())
        panel = panels.insert(panels.end(), {r->family, study, panel_value, data, {}});
      // An imported benchmark's sizes are runs of different names; they name their line.
      const std::string name = r->params.value("series", r->variant);
      auto s = std::find_if(panel->series.begin(), panel->series.end(), [&](const SizeSeries& l) {
        return l.variant == name && l.view == &view;
      });
      if (s == panel->series.end())
        s = panel->series.insert(panel->series.end(), {.variant = name,
                                                       .view = &view,
                                                       .baseline = study.baseline,
                                                       .threads = r->params.value("threads", 0),
                                                       .sync = study.sync,
                                                       .size = {},
                                                       .time = {},
                                                       .results = {}});
      // A size a series already has (the same run given twice) keeps its first result.
      const double size = r->params.at(study.param).get<double>();
      if (std::ranges::find(s->size, size) != s->size.end()) continue;
      s->size.push_back(size);
      s->time.push_back(r->time->median);
      s->results.push_back(r);
    }
  for (StudyPanel& p : panels)
    for (SizeSeries& s : p.series) sort_by_size(s);
  // A family's panels together, families in order of first appearance.
  std::vector<std::string> families;
  for (const StudyPanel& p : panels)
    if (std::find(families.begin(), families.end(), p.family) == families.end())
      families.push_back(p.family);
  const auto rank = [&](const StudyPanel& p) {
    return std::find(families.begin(), families.end(), p.family) - families.begin();
  };
  std::stable_sort(panels.begin(), panels.end(),
                   [&](const StudyPanel& a, const StudyPanel& b) { return rank(a) < rank(b); });
  return panels;
}

std::pair<double, double> time_interval(const roofline::Result& r) {
  return {r.time->ci_low > 0 ? r.time->ci_low : r.time->median,
          r.time->ci_high > 0 ? r.time->ci_high : r.time->median};
}

std::string panel_name(const StudyPanel& p) {
  return title_case(p.family) + (p.panel.empty() ? "" : " " + p.panel) + " · " +
         std::string(roofline::to_string(p.precision));
}

bool several_devices(const StudyPanel& panel) {
  return std::ranges::any_of(panel.series,
                             [&](const SizeSeries& s) { return s.view != panel.series[0].view; });
}

std::string device_label(const DeviceView& view, const StudyPanel& panel) {
  const bool shared = std::ranges::any_of(panel.series, [&](const SizeSeries& s) {
    return s.view != &view && s.view->device.id == view.device.id;
  });
  return view.device.id + (shared ? " of input " + std::to_string(view.input + 1) : "");
}

std::string series_name(const SizeSeries& s, const StudyPanel& panel) {
  if (!several_devices(panel) || s.view == nullptr) return s.variant;
  return s.variant + " on " + device_label(*s.view, panel);
}

std::optional<std::size_t> baseline_series(const StudyPanel& panel) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < panel.series.size(); ++i) {
    const SizeSeries& s = panel.series[i];
    if (!s.baseline) continue;
    if (!best || (s.view == panel.series[*best].view && s.threads > panel.series[*best].threads))
      best = i;
  }
  return best;
}

SizeSeries relative_to(const SizeSeries& s, const SizeSeries& reference) {
  SizeSeries out = s;
  out.size.clear();
  out.time.clear();
  out.results.clear();
  for (std::size_t i = 0; i < s.size.size(); ++i) {
    const auto it = std::find(reference.size.begin(), reference.size.end(), s.size[i]);
    if (it == reference.size.end()) continue;
    const double base = reference.time[static_cast<std::size_t>(it - reference.size.begin())];
    if (!(base > 0)) continue;
    out.size.push_back(s.size[i]);
    out.time.push_back(s.time[i] / base);
    out.results.push_back(s.results.at(i));
  }
  return out;
}

std::optional<double> call_latency(const SizeSeries& s) {
  if (s.view == nullptr) return std::nullopt;
  const roofline::Device& device = s.view->device;
  if (s.sync == "none" || (s.sync.empty() && device.backend == "cpu" && s.threads == 1)) return 0.0;
  if (s.sync.empty()) return device.call_latency(s.threads);
  std::optional<double> least;
  for (const roofline::LatencyCeiling& l : device.latency)
    if (l.kind == s.sync && (s.threads == 0 || l.threads == s.threads) &&
        (!least || l.seconds.median < *least))
      least = l.seconds.median;
  return least;
}

std::vector<double> latency_roof(const SizeSeries& s) {
  const auto latency = call_latency(s);
  if (!latency) return {};
  const roofline::Roofline roofs = s.view->device.roofline(s.threads);
  std::vector<double> least;
  for (const roofline::Result* r : s.results) {
    const auto seconds = roofs.least_seconds(r->work, r->level, *latency);
    if (!seconds) return {};
    least.push_back(*seconds);
  }
  return least;
}

Throughput panel_throughput(const StudyPanel& panel) {
  int memory = 0, compute = 0;
  for (const SizeSeries& s : panel.series)
    for (const roofline::Result* r : s.results)
      if (r->placement) ++(r->placement->bound == roofline::Bound::memory ? memory : compute);
  return compute > memory ? Throughput::flops : Throughput::bytes;
}

std::vector<RoofBand> roof_bands(const StudyPanel& panel, Throughput unit) {
  std::vector<RoofBand> bands;
  std::vector<const DeviceView*> views;
  for (const SizeSeries& s : panel.series)
    if (std::ranges::find(views, s.view) == views.end()) views.push_back(s.view);
  for (const DeviceView* view : views) {
    const roofline::Device& device = view->device;
    const int threads = device.max_threads_measured();
    // The sizes of the device's points per level (memory) or per work precision (compute).
    std::map<std::string, std::pair<double, double>> spans;
    std::map<std::string, roofline::Precision> precisions;
    for (const SizeSeries& s : panel.series) {
      if (s.view != view) continue;
      for (std::size_t i = 0; i < s.size.size(); ++i) {
        const roofline::Result& r = *s.results[i];
        const std::string key = unit == Throughput::bytes
                                    ? r.level
                                    : std::string(roofline::to_string(r.work.precision));
        if (key.empty()) continue;
        precisions[key] = r.work.precision;
        auto [it, fresh] = spans.try_emplace(key, s.size[i], s.size[i]);
        it->second = {std::min(it->second.first, s.size[i]),
                      std::max(it->second.second, s.size[i])};
      }
    }
    for (const auto& [key, span] : spans) {
      // The roof's ceiling: the fastest kernel of the level, the fastest path of the precision.
      std::optional<roofline::Summary> best;
      std::string name = key;
      if (unit == Throughput::bytes) {
        for (const roofline::MemoryCeiling& m : device.memory)
          if (m.level == key && m.threads == threads &&
              (!best || m.bytes_per_s.median > best->median))
            best = m.bytes_per_s;
      } else {
        for (const roofline::ComputeCeiling& c : device.compute)
          if (c.precision == precisions.at(key) && c.threads == threads &&
              (!best || c.flops_per_s.median > best->median)) {
            best = c.flops_per_s;
            name = key + " " + c.path;
          }
      }
      if (!best) continue;
      const bool has_interval = best->ci_high > 0;
      bands.push_back({.view = view,
                       .level = name,
                       .size_lo = span.first,
                       .size_hi = span.second,
                       .value = best->median,
                       .low = has_interval ? best->ci_low : best->median,
                       .high = has_interval ? best->ci_high : best->median});
    }
  }
  return bands;
}

}  // namespace reports
