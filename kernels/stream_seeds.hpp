#pragma once
// The seeds of a stream case's in1, in2 and the output's values before the call (daxpy reads
// them), for the checks on a device (CUDA's and OpenCL's), which make the inputs again from them
// (kernels/inputs.hpp).
#include <cstdint>

namespace kernels {

struct StreamSeeds {
  std::uint64_t in1 = 0, in2 = 0, out0 = 0;
};

}  // namespace kernels
