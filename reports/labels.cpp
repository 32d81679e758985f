#include "reports/labels.hpp"

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

bool LabelPlacer::take(const Box& box) {
  if (!inside(box, area_)) return false;
  for (const Box& t : taken_) {
    if (overlaps(box, t)) return false;
  }
  taken_.push_back(box);
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
