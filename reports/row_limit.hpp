#pragma once
// Tables of results stop at as many rows as a reader still reads; past that (a sweep of a million
// results) a table is only scrolled, and it would make the report as large as the data. The rows
// left out are counted in a note that says where every one of them is.
#include <cstddef>
#include <string>

namespace reports {

inline constexpr std::size_t kHtmlTableRows = 1000;
inline constexpr std::size_t kTerminalTableRows = 100;

// "12,345 more results are not shown here: …"; empty when nothing was left out.
std::string rows_left_out(std::size_t shown, std::size_t total);

}  // namespace reports
