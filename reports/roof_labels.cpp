#include "reports/roof_labels.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

namespace reports {
namespace {

// Gap between a line and its label's box, pixels.
constexpr double kGap = 4;
// Half the height of a ridge's diamond, which sits on its compute roof.
constexpr double kRidgeHalf = 4.5;
// How far a label moves along its line between the spots tried, pixels.
constexpr double kStep = 12;

// A memory roof's direction (lower left to upper right, y down) and its normal pointing above it.
struct Frame {
  double ux = 1, uy = 0;
  double nx() const { return uy; }
  double ny() const { return -ux; }
};

Frame frame_of(const RoofLine& r) {
  const double length = std::hypot(r.x1 - r.x0, r.y1 - r.y0);
  if (!(length > 0)) return {};
  return {(r.x1 - r.x0) / length, (r.y1 - r.y0) / length};
}

// How far above its line's origin a roof lies, along `f`'s normal.
double height_of(const RoofLine& r, const Frame& f) { return f.nx() * r.x0 + f.ny() * r.y0; }

}  // namespace

std::vector<std::vector<std::size_t>> roof_label_groups(const std::vector<RoofLine>& roofs,
                                                        double apart) {
  std::vector<std::vector<std::size_t>> groups;
  for (const bool compute : {true, false}) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < roofs.size(); ++i)
      if (roofs[i].compute == compute) order.push_back(i);
    if (order.empty()) continue;
    // Memory roofs are parallel (slope 1 on log-log axes): one frame measures them all.
    const Frame f = compute ? Frame{} : frame_of(roofs[order.front()]);
    const auto above = [&](std::size_t i) {
      return compute ? -roofs[i].y0 : height_of(roofs[i], f);
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return above(a) > above(b); });
    groups.push_back({order.front()});
    for (std::size_t k = 1; k < order.size(); ++k) {
      if (above(order[k - 1]) - above(order[k]) < apart)
        groups.back().push_back(order[k]);
      else
        groups.push_back({order[k]});
    }
  }
  return groups;
}

std::string RoofLabelText::text() const {
  std::string out;
  for (const std::string& p : parts) out.append(out.empty() ? "" : " · ").append(p);
  if (!shared.empty()) out.append(" ").append(shared);
  return out;
}

RoofLabelText roof_label_text(const std::vector<RoofLine>& roofs,
                              const std::vector<std::size_t>& group) {
  RoofLabelText t;
  const bool one_value = std::all_of(group.begin(), group.end(), [&](std::size_t i) {
    return roofs[i].value == roofs[group.front()].value;
  });
  for (const std::size_t i : group)
    t.parts.push_back(one_value ? roofs[i].name : roofs[i].name + " " + roofs[i].value);
  if (one_value) t.shared = roofs[group.front()].value;
  return t;
}

std::optional<PlacedRoofLabel> place_compute_label(LabelPlacer& placer, double width, double height,
                                                   const RoofLine& top, const RoofLine& bottom) {
  // Baselines above the top line and below the bottom one, the box (0.8 em above the baseline,
  // 0.2 em below) clear of a ridge's diamond on the line.
  const double clear = kRidgeHalf + 0.5;
  const double baselines[] = {top.y0 - clear - 0.2 * height, bottom.y0 + clear + 0.8 * height};
  const RoofLine* lines[] = {&top, &bottom};
  for (int side = 0; side < 2; ++side) {
    const RoofLine& line = *lines[side];
    for (double end = line.x1 - kGap; end - width >= line.x0; end -= kStep) {
      const Box box{end - width, baselines[side] - 0.8 * height, width, height};
      if (placer.take(box)) return PlacedRoofLabel{end, baselines[side], 0, Anchor::end, {box}};
    }
  }
  // Then on the line's height before its start (the fastest memory roof meets it there), where
  // roofs stacked closer than a label's clearance still have room for one each.
  const double baseline = top.y0 + 0.35 * height;
  for (double end = top.x0 - kGap - 2; end - width >= 0; end -= kStep) {
    const Box box{end - width, baseline - 0.8 * height, width, height};
    if (placer.take(box)) return PlacedRoofLabel{end, baseline, 0, Anchor::end, {box}};
  }
  return std::nullopt;
}

std::optional<PlacedRoofLabel> place_memory_label(LabelPlacer& placer, double width, double height,
                                                  const RoofLine& top, const RoofLine& bottom) {
  const Frame f = frame_of(top);
  // The side of one piece of the rotated text's band (h along, h across) as an upright box.
  const double side = height * (std::fabs(f.ux) + std::fabs(f.uy));
  // The baseline's offset above the line: kGap above the top line, or the text's height and
  // kGap below the bottom one; the text's box spans 0.2 em below the baseline to 0.8 em above.
  const double offsets[] = {kGap, -kGap - 0.8 * height};
  const RoofLine* lines[] = {&top, &bottom};
  for (int s = 0; s < 2; ++s) {
    const RoofLine& line = *lines[s];
    const double length = std::hypot(line.x1 - line.x0, line.y1 - line.y0);
    const double d = offsets[s], middle = d + 0.3 * height;
    for (double start = 10; start + width <= length; start += kStep) {
      std::vector<Box> boxes;
      for (double along = start; along < start + width; along += height) {
        const double centre = along + std::min(height, start + width - along) / 2;
        const double cx = line.x0 + f.ux * centre + f.nx() * middle;
        const double cy = line.y0 + f.uy * centre + f.ny() * middle;
        boxes.push_back({cx - side / 2, cy - side / 2, side, side});
      }
      if (!std::all_of(boxes.begin(), boxes.end(), [&](const Box& b) { return placer.fits(b); }))
        continue;
      for (const Box& b : boxes) placer.block(b);  // the pieces overlap one another
      const double angle = std::atan2(f.uy, f.ux) * 180 / std::numbers::pi;
      return PlacedRoofLabel{line.x0 + f.ux * start + f.nx() * d,
                             line.y0 + f.uy * start + f.ny() * d, angle, Anchor::start,
                             std::move(boxes)};
    }
  }
  return std::nullopt;
}

void block_line(LabelPlacer& placer, const RoofLine& roof) {
  constexpr double kHalf = 1.5;  // half the line's width and a little
  if (roof.compute) {
    placer.block({roof.x0, roof.y0 - kHalf, roof.x1 - roof.x0, 2 * kHalf});
    return;
  }
  const double length = std::hypot(roof.x1 - roof.x0, roof.y1 - roof.y0);
  const Frame f = frame_of(roof);
  for (double along = 0; along <= length; along += 2 * kHalf) {
    const double x = roof.x0 + f.ux * along, y = roof.y0 + f.uy * along;
    placer.block({x - kHalf, y - kHalf, 2 * kHalf, 2 * kHalf});
  }
}

}  // namespace reports
