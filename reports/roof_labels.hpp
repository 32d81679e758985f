#pragma once
// The labels of a roofline's roofs: one label for roofs whose lines lie too near each other for
// a label each ("L2 · L3 1.2 TB/s"), each placed where it overlaps no other label or marker.
#include <optional>
#include <string>
#include <vector>

#include "reports/labels.hpp"

namespace reports {

// A roof as drawn, in pixels, with what its label says.
struct RoofLine {
  bool compute = true;  // horizontal; else a memory roof (a diagonal)
  std::string name;     // "L2", "[2] fp64 avx2"
  std::string value;    // "1.2 TB/s"
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// Roofs of one kind whose lines lie less than `apart` pixels apart (each within it of the next:
// compute roofs vertically, memory roofs across their parallel diagonals), as indices into
// `roofs`, the top line first; every roof is in one group.
std::vector<std::vector<std::size_t>> roof_label_groups(const std::vector<RoofLine>& roofs,
                                                        double apart);

// A group's text: its names joined by " · ", then the value they share ("L2 · L3 1.2 TB/s"), or
// each name with its own value where the values' texts differ ("L2 1.21 TB/s · L3 1.18 TB/s").
struct RoofLabelText {
  std::vector<std::string> parts;  // one per roof of the group, in order
  std::string shared;              // the value after the parts ("" where each part has its own)
  std::string text() const;
};
RoofLabelText roof_label_text(const std::vector<RoofLine>& roofs,
                              const std::vector<std::size_t>& group);

// Where a label goes: its baseline's start, end or middle (anchor) at (x, y), rotated by `angle`
// degrees about it; `boxes` are what it takes from the placer.
struct PlacedRoofLabel {
  double x = 0, y = 0, angle = 0;
  Anchor anchor = Anchor::start;
  std::vector<Box> boxes;
};

// A compute roof's label: above the top line, right-aligned at its end, moved left along it
// until free; then below the bottom line the same way; then on the top line's height, ending
// before its start. Takes its box from `placer`; nullopt (nothing taken) where no spot is free.
std::optional<PlacedRoofLabel> place_compute_label(LabelPlacer& placer, double width, double height,
                                                   const RoofLine& top, const RoofLine& bottom);
// A memory roof's label: along the diagonal, above the top line near its lower end or further up,
// then below the bottom line; its band of boxes covers the rotated text.
std::optional<PlacedRoofLabel> place_memory_label(LabelPlacer& placer, double width, double height,
                                                  const RoofLine& top, const RoofLine& bottom);

// Keeps later labels (ridges', points') off a roof's line: boxes along it, a few pixels thick.
void block_line(LabelPlacer& placer, const RoofLine& roof);

}  // namespace reports
