#include "reports/labels.hpp"

#include <algorithm>
#include <cmath>

namespace reports {

bool overlaps(const Box& a, const Box& b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

bool inside(const Box& inner, const Box& outer) {
  return inner.x >= outer.x && inner.y >= outer.y &&
         inner.x + inner.width <= outer.x + outer.width &&
         inner.y + inner.height <= outer.y + outer.height;
}

double text_width(std::string_view text, double font_size) {
  int characters = 0;
  for (const char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++characters;  // skip continuation bytes
  }
  return 0.6 * font_size * characters;
}

namespace {

// About a point marker's size: a label's box spans a few dozen cells, a marker one to four.
constexpr double kCell = 16;

bool finite(const Box& b) {
  return std::isfinite(b.x) && std::isfinite(b.y) && std::isfinite(b.width) &&
         std::isfinite(b.height);
}

// Pixels in a length, up to a bound that keeps the bitmap small (a larger area goes without).
int pixel_count(double length) {
  return std::isfinite(length) && length > 0 && length <= 16384
             ? static_cast<int>(std::ceil(length))
             : 0;
}

int cell_count(double length) {
  return std::isfinite(length) && length > 0 ? std::min(static_cast<int>(length / kCell) + 1, 4096)
                                             : 1;
}

}  // namespace

LabelPlacer::LabelPlacer(Box area, double font_size)
    : area_(area),
      font_size_(font_size),
      columns_(cell_count(area.width)),
      rows_(cell_count(area.height)),
      grid_(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_)),
      pixel_columns_(pixel_count(area.width)),
      pixel_rows_(pixel_count(area.height)),
      words_per_row_((pixel_columns_ + 63) / 64),
      marked_(static_cast<std::size_t>(words_per_row_) * static_cast<std::size_t>(pixel_rows_)) {}

bool LabelPlacer::meets_marked(const Box& box) const {
  if (marked_.empty()) return false;
  // The pixels [floor(start), ceil(end)) that the box covers with some area.
  const auto span = [](double start, double end, int count) {
    return std::pair{static_cast<int>(std::clamp(std::floor(start), 0.0, double(count))),
                     static_cast<int>(std::clamp(std::ceil(end), 0.0, double(count)))};
  };
  const auto [x0, x1] = span(box.x - area_.x, box.x + box.width - area_.x, pixel_columns_);
  const auto [y0, y1] = span(box.y - area_.y, box.y + box.height - area_.y, pixel_rows_);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      if (marked_[static_cast<std::size_t>(y) * words_per_row_ + x / 64] >> (x % 64) & 1)
        return true;
  return false;
}

LabelPlacer::Cells LabelPlacer::cells_of(const Box& box) const {
  const auto index = [](double offset, int count) {
    return static_cast<int>(std::clamp(std::floor(offset / kCell), 0.0, count - 1.0));
  };
  return {index(box.x - area_.x, columns_), index(box.x + box.width - area_.x, columns_),
          index(box.y - area_.y, rows_), index(box.y + box.height - area_.y, rows_)};
}

void LabelPlacer::add(const Box& box) {
  const auto index = static_cast<std::uint32_t>(taken_.size());
  taken_.push_back(box);
  const Cells c = cells_of(box);
  for (int row = c.row0; row <= c.row1; ++row)
    for (int col = c.col0; col <= c.col1; ++col)
      grid_[static_cast<std::size_t>(row) * columns_ + col].push_back(index);
  if (marked_.empty()) return;
  // The pixels [ceil(start), floor(end)) that lie wholly inside the box.
  const auto span = [](double start, double end, int count) {
    return std::pair{static_cast<int>(std::clamp(std::ceil(start), 0.0, double(count))),
                     static_cast<int>(std::clamp(std::floor(end), 0.0, double(count)))};
  };
  const auto [x0, x1] = span(box.x - area_.x, box.x + box.width - area_.x, pixel_columns_);
  const auto [y0, y1] = span(box.y - area_.y, box.y + box.height - area_.y, pixel_rows_);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      marked_[static_cast<std::size_t>(y) * words_per_row_ + x / 64] |= std::uint64_t{1}
                                                                        << (x % 64);
}

void LabelPlacer::block(const Box& box) {
  // Only what can meet a label inside the area matters (a NaN box meets nothing).
  if (finite(box) && overlaps(box, area_)) add(box);
}

bool LabelPlacer::fits(const Box& box) const {
  if (!finite(box) || !inside(box, area_) || meets_marked(box)) return false;
  const Cells c = cells_of(box);
  for (int row = c.row0; row <= c.row1; ++row)
    for (int col = c.col0; col <= c.col1; ++col)
      for (const std::uint32_t t : grid_[static_cast<std::size_t>(row) * columns_ + col])
        if (overlaps(box, taken_[t])) return false;
  return true;
}

bool LabelPlacer::take(const Box& box) {
  if (!fits(box)) return false;
  add(box);
  return true;
}

std::optional<PlacedLabel> LabelPlacer::place(double x, double y, std::string_view text,
                                              double gap) {
  const double w = text_width(text, font_size_);
  const double h = font_size_;
  const double ascent = 0.8 * font_size_;       // baseline to top of the box
  const double middle = y + 0.35 * font_size_;  // baseline that centres the text on y
  const PlacedLabel candidates[] = {
      {x + gap, middle, Anchor::start, {x + gap, middle - ascent, w, h}},
      {x - gap, middle, Anchor::end, {x - gap - w, middle - ascent, w, h}},
      {x, y - gap, Anchor::middle, {x - w / 2, y - gap - ascent, w, h}},
      {x, y + gap + ascent, Anchor::middle, {x - w / 2, y + gap, w, h}},
  };
  for (const PlacedLabel& c : candidates) {
    if (take(c.box)) return c;
  }
  return std::nullopt;
}

}  // namespace reports
