#pragma once
// The instruction paths a peak-FLOP probe measures: scalar and each SIMD width, each run with
// the lowest ISA level that has FMA at that width.
#include <string>
#include <vector>

#include "kernels/cpu/isa.hpp"

namespace probes::cpu {

struct FmaPath {
  std::string name;    // "scalar", "vec128", "vec256", "vec512"; aarch64: "sve" + vector bits
  int width_bits = 0;  // 0 for scalar
  kernels::cpu::Isa isa = kernels::cpu::kBaselineIsa;
};

// The paths the running CPU supports, narrowest first. Without AVX2+FMA, scalar and vec128 run
// the baseline build (separate multiply and add, the same FLOPs).
std::vector<FmaPath> supported_fma_paths();

}  // namespace probes::cpu
