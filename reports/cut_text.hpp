#pragma once
// Text from a file cut to a length a reader takes in: a name of a megabyte would otherwise widen
// every line of a table or repeat in every chart title.
#include <cstddef>
#include <string>
#include <string_view>

namespace reports {

// `text` when it has at most `characters` characters (UTF-8 code points); else its first
// `characters` - 1 and "…".
std::string cut_text(std::string_view text, std::size_t characters);

}  // namespace reports
