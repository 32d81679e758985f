#pragma once
// FMA chains for the peak-FLOP probe, compiled once per ISA level (cmake/IsaVariants.cmake) and
// chosen at run time with kernels::cpu::select.
#include <cstdint>

#include "kernels/cpu/isa.hpp"

namespace probes::cpu {

// Independent accumulators per path: at least FMA latency (4–5 cycles) × 2 pipes, and no more
// than the register file holds beside a and b (16 xmm/ymm registers, 32 zmm).
constexpr int chain_accumulators(int width_bits) { return width_bits == 512 ? 24 : 12; }
// Elements per accumulator; a scalar path (width 0) has one.
constexpr int chain_lanes(int width_bits, int element_bytes) {
  return width_bits == 0 ? 1 : width_bits / (8 * element_bytes);
}

}  // namespace probes::cpu

// Each runs `iterations` steps of t = t·a + b on chain_accumulators(width) accumulators of
// `width_bits` (0: scalar), loaded from and stored back to `state` (accumulators × lanes values).
// Throws std::invalid_argument for a width the ISA level does not build.
namespace probes::cpu {
ROOFLAB_DECLARE_PER_ISA(void fma_chains(int width_bits, double a, double b, std::int64_t iterations,
                                        double* state);
                        void fma_chains(int width_bits, float a, float b, std::int64_t iterations,
                                        float* state);)
}  // namespace probes::cpu
