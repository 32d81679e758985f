#include "kernels/cuda/geometry.hpp"

#include "roofline/json_io.hpp"

namespace kernels::cuda {

std::string describe(const Geometry& g) {
  return std::to_string(g.vector_bytes) + " B vectors, " + std::to_string(g.threads) +
         " threads x " + std::to_string(g.blocks_per_sm) + " blocks/SM";
}

void check_geometry(const Geometry& g, int element_bytes) {
  using roofline::InputError;
  if (g.vector_bytes != 4 && g.vector_bytes != 8 && g.vector_bytes != 16)
    throw InputError("vector width " + std::to_string(g.vector_bytes) + " bytes is not 4, 8 or 16");
  if (g.vector_bytes < element_bytes)
    throw InputError("vector width " + std::to_string(g.vector_bytes) +
                     " bytes is narrower than an element of " + std::to_string(element_bytes));
  if (g.threads < 1 || g.threads > 1024)
    throw InputError("threads per block " + std::to_string(g.threads) + " is not in 1..1024");
  if (g.sms < 1 || g.blocks_per_sm < 1)
    throw InputError("grid of " + std::to_string(g.sms) + " SMs x " +
                     std::to_string(g.blocks_per_sm) + " blocks/SM is empty");
}

}  // namespace kernels::cuda
