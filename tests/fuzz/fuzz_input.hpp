#pragma once
// What every fuzz target does with its bytes: read them as a file the way the command line does
// (roofline::parse_json, with its depth bound) and hand the tree to `use`. A refusal
// (InputError, what the command line turns into exit 2) is a right answer; anything else that
// escapes — another exception, a crash, a sanitizer's report — is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "roofline/json_io.hpp"

namespace fuzz {

template <class Use>
int read_as_file(const std::uint8_t* data, std::size_t size, Use use) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    use(roofline::parse_json(in, "input.json"));
  } catch (const roofline::InputError&) {
  }
  return 0;
}

}  // namespace fuzz
