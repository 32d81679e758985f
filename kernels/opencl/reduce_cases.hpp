#pragma once
// The OpenCL cases of the `reduce` family: the ladder's kernels and CLBlast, each case one
// (variant, operation, element type, length). A case verifies two consecutive launches (the
// second shows that a pass scheme's state, such as the last-block counter, is ready for the
// next launch) against kernels/reduce's reference.
#include <cstddef>
#include <memory>

#include "kernels/host_input_cache.hpp"
#include "kernels/opencl/reduce_plan.hpp"
#include "kernels/opencl/runtime.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::opencl {

// Params: n, op, passes, block_reduce, load, load_bytes, loads_per_thread, items_per_thread,
// threads_per_block (the work-group size), description, and "sweep" for the points of the
// group × items sweep. Throws roofline::InputError for a bad config or one the device cannot run
// (unsupported's reason). `cache` (may be null) keeps host inputs for later cases.
std::unique_ptr<roofline::Case> make_reduce_case(const roofline::Device& device,
                                                 std::shared_ptr<Runtime> runtime,
                                                 const DeviceSupport& support,
                                                 const ReduceConfig& config, roofline::Precision p,
                                                 std::size_t n, bool sweep,
                                                 std::shared_ptr<HostInputCache> cache = {});

// CLBlast's sum or dot (variant "clblast"; params n, op, library and call), the baseline; fp32
// and fp64 only (throws roofline::InputError for others: CLBlast has no integer routines).
std::unique_ptr<roofline::Case> make_clblast_reduce_case(
    const roofline::Device& device, std::shared_ptr<Runtime> runtime, ReduceOp op,
    roofline::Precision p, std::size_t n, std::shared_ptr<HostInputCache> cache = {});

}  // namespace kernels::opencl
