#pragma once
// Byte counts in messages and notes: "508 MiB", "1.5 GiB" (binary prefixes, 4 significant digits).
#include <string>

namespace roofline {

std::string bytes_text(double bytes);

}  // namespace roofline
