#include "roofline/bytes_text.hpp"

#include <cstdio>

namespace roofline {

std::string bytes_text(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (bytes >= 1024 && unit < 4) bytes /= 1024, ++unit;
  char text[32];
  std::snprintf(text, sizeof text, "%.4g %s", bytes, units[unit]);
  return text;
}

}  // namespace roofline
