#include "reports/format.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>

namespace reports {
namespace {

constexpr std::string_view kMissing = "—";

// Prefix steps of `base` (1000 or 1024) so that |value| / factor lies in [1, base).
struct Scaled {
  double mantissa;
  std::string_view prefix;
};

template <std::size_t N>
Scaled scale(double value, double base, const std::array<std::string_view, N>& prefixes,
             std::size_t unit_index, int digits) {
  std::size_t i = unit_index;
  double m = value;
  while (std::fabs(m) >= base && i + 1 < N) {
    m /= base;
    ++i;
  }
  while (std::fabs(m) < 1 && m != 0 && i > 0) {
    m *= base;
    --i;
  }
  // Rounding may carry the mantissa up to the base (999.96 → "1000"): take the next prefix.
  if (std::fabs(std::stod(format_number(m, digits))) >= base && i + 1 < N) {
    m /= base;
    ++i;
  }
  return {m, prefixes[i]};
}

}  // namespace

std::string format_number(double value, int digits) {
  if (!std::isfinite(value)) return std::string(kMissing);
  if (value == 0) return "0";
  const double magnitude = std::fabs(value);
  char buffer[64];
  if (magnitude < 1e-4 || magnitude >= 1e9) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    return buffer;
  }
  // Round to `digits` significant digits first, then print without exponent.
  std::snprintf(buffer, sizeof buffer, "%.*e", digits - 1, value);
  const double rounded = std::stod(buffer);
  const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(rounded))));
  const int decimals = std::max(0, digits - 1 - exponent);
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, rounded);
  std::string text = buffer;
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  return text;
}

std::string format_si(double value, std::string_view unit, int digits) {
  if (!std::isfinite(value)) return std::string(kMissing);
  static constexpr std::array<std::string_view, 9> kPrefixes = {"n", "µ", "m", "", "k",
                                                                "M", "G", "T", "P"};
  const Scaled s = scale(value, 1000, kPrefixes, 3, digits);
  return format_number(s.mantissa, digits) + " " + std::string(s.prefix) + std::string(unit);
}

std::string format_bytes(double bytes, int digits) {
  if (!std::isfinite(bytes)) return std::string(kMissing);
  static constexpr std::array<std::string_view, 6> kPrefixes = {"B",   "KiB", "MiB",
                                                                "GiB", "TiB", "PiB"};
  const Scaled s = scale(bytes, 1024, kPrefixes, 0, digits);
  return format_number(s.mantissa, digits) + " " + std::string(s.prefix);
}

std::string format_percent(double fraction, int digits) {
  if (!std::isfinite(fraction)) return std::string(kMissing);
  return format_number(fraction * 100, digits) + "%";
}

std::string format_exact(double value) {
  if (!std::isfinite(value)) return "";
  // The shortest of %.15g, %.16g, %.17g that reads back as the same double.
  char buffer[32];
  for (int precision = 15; precision < 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (std::stod(buffer) == value) return buffer;
  }
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::string words(std::string name) {
  std::replace(name.begin(), name.end(), '_', ' ');
  return name;
}

std::string title_case(std::string text) {
  text = words(std::move(text));
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace reports
