#pragma once
// In a header of its own: kernels, probes and options throw it without the JSON reader.
#include <stdexcept>

namespace roofline {

// Bad input from the user (a value, a file): the CLI prints it and exits 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace roofline
