#pragma once
// The regular expressions of the JSON Schemas' `pattern` and `patternProperties`, matched without
// backtracking: std::regex recurses once per character of the text, so a long string in a file
// overflowed the stack. Here a pattern becomes a small automaton (Thompson's construction) whose
// states are followed side by side, one byte at a time: time grows with the text's length times
// the pattern's, memory with the pattern's alone, whatever the text.
//
// The subset the schema files use: literals and escaped punctuation, `.`, classes `[a-z0-9:]` and
// `[^...]`, `\d \w \s` (and their negations), groups `(...)` and `(?:...)`, `|`, the quantifiers
// `? * + {n} {n,} {n,m}`, and the anchors `^ $`. It matches bytes: `.` and a class take one byte,
// which counts as a character for ASCII text (all the patterns constrain).
#include <bitset>
#include <string>
#include <string_view>
#include <vector>

namespace roofline::detail {

class Pattern {
 public:
  // Throws std::logic_error naming the pattern for syntax outside the subset.
  explicit Pattern(std::string_view source);

  // Whether the pattern matches anywhere in `text`, as JSON Schema's `pattern` asks (ECMAScript
  // search, unanchored unless the pattern says ^ or $).
  bool search(std::string_view text) const;

 private:
  enum class Op { kByte, kSplit, kJump, kBegin, kEnd, kMatch };
  struct Step {
    Op op;
    std::bitset<256> bytes{};  // kByte: the bytes it takes
    int to = 1, other = 1;     // kSplit: both next steps; kJump: `to`; relative to this step
  };
  using Program = std::vector<Step>;
  class Parser;

  Program program_;
};

}  // namespace roofline::detail
