#include "reports/cut_text.hpp"

namespace reports {

std::string cut_text(std::string_view text, std::size_t characters) {
  // The byte where character number `characters` - 1 starts (from 0), and whether one follows.
  const auto starts = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; };
  std::size_t seen = 0, end = 0;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (!starts(text[at])) continue;
    if (seen == characters) return std::string(text.substr(0, end)) + "…";
    if (++seen == characters) end = at;
  }
  return std::string(text);
}

}  // namespace reports
