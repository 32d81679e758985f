#include "reports/roof_check.hpp"

#include "reports/format.hpp"
#include "reports/view.hpp"

namespace reports {

std::string roof_check_note(const roofline::Results& r, const std::string& device_id) {
  std::string kernels, scope, measured, ratios, failures;
  double roof = 0;
  for (const roofline::Result& check : r.roof_checks) {
    if (check.device != device_id) continue;
    if (check.params.value("when", "") == "before") {
      kernels += (kernels.empty() ? "" : ", ") + check.variant;
      scope = check.level + " roof's kernels (" + kernels + "; " +
              std::to_string(check.params.value("threads", 0)) + " threads, " +
              format_bytes(check.work.working_set) + ")";
    }
    if (!check.ok())
      failures += "; the check of " + check.variant + " " + check.params.value("when", "") +
                  " them: " + check.failure();
  }
  for (const char* when : {"before", "after"}) {
    const roofline::Result* fastest = roofline::fastest_roof_check(r, device_id, when);
    const auto ratio = roofline::roof_check_ratio(r, device_id, when);
    if (fastest == nullptr || !ratio) continue;
    roof = bandwidth(*fastest) / *ratio;
    measured += (measured.empty() ? "" : " and ") + format_si(bandwidth(*fastest), "B/s") + " (" +
                fastest->variant + ") " + when;
    ratios += (ratios.empty() ? "" : " and ") + format_number(*ratio, 3) + "x";
  }
  if (measured.empty()) return failures.empty() ? "" : "Roof check" + failures + ".";
  std::string note = "Roof check: the probe's " + scope +
                     " repeated around the run's cases read at best " + measured + " them, " +
                     ratios + " the roof of " + format_si(roof, "B/s") +
                     " the results are placed under: ";
  note += roofline::roof_moved(r, device_id)
              ? "the roof moved, so efficiencies against it are off by as much (re-probe on a "
                "quiet machine, or read the efficiencies against the roof of the same seconds)"
              : "the roof held (within " + format_percent(roofline::kRoofMovedMargin, 2) + ")";
  return note + failures + ".";
}

}  // namespace reports
