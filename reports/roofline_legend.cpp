#include "reports/roofline_legend.hpp"

#include "reports/roofline_colours.hpp"
#include "reports/svg.hpp"

namespace reports {

std::string ridge_diamond(double x, double y) {
  std::string d = "M";
  return d.append(px(x)).append(" ").append(px(y - 4.5)).append("l4.5 4.5-4.5 4.5-4.5-4.5z");
}

std::vector<LegendEntry> roofline_key(const std::vector<Shape>& shapes, bool bands, bool arrows) {
  std::vector<LegendEntry> entries;
  for (const Shape s : shapes) {
    entries.push_back(
        {std::string(shape_meaning(s)), [s](Svg& svg, double x, double y) {
           open_marker(svg, s, x, y, {{"class", "sample"}, {"fill", kMemoryRoofColour}});
           svg.close(marker_tag(s));
         }});
  }
  entries.push_back({"compute roof", legend_line(kMemoryRoofColour, "none")});
  entries.push_back({"memory roof", legend_line(kMemoryRoofColour, kMemoryDash)});
  if (bands)
    entries.push_back({"roof, 95% interval", [](Svg& s, double x, double y) {
                         s.element("rect", {{"x", px(x - 10)},
                                            {"y", px(y - 4)},
                                            {"width", "20"},
                                            {"height", "8"},
                                            {"fill", kMemoryRoofColour},
                                            {"fill-opacity", "0.18"}});
                       }});
  entries.push_back({"ridge point", [](Svg& s, double x, double y) {
                       s.element("path", {{"d", ridge_diamond(x, y)},
                                          {"fill", "#ffffff"},
                                          {"stroke", kMemoryRoofColour}});
                     }});
  entries.push_back(
      {"median, 95% CI", [](Svg& s, double x, double y) {
         s.element("line", {{"x1", px(x)},
                            {"y1", px(y - 7)},
                            {"x2", px(x)},
                            {"y2", px(y + 7)},
                            {"stroke", kMemoryRoofColour}});
         s.element(
             "circle",
             {{"cx", px(x)}, {"cy", px(y)}, {"r", px(kPointRadius)}, {"fill", kMemoryRoofColour}});
       }});
  entries.push_back({"unstable (CV > 5%)", [](Svg& s, double x, double y) {
                       s.element("circle", {{"cx", px(x)},
                                            {"cy", px(y)},
                                            {"r", px(kPointRadius)},
                                            {"fill", "#ffffff"},
                                            {"stroke", kMemoryRoofColour},
                                            {"stroke-width", "1.5"}});
                     }});
  if (arrows)
    entries.push_back({"[1] → later run: change", [](Svg& s, double x, double y) {
                         s.element("line", {{"x1", px(x - 10)},
                                            {"y1", px(y)},
                                            {"x2", px(x + 4)},
                                            {"y2", px(y)},
                                            {"stroke", kArrowColour},
                                            {"stroke-width", "1.2"}});
                         s.element("path", {{"d", "M" + px(x + 10) + " " + px(y) + "l-6 -3v6z"},
                                            {"fill", kArrowColour}});
                       }});
  return entries;
}

}  // namespace reports
