#pragma once
// x86-64 ISA levels. SIMD sources are compiled once per level (cmake/IsaVariants.cmake) into the
// namespaces isa_baseline, isa_avx2 and isa_avx512; the level to run is chosen here at run time.
#include <string_view>
#include <vector>

namespace kernels::cpu {

enum class Isa {
  baseline,  // x86-64: SSE2, no FMA
  avx2,      // x86-64-v3: AVX2 + FMA
  avx512,    // x86-64-v4: AVX-512 F/BW/DQ/VL
};

std::string_view to_string(Isa isa);
bool cpu_supports(Isa isa);
std::vector<Isa> supported_isas();  // in increasing order
Isa best_isa();

// Picks one of the per-level entries: select(isa, isa_baseline::f, isa_avx2::f, isa_avx512::f).
template <class F>
F select(Isa isa, F baseline, F avx2, F avx512) {
  switch (isa) {
    case Isa::avx512:
      return avx512;
    case Isa::avx2:
      return avx2;
    case Isa::baseline:
      break;
  }
  return baseline;
}

}  // namespace kernels::cpu
