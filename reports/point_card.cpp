#include "reports/point_card.hpp"

#include <cmath>
#include <vector>

#include "reports/format.hpp"
#include "reports/imported.hpp"
#include "reports/roof_gap.hpp"

namespace reports {

std::string change_text(double before, double after) {
  const double change = after / before - 1;
  // U+2212, the minus sign, as wide as the plus.
  return (change < 0 ? "\u2212" : "+") + format_percent(std::fabs(change), 2);
}

std::string point_card(const PlotPoint& p, const roofline::Roofline& roofs, const std::string& run,
                       const PlotPoint* before, const std::string& before_run) {
  const roofline::Result& r = *p.result;
  std::vector<std::string> lines{r.family + " " + r.variant + " · " + r.backend + " · " +
                                 std::string(roofline::to_string(p.precision))};
  if (!run.empty()) lines.push_back(run);
  if (std::string params = params_text(r.params); !params.empty())
    lines.push_back(std::move(params));
  lines.push_back(format_si(p.performance, "FLOP/s") + " at AI " + format_number(p.ai) + " FLOP/B");
  lines.push_back(std::string("95% CI ") + format_si(p.low, "FLOP/s") + " – " +
                  format_si(p.high, "FLOP/s"));
  if (before)
    lines.push_back(change_text(before->performance, p.performance) + " FLOP/s against " +
                    before_run + "(" + format_si(before->performance, "FLOP/s") + ")");
  if (r.placement)
    lines.push_back(format_percent(r.placement->efficiency) + " of attainable (" +
                    r.placement->level + ")");
  if (const auto gap = roof_gap(p, roofs)) lines.push_back(gap_text(*gap));
  const roofline::Summary& t = *r.time;
  lines.push_back(std::to_string(t.n) + " repetitions: " + format_si(t.median, "s") + " median, " +
                  format_si(t.min, "s") + " – " + format_si(t.max, "s") + ", CV " +
                  format_percent(t.cv));
  if (p.unstable) lines.push_back(std::string("unstable (CV ") + format_percent(r.time->cv) + ")");
  if (!p.above_roof.empty()) lines.push_back(p.above_roof);
  if (imported(r)) lines.push_back("imported: not verified by Rooflab");
  if (r.launches)
    lines.push_back(std::to_string(r.launches->launches) + " launches, " +
                    format_percent(r.launches->share) + " of the program's kernel time");
  std::string text = lines[0];
  for (std::size_t i = 1; i < lines.size(); ++i) text.append("\n").append(lines[i]);
  return text;
}

}  // namespace reports
