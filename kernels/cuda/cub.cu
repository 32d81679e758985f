#include <cub/version.cuh>

#include "kernels/cuda/cub.hpp"

namespace kernels::cuda {

std::string cub_version() {
  return "CUB " + std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION) +
         "." + std::to_string(CUB_SUBMINOR_VERSION);
}

}  // namespace kernels::cuda
