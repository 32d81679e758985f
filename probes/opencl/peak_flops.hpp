#pragma once
// The peak-FLOP probe on an OpenCL device: chains of fma or mad over vectors of the widths the
// device prefers (peak_flops.cl), each lane checked exactly (t = t·0.5 + b converges to 2b).
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::opencl {

struct PeakFlopsConfig {
  roofline::Precision precision = roofline::Precision::fp32;  // fp32, or fp64 with cl_khr_fp64
  std::string op = "fma";                                     // "fma" or "mad"
  int width = 1;                                              // lanes per vector
  int chains = 8;                                             // independent chains per work-item
  std::size_t group = 256, groups = 1;                        // work-group size and count
  int iterations = 1 << 13;  // steps of every chain per call, a multiple of `unroll`
  // Steps per loop trip, unrolled. A GPU scheduler issues one instruction per clock, so at the
  // full FMA rate each counter, compare and branch of the loop takes an FMA's slot (H200 fp32: 90%
  // of the peak with 8 steps per trip); PoCL runs best without (fp32 97 -> 35 GFLOP/s with 64).
  int unroll = 1;
};

// Exact: groups × group × chains × width × iterations × 2 FLOPs per call.
roofline::Work peak_flops_work(const PeakFlopsConfig& config);

// "fma_w8_c8_wg256": the configuration as a variant name.
std::string peak_flops_variant(const PeakFlopsConfig& config);

std::unique_ptr<roofline::Case> make_peak_flops_case(
    const PeakFlopsConfig& config, const roofline::Device& device,
    std::shared_ptr<kernels::opencl::Runtime> runtime);

// The search: per precision the device computes in, fma and mad over widths 1 and the preferred
// one (full: every width up to 16), eight work-groups per compute unit.
std::vector<PeakFlopsConfig> peak_flops_configs(const roofline::Device& device,
                                                const kernels::opencl::Runtime& runtime,
                                                bool quick);

}  // namespace probes::opencl
