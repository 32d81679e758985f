#pragma once
// CPU and GPU on one buffer on CUDA (kernels/one_buffer.hpp): y and x in managed memory, in
// system memory the GPU reads through HMM, or on the device with the CPU's share copied to pinned
// host memory and back; the GPU's pass is the nested SAXPY's own launch, the CPU's the CPU
// backend's nested SAXPY on every host thread at its best ISA level.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/cuda/geometry.hpp"
#include "kernels/one_buffer.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

// Why device `ordinal` cannot run `memory`: system memory needs pageable memory access
// (cudaDevAttrPageableMemoryAccess: HMM, or NVLink-C2C's ATS on Grace Hopper); nullopt when it can.
std::optional<std::string> one_buffer_unsupported(OneBufferMemory memory, int ordinal);

// The device's not_offered lines of the family: "system: <why>" for each memory it cannot run.
std::vector<std::string> one_buffer_not_offered(int ordinal);

// The part `part` of a call over n elements of precision p (fp32 or fp64) with the CPU's share
// the last cpu_percent of y, the GPU's pass launched with `g`. Throws roofline::InputError for
// another precision, or for a memory the device cannot run (one_buffer_unsupported's reason).
std::unique_ptr<roofline::Case> make_one_buffer_case(const roofline::Device& device,
                                                     OneBufferMemory memory, OneBufferPart part,
                                                     int cpu_percent, const Geometry& g,
                                                     roofline::Precision p, std::size_t n);

}  // namespace kernels::cuda
