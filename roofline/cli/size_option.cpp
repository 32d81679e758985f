#include "roofline/cli/size_option.hpp"

#include <cctype>
#include <limits>

#include "roofline/input_error.hpp"

namespace cli {

std::int64_t parse_size(const std::string& text, const std::string& option) {
  const auto bad = [&](const std::string& why) {
    return roofline::InputError(option + " '" + text + "': " + why);
  };
  size_t i = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (!text.empty() && text[0] == '-') throw bad("must be a positive number");
  if (i == 0) throw bad("expected a number such as 1048576, 64K, 16M or 1G");
  const std::string suffix = text.substr(i);
  int shift = 0;
  if (suffix == "K" || suffix == "k")
    shift = 10;
  else if (suffix == "M" || suffix == "m")
    shift = 20;
  else if (suffix == "G" || suffix == "g")
    shift = 30;
  else if (!suffix.empty())
    throw bad("unknown suffix '" + suffix + "' (use K, M or G)");
  if (i > 18) throw bad("too large");
  const std::int64_t value = std::stoll(text.substr(0, i));
  if (value <= 0) throw bad("must be a positive number");
  if (value > (std::numeric_limits<std::int64_t>::max() >> shift)) throw bad("too large");
  return value << shift;
}

}  // namespace cli
