#include "probes/cpu/fma_paths.hpp"

namespace probes::cpu {

using kernels::cpu::cpu_supports;
using kernels::cpu::Isa;

#if defined(__x86_64__)

std::vector<FmaPath> supported_fma_paths() {
  const Isa narrow = cpu_supports(Isa::avx2) ? Isa::avx2 : Isa::baseline;
  std::vector<FmaPath> paths = {{"scalar", 0, narrow}, {"vec128", 128, narrow}};
  if (cpu_supports(Isa::avx2)) paths.push_back({"vec256", 256, Isa::avx2});
  if (cpu_supports(Isa::avx512)) paths.push_back({"vec512", 512, Isa::avx512});
  return paths;
}

#elif defined(__aarch64__)

// Scalar and 128-bit NEON FMAs are in every aarch64 core; SVE's vectors, where the core has them,
// are as wide as its vector length ("sve256"), which may be no wider than NEON's.
std::vector<FmaPath> supported_fma_paths() {
  std::vector<FmaPath> paths = {{"scalar", 0, Isa::neon}, {"vec128", 128, Isa::neon}};
  if (const int bits = kernels::cpu::sve_vector_bits(); bits > 0)
    paths.push_back({"sve" + std::to_string(bits), bits, Isa::sve});
  return paths;
}

#endif

}  // namespace probes::cpu
