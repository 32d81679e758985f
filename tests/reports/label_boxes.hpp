#pragma once
// The boxes of a chart's labels as its SVG draws them (position, anchor, rotation, font size,
// text), measured as the chart measures text (reports::text_width), to check that no two overlap.
#include <array>
#include <cmath>
#include <numbers>
#include <regex>
#include <string>
#include <vector>

#include "reports/labels.hpp"
#include "roofline/model.hpp"

namespace reports::samples {

struct LabelBox {
  std::string text;
  std::array<std::array<double, 2>, 4> corners;  // a rectangle, turned as the label is
};

inline std::string attribute(const std::string& attrs, const std::string& name) {
  std::smatch m;
  if (!std::regex_search(attrs, m, std::regex("\\s" + name + "=\"([^\"]*)\""))) return {};
  return m[1];
}

// Every <text class="label …"> of `svg`; `font_size` where a label names none.
inline std::vector<LabelBox> label_boxes(const std::string& svg, double font_size = 10) {
  std::vector<LabelBox> out;
  const std::regex text("<text( class=\"label[^\"]*\"[^>]*)>(.*?)</text>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator();
       ++it) {
    const std::string attrs = (*it)[1];
    const std::string content = std::regex_replace((*it)[2].str(), std::regex("<[^>]*>"), "");
    const std::string size = attribute(attrs, "font-size");
    const double h = size.empty() ? font_size : std::stod(size);
    const double w = text_width(std::regex_replace(content, std::regex("&amp;"), "&"), h);
    const double x = std::stod(attribute(attrs, "x")), y = std::stod(attribute(attrs, "y"));
    const std::string anchor = attribute(attrs, "text-anchor");
    const double left = anchor == "end" ? x - w : anchor == "middle" ? x - w / 2 : x;
    LabelBox b{content,
               {{{left, y - 0.8 * h},
                 {left + w, y - 0.8 * h},
                 {left + w, y + 0.2 * h},
                 {left, y + 0.2 * h}}}};
    std::smatch rotate;
    const std::string transform = attribute(attrs, "transform");
    if (std::regex_search(transform, rotate,
                          std::regex("rotate\\(([-0-9.]+) ([-0-9.]+) ([-0-9.]+)\\)"))) {
      const double a = std::stod(rotate[1]) * std::numbers::pi / 180;
      const double cx = std::stod(rotate[2]), cy = std::stod(rotate[3]);
      for (auto& c : b.corners) {
        const double dx = c[0] - cx, dy = c[1] - cy;
        c = {cx + dx * std::cos(a) - dy * std::sin(a), cy + dx * std::sin(a) + dy * std::cos(a)};
      }
    }
    out.push_back(b);
  }
  return out;
}

// Whether two turned rectangles overlap by more than `slack` pixels (separating axes).
inline bool overlap(const LabelBox& a, const LabelBox& b, double slack = 0.3) {
  for (const LabelBox* box : {&a, &b}) {
    for (int e = 0; e < 2; ++e) {
      const auto& p = box->corners[e];
      const auto& q = box->corners[e + 1];
      const double nx = q[1] - p[1], ny = p[0] - q[0], n = std::hypot(nx, ny);
      double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
      for (int k = 0; k < 2; ++k)
        for (const auto& c : (k == 0 ? a : b).corners) {
          const double d = (c[0] * nx + c[1] * ny) / n;
          lo[k] = std::min(lo[k], d);
          hi[k] = std::max(hi[k], d);
        }
      if (hi[0] - slack <= lo[1] || hi[1] - slack <= lo[0]) return false;
    }
  }
  return true;
}

// "«a» and «b»" for every pair of overlapping labels; empty when none overlap.
inline std::vector<std::string> overlapping_labels(const std::string& svg) {
  const std::vector<LabelBox> boxes = label_boxes(svg);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < boxes.size(); ++i)
    for (std::size_t j = i + 1; j < boxes.size(); ++j)
      if (overlap(boxes[i], boxes[j]))
        out.push_back("«" + boxes[i].text + "» and «" + boxes[j].text + "»");
  return out;
}

// The roofs of `roofs` that no label of the chart names (a memory roof by its level, a compute
// roof by its path), each with the labels there are.
inline std::vector<std::string> unnamed_roofs(const std::string& svg,
                                              const roofline::Roofline& roofs) {
  const std::vector<LabelBox> labels = label_boxes(svg);
  std::string texts;
  for (const LabelBox& b : labels) texts += "\n  " + b.text;
  std::vector<std::string> missing;
  const auto check = [&](const std::string& name) {
    for (const LabelBox& b : labels)
      if (b.text.find(name) != std::string::npos) return;
    missing.push_back(name + " among" + texts);
  };
  for (const roofline::MemoryRoof& m : roofs.memory()) check(m.level);
  for (const roofline::ComputeRoof& c : roofs.compute()) check(c.path);
  return missing;
}

}  // namespace reports::samples
