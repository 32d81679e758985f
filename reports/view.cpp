#include "reports/view.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "reports/cut_text.hpp"
#include "reports/imported.hpp"

namespace reports {

std::vector<DeviceView> device_views(const std::vector<roofline::Results>& inputs) {
  std::vector<DeviceView> views;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const roofline::Results& in = inputs[i];
    const std::size_t first = views.size();
    for (const roofline::Device& d : in.machine.devices) {
      views.push_back({i, &in, d, {}, {}});
    }
    for (const roofline::Result& r : in.results) {
      auto it = std::find_if(views.begin() + first, views.end(),
                             [&](const DeviceView& v) { return v.device.id == r.device; });
      if (it == views.end()) {
        roofline::Device unknown;
        unknown.id = r.device;
        unknown.backend = r.backend;
        unknown.name = r.device;
        views.push_back({i, &in, unknown, {}, {}});
        it = views.end() - 1;
      }
      it->records.push_back(&r);
    }
  }
  std::erase_if(views, [](const DeviceView& v) {
    const roofline::Device& d = v.device;
    return v.records.empty() && d.compute.empty() && d.memory.empty() && d.sweep.empty();
  });
  // Two inputs of one host and device would give sections of one title: name input and time.
  std::vector<std::string> titles;
  for (const DeviceView& v : views) titles.push_back(full_device_title(v));
  for (std::size_t i = 0; i < views.size(); ++i) {
    if (std::count(titles.begin(), titles.end(), titles[i]) < 2) continue;
    DeviceView& v = views[i];
    v.distinction = ", input " + std::to_string(v.input + 1);
    if (!v.source->provenance.time.empty())
      v.distinction += " (run of " + v.source->provenance.time + ")";
  }
  return views;
}

std::optional<PlotPoint> plot_point(const roofline::Result& r) {
  if (!r.ok() || !(r.work.flops > 0) || !(r.time->median > 0)) return std::nullopt;
  PlotPoint p;
  p.result = &r;
  p.precision = r.work.precision;
  p.ai = r.placement ? r.placement->ai : r.work.arithmetic_intensity();
  if (!(p.ai > 0)) return std::nullopt;
  p.performance = r.work.flops / r.time->median;
  // A longer time means a lower rate: the upper time bound gives the lower FLOP/s bound.
  p.low = r.time->ci_high > 0 ? r.work.flops / r.time->ci_high : p.performance;
  p.high = r.time->ci_low > 0 ? r.work.flops / r.time->ci_low : p.performance;
  p.unstable = r.time->unstable;
  p.label = r.variant;
  if (const std::string key = result_key(r); !key.empty()) p.label += " " + key;
  if (p.unstable) p.label += " (unstable)";
  return p;
}

std::vector<PlotPoint> plot_points(const DeviceView& view) {
  std::vector<PlotPoint> points;
  for (const roofline::Result* r : view.records) {
    if (auto p = plot_point(*r)) {
      p->anchor = result_anchor(view, *r);
      p->above_roof = above_roof_note(view.device, *r);
      points.push_back(std::move(*p));
    }
  }
  return points;
}

std::string above_roof_note(const roofline::Device& device, const roofline::Result& r) {
  const auto above = roofline::above_roof_cause(device, r);
  if (!above) return "";
  return "above its roof, likely " + std::string(roofline::to_string(above->cause)) + ": " +
         above->why;
}

bool same_probe(const DeviceView& a, const DeviceView& b) {
  if (a.source == nullptr || b.source == nullptr) return false;
  const roofline::Provenance& pa = a.source->machine.provenance;
  const roofline::Provenance& pb = b.source->machine.provenance;
  return a.device.id == b.device.id && pa.host == pb.host && pa.time == pb.time;
}

std::string result_anchor(const DeviceView& view, const roofline::Result& r) {
  return "result-" + std::to_string(view.input + 1) + "-" +
         std::to_string(&r - view.source->results.data());
}

namespace {

std::string value_text(const nlohmann::json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

}  // namespace

std::string result_key(const roofline::Result& r) {
  if (!r.params.is_object()) return {};
  // A kernel family's result from a file written before families declared their studies keeps
  // every parameter, so its results stay apart; an imported result is named by its variant.
  if (!r.study) return imported(r) ? std::string() : params_text(r.params);
  std::string key;
  for (const std::string& name : {r.study->panel, r.study->param}) {
    const auto it = name.empty() ? r.params.end() : r.params.find(name);
    if (it != r.params.end()) key += (key.empty() ? "" : " ") + name + "=" + value_text(*it);
  }
  return key;
}

std::string params_text(const nlohmann::json& params) {
  if (!params.is_object()) return params.is_null() ? std::string() : params.dump();
  std::string text;
  for (const auto& [key, value] : params.items()) {
    if (!text.empty()) text += ", ";
    text += key + "=" + value_text(value);
  }
  return text;
}

namespace {

// The title with its name and host cut to `characters` (none: whole).
std::string title_of(const DeviceView& view, std::size_t characters) {
  const auto shown = [&](const std::string& text) {
    return characters > 0 ? cut_text(text, characters) : text;
  };
  const std::string& name = view.device.name.empty() ? view.device.id : view.device.name;
  std::string title = shown(name);
  if (name != view.device.id) title += " (" + shown(view.device.id) + ")";
  const std::string& host = view.source->machine.provenance.host.empty()
                                ? view.source->provenance.host
                                : view.source->machine.provenance.host;
  if (!host.empty()) title += " on " + shown(host);
  return title + view.distinction;
}

}  // namespace

std::string device_title(const DeviceView& view) { return title_of(view, kTitleNameCharacters); }

std::string full_device_title(const DeviceView& view) { return title_of(view, 0); }

std::string slug(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    out += keep ? c : '_';
  }
  return out.empty() ? "_" : out;
}

}  // namespace reports
