#pragma once
// The kernel cases the CUDA backend runs: families, variants and the sizes they use.
#include <memory>
#include <string>
#include <vector>

#include "kernels/cuda/geometry.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"

namespace kernels::cuda {

std::vector<std::string> families();

// Cases of the requested families and variants on the device (facts["ordinal"] is its CUDA
// ordinal, made current here). Throws roofline::InputError for an unknown family or variant, a
// size that is not positive, or arrays larger than the device's free memory (cudaMemGetInfo),
// before anything is allocated.
std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options);

// The launch of the grid-stride kernels in the run: 16-byte vectors, 256 threads, blocks filling
// every SM at full occupancy (2048 threads/SM on Volta through Hopper, 1536 on GA10x/Ada).
Geometry run_geometry(const roofline::Device& device);

}  // namespace kernels::cuda
