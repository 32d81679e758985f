#include "kernels/cpu/isa.hpp"

#include <array>

#if defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#endif

namespace kernels::cpu {

std::string_view to_string(Isa isa) {
#define ROOFLAB_ISA_NAME_(level, ...) \
  case Isa::level:                    \
    return #level;
  switch (isa) { ROOFLAB_FOR_EACH_ISA(ROOFLAB_ISA_NAME_) }
#undef ROOFLAB_ISA_NAME_
  return "unknown";
}

namespace {

#if defined(__x86_64__)

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

#elif defined(__aarch64__)

// The kernel's hardware capabilities (Linux: getauxval), as the architecture has no user-level
// feature instruction that every kernel exposes.
bool detect(Isa isa) {
  const unsigned long hwcap = getauxval(AT_HWCAP);
  switch (isa) {
    case Isa::neon:
      return (hwcap & HWCAP_ASIMD) != 0;
    case Isa::sve:
      return (hwcap & HWCAP_SVE) != 0;
  }
  return false;
}

#endif

}  // namespace

bool cpu_supports(Isa isa) {
  // Asked once per level: kernels check it inside their timed calls.
  static const std::array<bool, kIsaLevels> levels = [] {
    std::array<bool, kIsaLevels> out{};
    for (std::size_t l = 0; l < kIsaLevels; ++l) out[l] = detect(static_cast<Isa>(l));
    return out;
  }();
  const auto level = static_cast<std::size_t>(isa);
  return level < levels.size() && levels[level];
}

std::vector<Isa> supported_isas() {
  std::vector<Isa> out;
  for (std::size_t l = 0; l < kIsaLevels; ++l)
    if (cpu_supports(static_cast<Isa>(l))) out.push_back(static_cast<Isa>(l));
  return out;
}

Isa best_isa() { return supported_isas().back(); }

std::optional<Isa> narrower_stream_isa(Isa best) {
#if defined(__x86_64__)
  if (best == Isa::avx512) return Isa::avx2;
#endif
  (void)best;
  return std::nullopt;
}

int sve_vector_bits() {
#if defined(__aarch64__)
  if (!cpu_supports(Isa::sve)) return 0;
  const int vl = prctl(PR_SVE_GET_VL);  // bytes, with flags above PR_SVE_VL_LEN_MASK
  return vl < 0 ? 0 : 8 * (vl & PR_SVE_VL_LEN_MASK);
#else
  return 0;
#endif
}

}  // namespace kernels::cpu
