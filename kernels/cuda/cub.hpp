#pragma once
// CUB (CCCL, shipped with the toolkit), the baseline of the reduce and scan families.
#include <string>

namespace kernels::cuda {

// "CUB 3.0.1": the CCCL version compiled in.
std::string cub_version();

}  // namespace kernels::cuda
