#pragma once
// Aligned plain-text tables for the terminal.
#include <cstddef>
#include <string>
#include <vector>

namespace reports {

// The widest a cell is shown; longer ones end in an ellipsis.
inline constexpr std::size_t kMaxCellWidth = 80;

// Columns padded to their widest cell (in characters, UTF-8 aware), two spaces apart; columns
// whose index is in `right` are right-aligned (numbers). Every line starts with `indent`.
std::string text_table(const std::vector<std::string>& headers,
                       const std::vector<std::vector<std::string>>& rows,
                       const std::vector<std::size_t>& right, const std::string& indent = "");

}  // namespace reports
