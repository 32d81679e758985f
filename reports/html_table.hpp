#pragma once
// HTML tables from rows of plain-text cells (escaped here).
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace reports {

// "None." as a note, where a table would have no rows.
inline std::string none_note() { return "<p class=\"note\">None.</p>\n"; }

struct Cell {
  Cell(std::string text, std::string css_class = {}, std::string title = {})
      : text(std::move(text)), css_class(std::move(css_class)), title(std::move(title)) {}

  std::string text;
  std::string css_class;        // "num" right-aligns; "bad" and "warn" flag a value
  std::string title;            // tooltip, e.g. how a theoretical peak was derived
  std::optional<double> value;  // what the report's script sorts the column by ("12.3 GB/s")
};

// A number's cell: its text and its value for sorting.
Cell num(std::string text, std::optional<double> value = std::nullopt);

// `row_ids[i]`, when given, is the id of row i (a link target).
std::string html_table(const std::vector<std::string>& headers,
                       const std::vector<std::vector<Cell>>& rows, const std::string& css_class,
                       const std::vector<std::string>& row_ids = {});

}  // namespace reports
