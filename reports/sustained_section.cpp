#include "reports/sustained_section.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_table.hpp"

namespace reports {
namespace {

// The precision's best compute ceiling: the burst roof a sustained rate is set against.
std::optional<double> burst_roof(const roofline::Device& device, roofline::Precision p) {
  std::optional<double> best;
  for (const roofline::ComputeCeiling& c : device.compute)
    if (c.precision == p) best = std::max(best.value_or(0), c.flops_per_s.median);
  return best;
}

Cell share_of(double value, std::optional<double> of) {
  if (!of || *of <= 0) return num("—");
  return num(format_percent(value / *of), value / *of);
}

Cell power_cell(const roofline::SustainedCompute& s) {
  if (s.power_w <= 0) return num("—");
  std::string text = format_number(s.power_w, 3) + " W";
  if (s.power_limit_w > 0) text += " of " + format_number(s.power_limit_w, 3);
  return num(text, s.power_w);
}

}  // namespace

std::string sustained_html(const roofline::Device& device) {
  if (device.sustained.empty()) return "";
  std::vector<std::vector<Cell>> rows;
  for (const roofline::SustainedCompute& s : device.sustained) {
    const double rate = s.flops_per_s.median;
    const std::optional<double> burst =
        s.burst_flops_per_s > 0 ? std::optional(s.burst_flops_per_s) : std::nullopt;
    Cell measured = num(format_si(rate, "FLOP/s"), rate);
    if (s.flops_per_s.unstable) {
      measured.text += " (unstable)";
      measured.css_class = "num warn";
    }
    rows.push_back({{std::string(to_string(s.precision)), "", s.method},
                    {s.call},
                    measured,
                    num(burst ? format_si(*burst, "FLOP/s") : "—", burst),
                    share_of(rate, burst),
                    share_of(rate, burst_roof(device, s.precision)),
                    num(s.clock_hz > 0 ? format_si(s.clock_hz, "Hz") : "—", s.clock_hz),
                    power_cell(s),
                    {s.limiters.empty() ? "none" : s.limiters}});
  }
  return "<h4>Sustained: random operands, back to back</h4>\n"
         "<p class=\"note\">The roofs above are bursts of a few milliseconds on constant "
         "operands. Run for a second on random data, a board that reaches its power limit lowers "
         "its clock: these are the rates it keeps then (hover a precision for the method).</p>\n" +
         html_table({"Precision", "Call", "Sustained (median)", "Burst, same call",
                     "Sustained / burst", "Sustained / roof", "Clock", "Power", "Clock limiters"},
                    rows, "sustained");
}

}  // namespace reports
