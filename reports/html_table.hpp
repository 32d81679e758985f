#pragma once
// HTML tables from rows of plain-text cells (escaped here).
#include <string>
#include <utility>
#include <vector>

namespace reports {

struct Cell {
  Cell(std::string text, std::string css_class = {}, std::string title = {})
      : text(std::move(text)), css_class(std::move(css_class)), title(std::move(title)) {}

  std::string text;
  std::string css_class;  // "num" right-aligns; "bad" and "warn" flag a value
  std::string title;      // tooltip, e.g. how a theoretical peak was derived
};

std::string html_table(const std::vector<std::string>& headers,
                       const std::vector<std::vector<Cell>>& rows, const std::string& css_class);

}  // namespace reports
