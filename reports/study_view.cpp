#include "reports/study_view.hpp"

#include <algorithm>

#include "reports/chart_frame.hpp"
#include "reports/crossovers.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "roofline/names.hpp"

namespace reports {
namespace {

using nlohmann::json;

constexpr const char* kBaselineColour = "#222222";
// A device's lines by their dash: the first device solid.
constexpr std::array<const char*, 4> kDeviceDashes = {"", "6 3", "2 3", "9 3 2 3"};

// What a call of the series is charged by its latency-aware roof, in words.
std::string sync_words(const SizeSeries& s, double latency) {
  const std::string threads = s.threads > 0 ? " at " + std::to_string(s.threads) + " threads" : "";
  if (latency == 0)
    return s.sync == "none" ? "no synchronization charged: the library picks its threads per call"
                            : "no synchronization charged: one thread";
  return (s.sync.empty() ? "the least per-call latency" : s.sync) + threads + ", " +
         format_si(latency, "s");
}

// Why a point lies above one of its roofs ("" where it does not): its level's roof (the result's
// own note) or its latency-aware roof.
std::string above_words(const SizeSeries& s, std::size_t i, const std::vector<double>& least,
                        double latency) {
  const roofline::Result& r = *s.results[i];
  std::string note = above_roof_note(s.view->device, r);
  if (least.empty() || !(r.time->median < least[i])) return note;
  const double ratio = least[i] / r.time->median;
  std::string words = format_number(ratio, 3) + "× faster than its latency-aware roof (" +
                      format_si(least[i], "s") + ")";
  if (r.time->ci_high >= least[i]) words += ", within its interval";
  words += ": ";
  words += !note.empty() ? note
           : latency > 0
               ? "its calls paid less than the " + format_si(latency, "s") +
                     " of synchronization its model charges (the probe's latency came from a "
                     "busier moment, or the variant synchronizes less than declared)"
               : "its bytes moved faster than its level's roof";
  return words;
}

json series_data(const SizeSeries& s, const std::vector<const DeviceView*>& views,
                 const std::vector<std::string>& variants, const std::string& reference,
                 Throughput unit) {
  const auto variant =
      static_cast<std::size_t>(std::ranges::find(variants, s.variant) - variants.begin());
  const auto device = static_cast<std::size_t>(std::ranges::find(views, s.view) - views.begin());
  json j = {{"name", s.variant},
            {"device", device},
            {"baseline", s.baseline},
            {"colour", s.variant == reference ? kBaselineColour
                                              : kSeriesColours[variant % kSeriesColours.size()]},
            {"size", s.size},
            {"time", s.time}};
  const std::optional<double> latency = call_latency(s);
  const std::vector<double> least = latency_roof(s);
  j["sync"] = latency ? sync_words(s, *latency) : "";
  json low = json::array(), high = json::array(), unstable = json::array(), work = json::array(),
       roof = json::array(), above = json::array();
  for (std::size_t i = 0; i < s.results.size(); ++i) {
    const roofline::Result& r = *s.results[i];
    const auto [lo, hi] = time_interval(r);
    low.push_back(lo);
    high.push_back(hi);
    unstable.push_back(r.time->unstable);
    work.push_back(unit == Throughput::bytes ? r.work.bytes : r.work.flops);
    roof.push_back(least.empty() ? json() : json(least[i]));
    above.push_back(above_words(s, i, least, latency.value_or(0)));
  }
  j["low"] = low;
  j["high"] = high;
  j["unstable"] = unstable;
  j["work"] = work;
  j["roof"] = roof;
  j["above"] = above;
  return j;
}

// A script's JSON inside the page: "</" may not appear in a script element.
std::string script_json(const json& j) {
  std::string text = j.dump();
  for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3)
    text.replace(at, 2, "<\\/");
  return text;
}

// The figure of a panel: its data for the script, its crossovers and the points above a roof.
std::string panel_figure(const StudyPanel& panel, const std::vector<std::string>& variants) {
  const json data = study_data(panel, variants);
  std::string html = "<figure class=\"study-figure\">\n";
  html += "<script type=\"application/json\" class=\"study-data\">" + script_json(data) +
          "</script>\n<figcaption>\n";
  html += crossover_html(panel);
  std::vector<std::string> above;
  for (std::size_t k = 0; k < panel.series.size(); ++k) {
    const json& s = data.at("series").at(k);
    for (std::size_t i = 0; i < s.at("above").size(); ++i)
      if (const std::string why = s.at("above")[i]; !why.empty())
        above.push_back(series_name(panel.series[k], panel) + " at " +
                        size_label(panel.series[k].size[i]) + ": " + why);
  }
  if (!above.empty()) {
    html += "<details class=\"above-roof\"><summary>" + std::to_string(above.size()) +
            (above.size() == 1 ? " point lies" : " points lie") + " above a roof</summary><ul>\n";
    for (const std::string& line : above) html += "<li>" + escape_xml(line) + "</li>\n";
    html += "</ul></details>\n";
  }
  return html + "</figcaption>\n</figure>\n";
}

}  // namespace

json study_data(const StudyPanel& panel, const std::vector<std::string>& variants) {
  std::vector<const DeviceView*> views;
  for (const SizeSeries& s : panel.series)
    if (std::ranges::find(views, s.view) == views.end()) views.push_back(s.view);
  const std::optional<std::size_t> reference = baseline_series(panel);
  // The reference is drawn black; the others take their colour by their place in the family.
  const std::string reference_variant = reference ? panel.series[*reference].variant : "";
  const Throughput unit = panel_throughput(panel);
  json devices = json::array();
  for (std::size_t i = 0; i < views.size(); ++i)
    devices.push_back({{"title", views[i] ? device_title(*views[i]) : ""},
                       {"dash", kDeviceDashes[i % kDeviceDashes.size()]}});
  json series = json::array();
  for (const SizeSeries& s : panel.series)
    series.push_back(series_data(s, views, variants, reference_variant, unit));
  json bands = json::array();
  for (const RoofBand& b : roof_bands(panel, unit))
    bands.push_back({{"device", std::ranges::find(views, b.view) - views.begin()},
                     {"level", b.level},
                     {"lo", b.size_lo},
                     {"hi", b.size_hi},
                     {"value", b.value},
                     {"low", b.low},
                     {"high", b.high}});
  return {{"title", panel_name(panel)},
          {"x_label", title_case(panel.study.label)},
          {"unit", unit == Throughput::bytes ? "B/s" : "FLOP/s"},
          {"reference", reference ? json(*reference) : json()},
          {"devices", devices},
          {"series", series},
          {"bands", bands}};
}

std::string study_section(const std::vector<DeviceView>& views) {
  const std::vector<StudyPanel> panels = study_panels(views);
  if (panels.empty()) return {};
  std::string html =
      "<section id=\"studies\">\n<h2>Size studies</h2>\n<p class=\"note\">Each panel's variants "
      "on every device (a device's lines by their dash), drawn as time, throughput under each "
      "level's roof, time relative to the reference picked, or each variant's latency-aware roof "
      "over its time (its call's own synchronization plus its work at its level's roofs); shaded: "
      "the 95% intervals, rings: unstable points.</p>\n";
  // Per family: its heading, the figures of the panels that swept sizes, one note naming those
  // that did not, and what each device does not offer of it.
  for (std::size_t first = 0, end = 0; first < panels.size(); first = end) {
    const std::string& family = panels[first].family;
    for (end = first; end < panels.size() && panels[end].family == family;) ++end;
    html += "<h3>" + escape_xml(title_case(family)) + ": time against " +
            escape_xml(panels[first].study.label) + "</h3>\n<div class=\"study-family\">\n" +
            "<div class=\"controls\"></div>\n<div class=\"study-grid\">\n";
    std::vector<std::string> variants;  // of the whole family, for one colour each
    for (std::size_t i = first; i < end; ++i)
      for (const SizeSeries& s : panels[i].series)
        if (std::ranges::find(variants, s.variant) == variants.end()) variants.push_back(s.variant);
    std::vector<std::string> unswept;
    for (std::size_t i = first; i < end; ++i) {
      const StudyPanel& p = panels[i];
      if (std::ranges::all_of(p.series, [](const SizeSeries& s) { return s.size.size() < 2; }))
        unswept.push_back((p.panel.empty() ? "" : p.panel + " · ") +
                          std::string(roofline::to_string(p.precision)));
      else
        html += panel_figure(p, variants);
    }
    html += "</div>\n</div>\n";
    if (!unswept.empty())
      html += "<p class=\"note\">" + escape_xml(title_case(family)) +
              ": one size per variant in these results for " +
              escape_xml(roofline::joined(unswept)) + ", so no size study is drawn for " +
              (unswept.size() == 1 ? "it" : "them") + ".</p>\n";
    // Once per device: inputs that hold the same device (its id and lines) say it once.
    std::vector<std::pair<std::string, std::vector<std::string>>> said;
    for (const DeviceView& v : views)
      if (const auto it = v.device.not_offered.find(family); it != v.device.not_offered.end()) {
        if (std::ranges::find(said, std::pair{v.device.id, it->second}) != said.end()) continue;
        said.emplace_back(v.device.id, it->second);
        const std::string device =
            v.device.name.empty() ? v.device.id : v.device.name + " (" + v.device.id + ")";
        html += "<details class=\"note\"><summary>Not offered on " + escape_xml(device) + " (" +
                std::to_string(it->second.size()) + ")</summary><ul>\n";
        for (const std::string& line : it->second) html += "<li>" + escape_xml(line) + "</li>\n";
        html += "</ul></details>\n";
      }
  }
  return html + "</section>\n";
}

}  // namespace reports
