#pragma once
#include <cstdint>
#include <string>

namespace cli {

// "4096", "64K", "16M", "1G" (binary multiples) → elements. Throws roofline::InputError naming
// the text when it is not a positive whole number of elements.
std::int64_t parse_size(const std::string& text);

}  // namespace cli
