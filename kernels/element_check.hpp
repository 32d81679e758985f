#pragma once
// What an element-wise check found, on the host (kernels/check.hpp) or on a device.
#include <cstddef>

namespace kernels {

struct ElementCheck {
  double max_error = 0;   // over all elements; a NaN error counts as infinite
  std::size_t first_bad;  // the first index whose error exceeds the tolerance; n when none
};

}  // namespace kernels
