#include "reports/marker_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "reports/imported.hpp"

namespace reports {

Shape shape_of(const roofline::Result& r) {
  if (imported(r)) return Shape::star;
  if (r.backend == "opencl") return Shape::square;
  if (r.backend == "cuda") return Shape::triangle;
  return Shape::circle;
}

std::string_view shape_meaning(Shape s) {
  static constexpr std::string_view kMeanings[] = {"cpu", "opencl", "cuda", "imported"};
  return kMeanings[static_cast<int>(s)];
}

void open_marker(Svg& svg, Shape shape, double x, double y, std::vector<Attr> attrs, double scale) {
  const double r = kPointRadius * scale;
  switch (shape) {
    case Shape::circle:
      attrs.insert(attrs.begin() + 1, {{"cx", px(x)}, {"cy", px(y)}, {"r", px(r)}});
      svg.open("circle", attrs);
      return;
    case Shape::square:
      attrs.insert(
          attrs.begin() + 1,
          {{"x", px(x - r)}, {"y", px(y - r)}, {"width", px(2 * r)}, {"height", px(2 * r)}});
      svg.open("rect", attrs);
      return;
    case Shape::triangle:
      attrs.insert(attrs.begin() + 1,
                   {"d", std::string("M") + px(x) + " " + px(y - 1.3 * r) + "l" + px(1.3 * r) +
                             " " + px(2.2 * r) + "h" + px(-2.6 * r) + "z"});
      svg.open("path", attrs);
      return;
    case Shape::star: {
      std::string d;
      for (int k = 0; k < 10; ++k) {
        const double radius = k % 2 == 0 ? 1.6 * r : 0.7 * r;
        const double a = std::numbers::pi * (k / 5.0 - 0.5);
        d.append(k == 0 ? "M" : "L").append(px(x + radius * std::cos(a)));
        d.append(" ").append(px(y + radius * std::sin(a)));
      }
      attrs.insert(attrs.begin() + 1, {"d", d + "z"});
      svg.open("path", attrs);
      return;
    }
  }
}

double marker_scale(const roofline::Result& r) {
  return r.launches ? 1 + 3 * std::sqrt(std::clamp(r.launches->share, 0.0, 1.0)) : 1;
}

std::string marker_tag(Shape s) {
  return s == Shape::circle ? "circle" : s == Shape::square ? "rect" : "path";
}

}  // namespace reports
