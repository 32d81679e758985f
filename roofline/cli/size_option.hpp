#pragma once
#include <cstdint>
#include <string>

namespace cli {

// "4096", "64K", "16M", "1G" (binary multiples) → a count. Throws roofline::InputError naming
// the option and the text when it is not a positive whole number.
std::int64_t parse_size(const std::string& text, const std::string& option);

}  // namespace cli
