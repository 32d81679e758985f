#include "roofline/results.hpp"

namespace roofline {

void place(Result& r, const Roofline& roofs) {
  r.placement.reset();
  if (r.ok()) r.placement = roofs.place(r.work, r.level, r.time->median);
}

}  // namespace roofline
