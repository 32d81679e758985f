#pragma once
// The rate a GPU keeps, not its burst: a library GEMM on random operands (tensor_gemm.hpp)
// run back to back from a warm-up, while NVML reads the SM clock, power draw and clock limiters.
// The compute ceilings are bursts of a few milliseconds on constant operands, at the highest
// clock; a board that reaches its power limit on real data lowers its clock within tens of
// milliseconds, and this is the rate it holds then.
#include <optional>
#include <string>

#include "probes/nvidia/nvml.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// Back-to-back calls before the timed ones (the board reaches its power limit well within it),
// then the timed span, in samples of a tenth of it.
inline constexpr double kSustainedWarmupSeconds = 0.3;
inline constexpr double kSustainedSeconds = 0.7;
// The GEMM's size: large enough that cuBLAS runs at its best (as the burst reference).
inline constexpr int kSustainedGemmN = 8192;
// What one precision's sustained rate costs in all: the random operands filled on the host and
// checked, the warm-up and the timed span (about 3 s each on an H200's host).
inline constexpr double kSustainedCaseSeconds = 3;

// Precision p's sustained rate by gemm_call(p) on the current device, beside `burst` (the same
// call on constant operands; 0: not measured). Throws what the case throws (roofline::InputError
// for a precision without a call, a failed verification).
roofline::SustainedCompute measure_sustained(const roofline::Device& device, roofline::Precision p,
                                             nvidia::NvmlDevice& nvml, double burst);

}  // namespace probes::cuda
