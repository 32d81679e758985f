#pragma once
// What every chart shares: the plot area, log axes with grid, ticks and titles, and the legend.
#include <array>
#include <functional>
#include <string>
#include <vector>

#include "reports/axis.hpp"
#include "reports/labels.hpp"
#include "reports/svg.hpp"

namespace reports {

// Categorical colours for the series of a chart (Tableau 10).
inline constexpr std::array<const char*, 10> kSeriesColours = {
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

// The dash of a memory roof, in every chart that draws roofs.
inline constexpr const char* kMemoryDash = "7 4";

struct ChartLayout {
  double width = 960, height = 560;
  double left = 84, right = 210, top = 28, bottom = 56;  // margins; the legend sits on the right
  double font_size = 11;

  Box plot() const { return {left, top, width - left - right, height - top - bottom}; }
};

struct AxisSpec {
  const LogAxis& axis;
  std::function<std::string(double)> label;
  std::string title;
  int max_labels = 8;
};

// The chart's title, above the plot area.
void draw_title(Svg& svg, const ChartLayout& layout, const std::string& title);

// The frame, grid lines, tick labels and axis titles of a chart.
void draw_axes(Svg& svg, const ChartLayout& layout, const AxisSpec& x, const AxisSpec& y);

// One legend entry: a sample drawn by `draw_sample` centred at (x, y), then the text.
struct LegendEntry {
  std::string text;
  std::function<void(Svg&, double x, double y)> draw_sample;
};
void draw_legend(Svg& svg, const ChartLayout& layout, const std::vector<LegendEntry>& entries);
// Widens the chart (its right margin) for the longest of `texts` and heightens it for `entries`
// lines, so that a legend of long or many entries is not clipped; the plot keeps its size.
void fit_legend(ChartLayout& layout, const std::vector<std::string>& texts, std::size_t entries);

// A legend sample for a line: a short stroke of the colour and dash pattern ("none": solid).
std::function<void(Svg&, double x, double y)> legend_line(std::string colour, std::string dash);

}  // namespace reports
