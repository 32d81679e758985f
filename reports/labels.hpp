#pragma once
// Greedy placement of chart labels so that they do not overlap each other or blocked areas;
// a label with no free spot is left out (its point keeps a tooltip).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace reports {

struct Box {
  double x = 0, y = 0, width = 0, height = 0;  // top-left corner and size, pixels
};

bool overlaps(const Box& a, const Box& b);
bool inside(const Box& inner, const Box& outer);

// Estimated width of `text` in a sans-serif font: 0.6 em per character (UTF-8 aware).
double text_width(std::string_view text, double font_size);

enum class Anchor { start, middle, end };  // SVG text-anchor

struct PlacedLabel {
  double x = 0, y = 0;  // SVG text position (baseline)
  Anchor anchor = Anchor::start;
  Box box;
};

// Taken boxes are kept in a grid over the area, so that a new box is checked against its
// neighbours only, and the pixels lying wholly inside one are marked, so that a box in a crowded
// part is refused at once: a chart of a million points (each one blocked) is placed in seconds.
class LabelPlacer {
 public:
  // Labels must lie inside `area`.
  LabelPlacer(Box area, double font_size);
  void block(const Box& box);
  // Whether `box` lies inside the area and overlaps nothing taken.
  bool fits(const Box& box) const;
  // Takes `box` when it fits; says whether it did.
  bool take(const Box& box);
  // Tries right of, left of, above and below (x, y) at `gap` pixels; takes the first free spot.
  std::optional<PlacedLabel> place(double x, double y, std::string_view text, double gap);

 private:
  // The grid cells a box covers, clamped to the grid: [first, last] columns and rows.
  struct Cells {
    int col0, col1, row0, row1;
  };
  Cells cells_of(const Box& box) const;
  void add(const Box& box);
  // Whether `box` covers part of a marked pixel, which lies wholly inside a taken box: then it
  // overlaps that box. (Unmarked pixels say nothing; the grid decides.)
  bool meets_marked(const Box& box) const;

  Box area_;
  double font_size_;
  int columns_ = 1, rows_ = 1;
  std::vector<Box> taken_;
  std::vector<std::vector<std::uint32_t>> grid_;  // per cell, row-major: indices into taken_
  int pixel_columns_ = 0, pixel_rows_ = 0, words_per_row_ = 0;
  std::vector<std::uint64_t> marked_;  // a bit per pixel of the area, row-major
};

}  // namespace reports
