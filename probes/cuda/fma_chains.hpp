#pragma once
// The FMA chains of the GPU peak-FLOP probe: every thread advances kFmaChains independent chains
// t = t·a + b, each a scalar (fp64, fp32) or a pair (fp16 half2, bf16 bfloat162: one HFMA2 is two
// FMAs), so a warp always has independent FMAs to issue.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "roofline/work.hpp"

namespace probes::cuda {

// 16 chains of 64 steps per loop trip leave the loop's counter, compare and branch 3 of every 1027
// issue slots: an H200 ran FFMA at 0.991 of its peak so, and at 0.987 with 8 chains.
inline constexpr int kFmaChains = 16;
// Steps per trip of the unrolled loop; iterations must be a multiple of it.
inline constexpr int kFmaUnroll = 64;

// Values per chain: 1, or 2 for the paired 16-bit types.
constexpr int fma_lanes(roofline::Precision p) {
  return p == roofline::Precision::fp16 || p == roofline::Precision::bf16 ? 2 : 1;
}
// Bytes of one chain's value: 8, 4, 4 (half2), 4 (bfloat162).
constexpr int fma_value_bytes(roofline::Precision p) {
  return p == roofline::Precision::fp64 ? 8 : 4;
}

// Enqueues blocks × threads threads, each advancing its kFmaChains chains `iterations` steps.
// `state` holds kFmaChains × blocks × threads chain values (chain c of thread t at
// c × blocks × threads + t), read at the start and written at the end. a and b must be exact in
// the precision.
void fma_chains_launch(roofline::Precision p, int blocks, int threads, std::int64_t iterations,
                       void* state, double a, double b);

// Chain values (raw bytes of `p`) as doubles, every lane: lanes × bytes / value bytes values.
std::vector<double> lane_values(roofline::Precision p, const std::vector<unsigned char>& bytes);

// Raw chain values from one double per lane (rounded to `p`).
std::vector<unsigned char> chain_bytes(roofline::Precision p, const std::vector<double>& lanes);

}  // namespace probes::cuda
