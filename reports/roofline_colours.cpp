#include "reports/roofline_colours.hpp"

#include <cmath>
#include <cstdlib>

namespace reports {

using roofline::Precision;

std::string precision_colour(Precision p) {
  switch (p) {
    case Precision::fp64:
      return "#1f4e8c";
    case Precision::fp32:
      return "#a3191c";
    case Precision::fp16:
      return "#1d6b2c";
    case Precision::bf16:
      return "#5b2a86";
    case Precision::int32:
      return "#6b4226";
    // The matrix units: a darker shade of their input type's colour; tf32, int8 and fp8 their own.
    case Precision::fp16_tensor:
      return "#0f4a1c";
    case Precision::bf16_tensor:
      return "#3d1a5c";
    case Precision::fp64_tensor:
      return "#0b2d5c";
    case Precision::tf32_tensor:
      return "#8a1f5e";
    case Precision::int8_tensor:
      return "#5e5e00";
    case Precision::fp8_tensor:
      return "#005f66";
  }
  return "#000000";
}

double lightness(const std::string& colour) {
  const auto channel = [&](int at) {
    const double c = std::strtol(colour.substr(at, 2).c_str(), nullptr, 16) / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  const double y = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  const double f = y > 216.0 / 24389 ? std::cbrt(y) : (24389.0 / 27 * y + 16) / 116;
  return 116 * f - 16;
}

}  // namespace reports
