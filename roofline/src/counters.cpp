#include "roofline/counters.hpp"

#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace roofline {
namespace {

constexpr std::array<std::pair<Verdict, std::string_view>, 4> kVerdictNames = {{
    {Verdict::agrees, "agrees"},
    {Verdict::disagrees, "disagrees"},
    {Verdict::uncalibrated, "uncalibrated"},
    {Verdict::unavailable, "n/a"},
}};

}  // namespace

std::string level_of_quantity(const std::string& quantity) {
  const std::string prefix = kBytesPrefix;
  return quantity.starts_with(prefix) ? quantity.substr(prefix.size()) : std::string();
}

std::string_view to_string(Verdict v) {
  for (const auto& [verdict, name] : kVerdictNames)
    if (verdict == v) return name;
  return "?";
}

Verdict verdict_from_string(std::string_view text) {
  for (const auto& [verdict, name] : kVerdictNames)
    if (name == text) return verdict;
  throw std::invalid_argument("'" + std::string(text) + "' is no counter verdict");
}

bool Calibration::agrees() const {
  return expected > 0 && std::abs(measured / expected - 1) <= tolerance;
}

}  // namespace roofline
