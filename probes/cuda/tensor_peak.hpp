#pragma once
// The tensor-core peak probe: FMA-only chains of one matrix instruction (tensor_chains.hpp) on
// every SM, each accumulator checked exactly against tensor_chain_result() from the host.
#include <cstdint>
#include <memory>

#include "probes/cuda/tensor_instruction.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

struct TensorPeakConfig {
  TensorInstruction instruction = TensorInstruction::mma_f16;
  int sms = 1;
  int blocks_per_sm = 4;
  int threads = 256;  // per block; wgmma: 128 (one warpgroup)
  // Instructions per chain per launch: 2^14 lasts a few ms at the H100's rates, and keeps every
  // accumulator an exact integer (c + 2^14 · k · a · b < 2^24 for a, b ≤ 3 and k ≤ 32).
  std::int64_t iterations = std::int64_t{1} << 14;
};

// The launch the probe uses for an instruction on `sms` SMs.
TensorPeakConfig tensor_peak_config(TensorInstruction i, int sms);

// Exact: instructions issued per launch × 2·m·n·k.
roofline::Work tensor_peak_work(const TensorPeakConfig& config);

// Family "peak_flops", variant "<path>_<m>x<n>x<k>" (precision fp16_tensor…). Throws
// roofline::InputError for an empty grid, a block that is not whole warps (warpgroups for
// wgmma) or iterations that are not a positive multiple of kTensorUnroll.
std::unique_ptr<roofline::Case> make_tensor_peak_case(const roofline::Device& device,
                                                      const TensorPeakConfig& config);

}  // namespace probes::cuda
