#include "reports/crossovers.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "reports/escape.hpp"
#include "reports/format.hpp"

namespace reports {
namespace {

// The two curves at the sizes both have: a's and b's indices.
std::vector<std::pair<std::size_t, std::size_t>> common_sizes(const StudyCurve& a,
                                                              const StudyCurve& b) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < a.size.size(); ++i) {
    const auto it = std::find(b.size.begin(), b.size.end(), a.size[i]);
    if (it != b.size.end()) out.emplace_back(i, static_cast<std::size_t>(it - b.size.begin()));
  }
  return out;
}

bool apart(const StudyCurve& a, std::size_t i, const StudyCurve& b, std::size_t j) {
  return a.high[i] < b.low[j] || b.high[j] < a.low[i];
}

std::string times(double ratio) { return format_number(ratio, 3) + "×"; }

// A lead of less than this is no lead in words.
constexpr double kTie = 1.02;

// "cub overtakes two_pass at about 96K (between 64K and 128K)"
std::string crossing_words(const std::string& leader_below, const std::string& leader_above,
                           const Crossing& c) {
  std::string words = leader_above + " overtakes " + leader_below + " at about " +
                      size_label(c.size) + " (between " + size_label(c.below) + " and " +
                      size_label(c.above) + ")";
  if (!c.clear) words += ", within the two lines' 95% intervals";
  return words;
}

}  // namespace

std::string size_label(double n) {
  const double k = n / 1024;
  if (k < 1) return format_number(n);
  if (k < 1024) return format_number(k) + "K";
  if (k < 1024 * 1024) return format_number(k / 1024) + "M";
  return format_number(k / (1024 * 1024)) + "G";
}

std::vector<Crossing> crossings(const StudyCurve& first, const StudyCurve& second) {
  const auto common = common_sizes(first, second);
  std::vector<Crossing> out;
  for (std::size_t k = 1; k < common.size(); ++k) {
    const auto [i0, j0] = common[k - 1];
    const auto [i1, j1] = common[k];
    const double d0 = std::log(second.time[j0] / first.time[i0]);
    const double d1 = std::log(second.time[j1] / first.time[i1]);
    // A change of leader: the sign of log(second / first) flips (a tie at a size is no change).
    if (!(d0 * d1 < 0)) continue;
    const double s0 = first.size[i0], s1 = first.size[i1];
    const double t = d0 / (d0 - d1);
    out.push_back({.size = std::exp(std::log(s0) + t * std::log(s1 / s0)),
                   .below = s0,
                   .above = s1,
                   .second_leads_above = d1 < 0,
                   .clear = apart(first, i0, second, j0) && apart(first, i1, second, j1)});
  }
  return out;
}

StudyCurve curve_of(const SizeSeries& s, const StudyPanel& panel) {
  StudyCurve c{series_name(s, panel), s.size, s.time, {}, {}};
  for (const roofline::Result* r : s.results) {
    const auto [low, high] = time_interval(*r);
    c.low.push_back(low);
    c.high.push_back(high);
  }
  return c;
}

std::vector<StudyCurve> device_bests(const StudyPanel& panel) {
  std::vector<const DeviceView*> views;
  for (const SizeSeries& s : panel.series)
    if (std::ranges::find(views, s.view) == views.end()) views.push_back(s.view);
  std::vector<StudyCurve> out;
  for (const DeviceView* view : views) {
    // Per size the fastest variant's point.
    std::map<double, std::pair<const SizeSeries*, std::size_t>> best;
    for (const SizeSeries& s : panel.series) {
      if (s.view != view) continue;
      for (std::size_t i = 0; i < s.size.size(); ++i) {
        auto it = best.find(s.size[i]);
        if (it == best.end() || s.time[i] < it->second.first->time[it->second.second])
          best[s.size[i]] = {&s, i};
      }
    }
    StudyCurve c{view ? device_label(*view, panel) : std::string(), {}, {}, {}, {}};
    for (const auto& [size, at] : best) {
      const roofline::Result& r = *at.first->results[at.second];
      c.size.push_back(size);
      c.time.push_back(at.first->time[at.second]);
      const auto [low, high] = time_interval(r);
      c.low.push_back(low);
      c.high.push_back(high);
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Crossover> crossovers(const StudyPanel& panel) {
  std::vector<Crossover> out;
  const auto add = [&](const std::string& kind, const StudyCurve& a, const StudyCurve& b) {
    for (const Crossing& c : crossings(a, b))
      out.push_back({panel_name(panel), kind, c.second_leads_above ? a.name : b.name,
                     c.second_leads_above ? b.name : a.name, c});
  };
  const std::vector<StudyCurve> bests = device_bests(panel);
  for (std::size_t i = 0; i < bests.size(); ++i)
    for (std::size_t j = i + 1; j < bests.size(); ++j) add("devices", bests[i], bests[j]);
  for (std::size_t i = 0; i < panel.series.size(); ++i)
    for (std::size_t j = i + 1; j < panel.series.size(); ++j)
      if (panel.series[j].view == panel.series[i].view) {
        add("ladder", curve_of(panel.series[i], panel), curve_of(panel.series[j], panel));
        break;  // the next step of the same device's ladder
      }
  return out;
}

std::string crossover_html(const StudyPanel& panel) {
  std::vector<std::string> devices, ladder;
  for (const Crossover& c : crossovers(panel)) {
    const std::string words = crossing_words(c.leads_below, c.leads_above, c.at);
    (c.kind == "devices" ? devices : ladder).push_back(words);
  }
  // Two devices that never cross: who leads, and by how much.
  const std::vector<StudyCurve> bests = device_bests(panel);
  for (std::size_t i = 0; i < bests.size(); ++i)
    for (std::size_t j = i + 1; j < bests.size(); ++j) {
      if (!crossings(bests[i], bests[j]).empty()) continue;
      double lo = INFINITY, hi = 0;
      bool first_faster = false;
      for (const auto& [a, b] : common_sizes(bests[i], bests[j])) {
        const double ratio = bests[j].time[b] / bests[i].time[a];
        first_faster = ratio > 1;
        const double lead = first_faster ? ratio : 1 / ratio;
        lo = std::min(lo, lead);
        hi = std::max(hi, lead);
      }
      if (!(hi > 0)) continue;
      const std::string& leader = first_faster ? bests[i].name : bests[j].name;
      const std::string& other = first_faster ? bests[j].name : bests[i].name;
      devices.push_back(
          lo < kTie ? leader + " is never slower than " + other +
                          " at the sizes both measured, and up to " + times(hi) + " faster"
                    : leader + " is faster than " + other + " at every size both measured, by " +
                          times(lo) + (hi > lo * 1.005 ? " to " + times(hi) : ""));
    }
  std::string html;
  if (!devices.empty()) {
    html += "<p class=\"crossovers\">Devices' best variants: ";
    for (std::size_t i = 0; i < devices.size(); ++i)
      html += (i > 0 ? "; " : "") + escape_xml(devices[i]);
    html += ".</p>\n";
  }
  if (!ladder.empty()) {
    html += "<details class=\"crossovers\"><summary>" + std::to_string(ladder.size()) +
            (ladder.size() == 1 ? " crossing" : " crossings") +
            " between consecutive ladder steps</summary><ul>\n";
    for (const std::string& line : ladder) html += "<li>" + escape_xml(line) + "</li>\n";
    html += "</ul></details>\n";
  }
  return html;
}

}  // namespace reports
