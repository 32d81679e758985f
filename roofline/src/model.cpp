#include "roofline/model.hpp"

#include <algorithm>

namespace roofline {

Roofline::Roofline(std::vector<ComputeRoof> compute, std::vector<MemoryRoof> memory)
    : compute_(std::move(compute)), memory_(std::move(memory)) {}

std::optional<double> Roofline::peak(Precision p) const {
  std::optional<double> best;
  for (const auto& roof : compute_)
    if (roof.precision == p && roof.flops_per_s > 0 && (!best || roof.flops_per_s > *best))
      best = roof.flops_per_s;
  return best;
}

std::optional<double> Roofline::bandwidth(const std::string& level) const {
  std::optional<double> best;
  for (const auto& roof : memory_)
    if (roof.level == level && roof.bytes_per_s > 0 && (!best || roof.bytes_per_s > *best))
      best = roof.bytes_per_s;
  return best;
}

std::optional<double> Roofline::attainable(Precision p, const std::string& level, double ai) const {
  auto pk = peak(p);
  auto bw = bandwidth(level);
  if (!pk || !bw) return std::nullopt;
  return std::min(*pk, *bw * ai);
}

std::optional<double> Roofline::ridge(Precision p, const std::string& level) const {
  auto pk = peak(p);
  auto bw = bandwidth(level);
  if (!pk || !bw) return std::nullopt;
  return *pk / *bw;
}

std::optional<Placement> Roofline::place(const Work& work, const std::string& level,
                                         double seconds) const {
  if (seconds <= 0 || work.bytes <= 0) return std::nullopt;
  const double ai = work.arithmetic_intensity();
  auto roof = attainable(work.precision, level, ai);
  auto ridge_ai = ridge(work.precision, level);
  if (!roof || !ridge_ai) return std::nullopt;
  Placement p;
  p.ai = ai;
  p.performance = work.flops / seconds;
  p.attainable = *roof;
  if (work.flops > 0)
    p.efficiency = *roof > 0 ? p.performance / *roof : 0;
  else
    p.efficiency = work.bytes / seconds / *bandwidth(level);
  p.bound = ai < *ridge_ai ? Bound::memory : Bound::compute;
  p.level = level;
  return p;
}

std::string_view to_string(Bound b) { return b == Bound::memory ? "memory" : "compute"; }

}  // namespace roofline
