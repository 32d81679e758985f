#pragma once
// The shared-read L2 probe on OpenCL (probes/l2_shared.hpp, probes/opencl/l2_shared.cl): volatile
// loads, which NVIDIA's compiler serves from the L2 alone.
#include <memory>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "probes/l2_shared.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::opencl {

// Family "bandwidth", variant "l2_shared_d<D>", level "shared-line delivery"; blocks are
// work-groups and threads work-items. Throws roofline::InputError as check_l2_shared_config does.
std::unique_ptr<roofline::Case> make_l2_shared_case(
    const L2SharedConfig& config, const roofline::Device& device,
    std::shared_ptr<kernels::opencl::Runtime> runtime);

// One config per reader count (kL2SharedReaders): 8 work-groups of 256 per compute unit (an
// H100's SM holds 2048 work-items), 1024 passes; none where the device is no GPU with an L2.
std::vector<L2SharedConfig> l2_shared_configs(const roofline::Device& device,
                                              const kernels::opencl::Runtime& runtime);

}  // namespace probes::opencl
