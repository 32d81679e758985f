#pragma once
// The offloaded nested SAXPY on CUDA (kernels/nested_saxpy_offload.hpp): x and y in pinned host
// memory copied in and out (cudaMemcpyAsync), or in managed memory prefetched to the device and
// back (cudaMemPrefetchAsync). Each call starts with x and y on the host; y is checked there.
#include <array>
#include <cstddef>
#include <memory>
#include <string_view>

#include "kernels/cuda/geometry.hpp"
#include "kernels/nested_saxpy_offload.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

enum class OffloadMemory { pinned, managed };
inline constexpr std::array kOffloadMemories = {OffloadMemory::pinned, OffloadMemory::managed};

// "pinned_copy", "managed_prefetch": the variant's name.
std::string_view offload_variant(OffloadMemory memory);

// One case: the part `part` of an offloaded call of depth m over n elements of precision p (fp32
// or fp64), the kernel launched with `g`. Throws roofline::InputError for another precision or
// depth.
std::unique_ptr<roofline::Case> make_offload_case(const roofline::Device& device,
                                                  OffloadMemory memory, OffloadPart part, int m,
                                                  const Geometry& g, roofline::Precision p,
                                                  std::size_t n);

}  // namespace kernels::cuda
