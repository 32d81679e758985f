#pragma once
// What every fuzz target does with its bytes: read them as a file the way the command line does
// and hand what was read to `use`: a roofline::InputFile (results, read result by result as
// report and compare read them) when `use` takes one, else the tree (roofline::parse_json); both
// with the depth bound. A refusal
// (InputError, what the command line turns into exit 2) is a right answer; anything else that
// escapes — another exception, a crash, a sanitizer's report — is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

#include "roofline/json_io.hpp"

namespace fuzz {

template <class Use>
int read_as_file(const std::uint8_t* data, std::size_t size, Use use) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    if constexpr (std::is_invocable_v<Use, roofline::InputFile&&>)
      use(roofline::InputFile(in, "input.json"));
    else
      use(roofline::parse_json(in, "input.json"));
  } catch (const roofline::InputError&) {
  }
  return 0;
}

}  // namespace fuzz
