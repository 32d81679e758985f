#include "roofline/results.hpp"

#include <cmath>

namespace roofline {

void place(Result& r, const Roofline& roofs) {
  r.placement.reset();
  if (r.ok()) r.placement = roofs.place(r.work, r.level, r.time->median);
}

std::vector<const Result*> above_roof(const Results& r, double margin) {
  std::vector<const Result*> out;
  for (const auto& result : r.results)
    if (result.placement && result.placement->efficiency > 1 + margin) out.push_back(&result);
  return out;
}

std::optional<double> roof_check_ratio(const Results& r, const Result& check) {
  const Device* device = r.machine.find(check.device);
  if (device == nullptr || !check.ok()) return std::nullopt;
  const std::optional<double> roof = device->roofline().bandwidth(check.level);
  if (!roof || *roof <= 0) return std::nullopt;
  return check.work.bytes / check.time->median / *roof;
}

bool roof_moved(const Results& r, const std::string& device_id, double margin) {
  for (const Result& check : r.roof_checks)
    if (const auto ratio = roof_check_ratio(r, check);
        check.device == device_id && ratio && std::abs(*ratio - 1) > margin)
      return true;
  return false;
}

}  // namespace roofline
