#pragma once
// Lists of names in messages, e.g. the families or variants a backend knows.
#include <string>
#include <vector>

namespace roofline {

// "a, b, c".
inline std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace roofline
