#pragma once
// The nested SAXPY's check on the device (kernels/nested_saxpy.hpp's, with the same reference and
// tolerance), x and y0 regenerated there from the seeds they were filled from.
#include <cstddef>
#include <cstdint>

#include "roofline/results.hpp"

namespace kernels::cuda {

// verify_nested_saxpy of y (device memory) after one call of depth m.
template <class T>
roofline::Verification verify_nested_saxpy_on_device(int m, const T* y, std::size_t n,
                                                     std::uint64_t x_seed, std::uint64_t y0_seed);

}  // namespace kernels::cuda
