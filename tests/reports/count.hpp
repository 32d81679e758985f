#pragma once
// Counting occurrences of a fragment in generated text (golden structure checks).
#include <string_view>

namespace reports::samples {

inline int count(std::string_view text, std::string_view fragment) {
  int n = 0;
  for (std::size_t pos = text.find(fragment); pos != std::string_view::npos;
       pos = text.find(fragment, pos + fragment.size())) {
    ++n;
  }
  return n;
}

}  // namespace reports::samples
