#include "roofline/cli/roof_checks.hpp"

#include <algorithm>
#include <set>

#include "roofline/harness.hpp"
#include "roofline/interrupt.hpp"

namespace cli {

void check_roof(roofline::Results& results, const roofline::Backend& backend,
                const roofline::Device& device, roofline::MeasureOptions measure,
                const std::string& when) {
  auto cases = backend.roof_check_cases(device);
  measure.finished = [&](const roofline::Result& check) {
    results.roof_checks.push_back(check);
    results.roof_checks.back().params["when"] = when;
  };
  try {
    roofline::measure_all(cases, measure, "roof check " + device.id);
  } catch (const roofline::Interrupted&) {
    if (roofline::interrupted()) throw;  // a spent time budget ends the check, not the run
  }
}

bool in_roof_level(const std::vector<std::unique_ptr<roofline::Case>>& cases,
                   const roofline::Backend& backend, const roofline::Device& device) {
  std::set<std::string> levels;
  for (const auto& check : backend.roof_check_cases(device)) levels.insert(check->info().level);
  return std::any_of(cases.begin(), cases.end(),
                     [&](const auto& c) { return levels.contains(c->info().level); });
}

std::vector<std::unique_ptr<roofline::Case>> roof_now_cases(const roofline::Results& results,
                                                            const roofline::Backend& backend,
                                                            const roofline::Device& device) {
  const roofline::Result* fastest = roofline::fastest_roof_check(results, device.id, "before");
  if (fastest == nullptr) return {};
  std::set<std::string> near_fastest;
  for (const roofline::Result& check : results.roof_checks)
    if (check.device == device.id && check.params.value("when", "") == "before" && check.ok() &&
        roofline::bandwidth(check) >= 0.9 * roofline::bandwidth(*fastest))
      near_fastest.insert(check.variant);
  std::vector<std::unique_ptr<roofline::Case>> verified;
  for (auto& c : backend.roof_check_cases(device)) {
    if (!near_fastest.contains(c->info().variant)) continue;
    try {
      c->prepare();
      if (c->verify().passed) verified.push_back(std::move(c));
    } catch (const std::exception&) {
    }
  }
  return verified;
}

}  // namespace cli
