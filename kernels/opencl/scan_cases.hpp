#pragma once
// The OpenCL cases of the `scan` family: each case one (variant, kind, element type, length),
// verified over two consecutive launches (the second shows that the look-back's ticket and
// descriptors are ready for the next launch) against kernels/scan's reference.
#include <cstddef>
#include <memory>

#include "kernels/host_input_cache.hpp"
#include "kernels/opencl/runtime.hpp"
#include "kernels/opencl/scan_kernel.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::opencl {

// Params: n, kind, algorithm, group_scan, threads_per_block (the work-group size),
// items_per_thread, tile, launches, element_moves, description; for decoupled_lookback also
// spin_bound and timeout_s; "sweep" for the points of the tuning sweep. Throws roofline::InputError
// for a bad config or one the device cannot run (unsupported's reason). `cache` (may be null) keeps
// host inputs for later cases.
std::unique_ptr<roofline::Case> make_scan_case(
    const roofline::Device& device, std::shared_ptr<Runtime> runtime, const DeviceSupport& support,
    const ScanConfig& config, ScanKind kind, roofline::Precision p, std::size_t n,
    std::shared_ptr<HostInputCache> cache = {}, const LookBackOptions& lookback = {},
    bool sweep = false);

}  // namespace kernels::opencl
