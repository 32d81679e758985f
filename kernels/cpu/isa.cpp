#include "kernels/cpu/isa.hpp"

#include <array>

namespace kernels::cpu {

std::string_view to_string(Isa isa) {
  switch (isa) {
    case Isa::baseline:
      return "baseline";
    case Isa::avx2:
      return "avx2";
    case Isa::avx512:
      return "avx512";
  }
  return "unknown";
}

namespace {

bool detect(Isa isa) {
  __builtin_cpu_init();
  switch (isa) {
    case Isa::baseline:
      return true;
    case Isa::avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
             __builtin_cpu_supports("bmi2");
    case Isa::avx512:
      return detect(Isa::avx2) && __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512vl");
  }
  return false;
}

}  // namespace

bool cpu_supports(Isa isa) {
  // Asked once per level: kernels check it inside their timed calls.
  static const std::array<bool, 3> levels = {detect(Isa::baseline), detect(Isa::avx2),
                                             detect(Isa::avx512)};
  const auto level = static_cast<std::size_t>(isa);
  return level < levels.size() && levels[level];
}

std::vector<Isa> supported_isas() {
  std::vector<Isa> out;
  for (Isa isa : {Isa::baseline, Isa::avx2, Isa::avx512})
    if (cpu_supports(isa)) out.push_back(isa);
  return out;
}

Isa best_isa() { return supported_isas().back(); }

}  // namespace kernels::cpu
