#pragma once
// The shared-read L2 probe on CUDA (probes/l2_shared.hpp): loads through ld.global.cg, so
// the L2 alone serves them.
#include <memory>

#include "probes/l2_shared.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// Enqueues the kernel over `data` (l2_shared_vectors float4s); each thread writes its sum to
// sums[block × threads + thread].
void l2_shared_launch(const L2SharedConfig& config, const float* data, float* sums);

// Family "bandwidth", variant "l2_shared_d<D>", level "shared-line delivery". Throws
// roofline::InputError as check_l2_shared_config does.
std::unique_ptr<roofline::Case> make_l2_shared_case(const roofline::Device& device,
                                                    const L2SharedConfig& config);

}  // namespace probes::cuda
