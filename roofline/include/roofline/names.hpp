#pragma once
// Lists of names in messages, e.g. the families or variants a backend knows, and the one a
// mistyped name most likely meant.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// "a, b, c".
inline std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The known name nearest to `typed` by edit distance (insertions, deletions, substitutions and
// swaps of neighbours, case ignored), when it is near enough to be a slip: at most a third of
// its length, and at least 1 and at most 3 edits. nullopt otherwise.
std::optional<std::string> closest(std::string_view typed, const std::vector<std::string>& known);

// "; did you mean 'x'?" for closest(typed, known), or "".
inline std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known) {
  const auto near = closest(typed, known);
  return near ? "; did you mean '" + *near + "'?" : "";
}

}  // namespace roofline
