#include "probes/cpu/fma_paths.hpp"

namespace probes::cpu {

using kernels::cpu::cpu_supports;
using kernels::cpu::Isa;

std::vector<FmaPath> supported_fma_paths() {
  const Isa narrow = cpu_supports(Isa::avx2) ? Isa::avx2 : Isa::baseline;
  std::vector<FmaPath> paths = {{"scalar", 0, narrow}, {"vec128", 128, narrow}};
  if (cpu_supports(Isa::avx2)) paths.push_back({"vec256", 256, Isa::avx2});
  if (cpu_supports(Isa::avx512)) paths.push_back({"vec512", 512, Isa::avx512});
  return paths;
}

}  // namespace probes::cpu
