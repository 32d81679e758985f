#include "roofline/results.hpp"

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

}  // namespace roofline
