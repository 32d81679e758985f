#pragma once
// The CUDA cases of the `reduce` family: the ladder's kernels and CUB, each case one (variant,
// operation, element type, length). Inputs are filled on the device; a case verifies two
// consecutive launches (the second shows that a pass scheme's state, such as the last-block
// ticket counter, is ready for the next launch) against kernels/reduce's reference.
#include <cstddef>
#include <memory>

#include "kernels/cuda/reduce_plan.hpp"
#include "kernels/host_input_cache.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

// Params: n, op, passes, block_reduce, load, load_bytes, loads_per_thread, items_per_thread,
// threads_per_block, and "sweep" for the points of the threads × items sweep (the heat map's;
// the length views leave them out). Throws roofline::InputError for a config check_config
// refuses. `cache` (may be null) keeps host inputs for the verifications of later cases.
std::unique_ptr<roofline::Case> make_reduce_case(const roofline::Device& device,
                                                 const ReduceConfig& config, roofline::Precision p,
                                                 std::size_t n, bool sweep,
                                                 std::shared_ptr<HostInputCache> cache = {});

// CUB DeviceReduce (variant "cub"; params n, op, library and call), the baseline.
std::unique_ptr<roofline::Case> make_cub_reduce_case(const roofline::Device& device, ReduceOp op,
                                                     roofline::Precision p, std::size_t n,
                                                     std::shared_ptr<HostInputCache> cache = {});

}  // namespace kernels::cuda
