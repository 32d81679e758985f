#pragma once
// The markers of a roofline's points: a shape per backend (imported results a star), drawn at a
// spot with the attributes the chart gives them.
#include <string>
#include <string_view>
#include <vector>

#include "reports/svg.hpp"
#include "roofline/results.hpp"

namespace reports {

// A marker's radius, pixels; a zoom keeps it.
inline constexpr double kPointRadius = 3.5;

enum class Shape { circle, square, triangle, star };

// A backend's marker shape; imported results are stars whatever their backend.
Shape shape_of(const roofline::Result& r);

// What a shape stands for, in the legend.
std::string_view shape_meaning(Shape s);

// The marker of `shape` centred at (x, y), with the attributes given (class first, then fill,
// ...); left open so that its <title> can follow: close it with marker_tag(shape).
void open_marker(Svg& svg, Shape shape, double x, double y, std::vector<Attr> attrs,
                 double scale = 1);
std::string marker_tag(Shape s);

// A profiled program's kernel is drawn with an area that grows with its share of the program's
// kernel time (from the usual size at none to 4× the radius at all of it).
double marker_scale(const roofline::Result& r);

}  // namespace reports
