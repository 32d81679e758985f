#include "kernels/cuda/geometry.hpp"

#include <algorithm>
#include <cmath>

#include "roofline/input_error.hpp"
#include "roofline/names.hpp"

namespace kernels::cuda {

Geometry covering(Geometry g, double bytes) {
  const double per_sm = double(g.sms) * g.threads * g.items * g.vector_bytes;
  g.blocks_per_sm = std::max(static_cast<int>(std::ceil(bytes / per_sm)), 1);
  return g;
}

std::string describe(const Geometry& g) {
  const std::string vectors =
      std::to_string(g.vector_bytes) + " B vectors x " + std::to_string(g.items) + ", ";
  if (g.slice_rows > 0)
    return vectors + "slices of " + std::to_string(g.slice_rows) + " rows of " +
           std::to_string(g.threads) + " threads";
  return vectors + std::to_string(g.threads) + " threads x " + std::to_string(g.blocks_per_sm) +
         " blocks/SM";
}

void check_geometry(const Geometry& g, int element_bytes, std::initializer_list<int> items) {
  using roofline::InputError;
  if (g.vector_bytes != 4 && g.vector_bytes != 8 && g.vector_bytes != 16)
    throw InputError("vector width " + std::to_string(g.vector_bytes) + " bytes is not 4, 8 or 16");
  if (g.vector_bytes < element_bytes)
    throw InputError("vector width " + std::to_string(g.vector_bytes) +
                     " bytes is narrower than an element of " + std::to_string(element_bytes));
  if (g.threads < 1 || g.threads > 1024)
    throw InputError("threads per block " + std::to_string(g.threads) + " is not in 1..1024");
  if (g.slice_rows < 0) throw InputError("slices of " + std::to_string(g.slice_rows) + " rows");
  if (g.sms < 1 || g.blocks_per_sm < 1)
    throw InputError("grid of " + std::to_string(g.sms) + " SMs x " +
                     std::to_string(g.blocks_per_sm) + " blocks/SM is empty");
  if (std::find(items.begin(), items.end(), g.items) == items.end()) {
    std::vector<std::string> names;
    for (int i : items) names.push_back(std::to_string(i));
    throw InputError(std::to_string(g.items) + " vectors per thread is not one of " +
                     roofline::joined(names));
  }
}

}  // namespace kernels::cuda
