#pragma once
// The ISA levels of the architecture the binary is built for. SIMD sources are compiled once per
// level (cmake/IsaVariants.cmake, which lists the same levels) into the namespace isa_<level>; the
// level to run is chosen here at run time.
//   x86-64:  baseline (SSE2, no FMA), avx2 (x86-64-v3: AVX2 + FMA), avx512 (x86-64-v4: F/BW/DQ/VL)
//   aarch64: neon (Advanced SIMD with FMA, the architecture's baseline), sve (vector-length
//            agnostic: its own sources, the vector length read at run time)
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

// ROOFLAB_FOR_EACH_ISA(M, args...) expands to M(level, args...) for each level, lowest first.
// ROOFLAB_ISA_LOWEST_NS_ names the lowest level's namespace.
#if defined(__x86_64__)
#define ROOFLAB_FOR_EACH_ISA(M, ...) \
  M(baseline, __VA_ARGS__) M(avx2, __VA_ARGS__) M(avx512, __VA_ARGS__)
#define ROOFLAB_ISA_LOWEST_NS_ isa_baseline
#elif defined(__aarch64__)
#define ROOFLAB_FOR_EACH_ISA(M, ...) M(neon, __VA_ARGS__) M(sve, __VA_ARGS__)
#define ROOFLAB_ISA_LOWEST_NS_ isa_neon
#else
#error "the CPU backend targets x86-64 and aarch64"
#endif

// Declares the entry points `...` in every level's namespace (the *_isa.hpp headers).
#define ROOFLAB_ISA_NAMESPACE_(level, ...) \
  namespace isa_##level {                  \
    __VA_ARGS__                            \
  }
#define ROOFLAB_DECLARE_PER_ISA(...) ROOFLAB_FOR_EACH_ISA(ROOFLAB_ISA_NAMESPACE_, __VA_ARGS__)

// Every level's entry point `name` (a name inside the level namespaces, template arguments
// included), lowest level first, and the one of level `isa`: ROOFLAB_ISA_PICK(call.isa,
// stream_simd<T>). An overloaded name needs its type: pick<F>(isa, {ROOFLAB_ISA_ENTRIES(name)}).
#define ROOFLAB_ISA_ENTRY_(level, ...) &isa_##level::__VA_ARGS__,
#define ROOFLAB_ISA_ENTRIES(...) ROOFLAB_FOR_EACH_ISA(ROOFLAB_ISA_ENTRY_, __VA_ARGS__)
#define ROOFLAB_ISA_PICK(isa, ...)                                      \
  ::kernels::cpu::pick<decltype(&ROOFLAB_ISA_LOWEST_NS_::__VA_ARGS__)>( \
      isa, {ROOFLAB_ISA_ENTRIES(__VA_ARGS__)})

namespace kernels::cpu {

#define ROOFLAB_ISA_ENUMERATOR_(level, ...) level,
enum class Isa { ROOFLAB_FOR_EACH_ISA(ROOFLAB_ISA_ENUMERATOR_) };
#undef ROOFLAB_ISA_ENUMERATOR_

#define ROOFLAB_ISA_COUNT_(level, ...) +1
constexpr std::size_t kIsaLevels = 0 ROOFLAB_FOR_EACH_ISA(ROOFLAB_ISA_COUNT_);
#undef ROOFLAB_ISA_COUNT_

// The architecture's lowest level, which every CPU of it runs.
constexpr Isa kBaselineIsa = Isa{0};

std::string_view to_string(Isa isa);
bool cpu_supports(Isa isa);
std::vector<Isa> supported_isas();  // in increasing order
Isa best_isa();

// The level a quick stream run adds below the best: AVX2 under AVX-512, as cores that split
// 512-bit loads in two stream DRAM faster with 256-bit ones (kernels/cpu/cases.cpp); none else.
std::optional<Isa> narrower_stream_isa(Isa best);

// The SVE vector length in bits (Linux: prctl PR_SVE_GET_VL); 0 on a CPU or architecture without
// SVE. It is the width of the sve level's vectors, known only at run time.
int sve_vector_bits();

// One entry per level, in the enum's order (ROOFLAB_ISA_ENTRIES writes the list).
template <class F>
F pick(Isa isa, std::initializer_list<F> per_level) {
  return per_level.begin()[static_cast<std::size_t>(isa)];
}

}  // namespace kernels::cpu
