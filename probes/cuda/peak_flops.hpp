#pragma once
// The GPU peak-FLOP probe: kFmaChains independent FMA chains t = t·a + b per thread, every SM
// filled with resident warps. With a = 0.5 every chain converges to 2b exactly (b has an even last
// mantissa bit, so the final rounding ties fall on 2b), so every lane is checked exactly.
#include <cstdint>
#include <memory>
#include <string>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace probes::cuda {

struct PeakFlopsConfig {
  roofline::Precision precision = roofline::Precision::fp32;
  int sms = 1;
  int blocks_per_sm = 8;
  int threads = 256;  // per block; 256 × 8 fills an SM of 2048 threads
  // Steps of every chain per launch: 2^16 steps of 8 chains on all SMs last about 4 ms on an H100
  // at the fp32 rate, so the launch and the ramp are under 0.1% of it (at 1 ms fp32 reached 98.1%
  // of its peak, 2026-11).
  std::int64_t iterations = std::int64_t{1} << 16;
};

// Exact: SMs × blocks per SM × threads × iterations × chains × lanes × 2 FLOPs per launch.
roofline::Work peak_flops_work(const PeakFlopsConfig& config);

// Family "peak_flops", variant "<path>_<chains>chain". Throws roofline::InputError for int32 or a
// tensor precision (tensor_peak.hpp measures those), a grid below one thread or iterations that
// are not a positive multiple of kFmaUnroll.
std::unique_ptr<roofline::Case> make_peak_flops_case(const roofline::Device& device,
                                                     const PeakFlopsConfig& config);

// The exact b of the chains: 1 + 2k·ulp(1) with k random, so 2b has an even last mantissa bit in
// `p` and lies in [2, 3).
double even_mantissa_offset(roofline::Precision p, std::uint64_t seed);

}  // namespace probes::cuda
