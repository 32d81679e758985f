#include "reports/text_table.hpp"

#include <algorithm>

#include "reports/cut_text.hpp"

namespace reports {
namespace {

std::size_t display_width(const std::string& text) {
  return std::count_if(text.begin(), text.end(),
                       [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

}  // namespace

std::string text_table(const std::vector<std::string>& headers,
                       const std::vector<std::vector<std::string>>& rows,
                       const std::vector<std::size_t>& right, const std::string& indent) {
  std::vector<std::vector<std::string>> cells;
  cells.reserve(rows.size());
  for (const auto& row : rows) {
    std::vector<std::string> cut;
    for (const std::string& cell : row) cut.push_back(cut_text(cell, kMaxCellWidth));
    cells.push_back(std::move(cut));
  }
  std::vector<std::size_t> widths(headers.size(), 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c) {
      widths[c] = std::max(widths[c], display_width(row[c]));
    }
  };
  measure(headers);
  for (const auto& row : cells) measure(row);

  std::string out;
  auto line = [&](const std::vector<std::string>& row) {
    std::string text = indent;
    for (std::size_t c = 0; c < widths.size(); ++c) {
      const std::string& cell = c < row.size() ? row[c] : std::string();
      const std::string pad(widths[c] - display_width(cell), ' ');
      const bool align_right = std::find(right.begin(), right.end(), c) != right.end();
      if (c > 0) text += "  ";
      text += align_right ? pad + cell : cell + pad;
    }
    text.erase(text.find_last_not_of(' ') + 1);
    out += text + "\n";
  };
  line(headers);
  for (const auto& row : cells) line(row);
  return out;
}

}  // namespace reports
