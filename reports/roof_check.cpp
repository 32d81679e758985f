#include "reports/roof_check.hpp"

#include "reports/format.hpp"
#include "reports/view.hpp"

namespace reports {

std::string roof_check_note(const roofline::Results& r, const std::string& device_id) {
  std::string measured, ratios, first, failures;
  double roof = 0;
  for (const roofline::Result& check : r.roof_checks) {
    if (check.device != device_id) continue;
    const std::string when = check.params.value("when", "");
    const auto ratio = roofline::roof_check_ratio(r, check);
    if (!ratio) {
      failures +=
          "; the check " + when + " them " +
          (check.ok() ? "has no roof to compare with" : "failed: " + failure_message(check));
      continue;
    }
    const double bandwidth = check.work.bytes / check.time->median;
    roof = bandwidth / *ratio;
    if (first.empty())
      first = check.level + " roof's measurement (" + check.variant + ", " +
              std::to_string(check.params.value("threads", 0)) + " threads, " +
              format_bytes(check.work.working_set) + ")";
    measured += (measured.empty() ? "" : " and ") + format_si(bandwidth, "B/s") + " " + when;
    ratios += (ratios.empty() ? "" : " and ") + format_number(*ratio, 3) + "x";
  }
  if (first.empty()) return failures.empty() ? "" : "Roof check" + failures + ".";
  std::string note = "Roof check: the probe's " + first + " repeated around the run's cases read " +
                     measured + " them, " + ratios + " the roof of " + format_si(roof, "B/s") +
                     " the results are placed under: ";
  note += roofline::roof_moved(r, device_id)
              ? "the roof moved, so efficiencies against it are off by as much (re-probe on a "
                "quiet machine)"
              : "the roof held (within " + format_percent(roofline::kRoofMovedMargin, 2) + ")";
  return note + failures + ".";
}

}  // namespace reports
