// Compiled once per ISA level with ROOFLAB_ISA_NS naming the level's namespace.
#include "probes/cpu/peak_flops_simd.hpp"

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cpu/simd.hpp"

namespace probes::cpu::ROOFLAB_ISA_NS {

namespace {

// The widest vector one register of this build's ISA level holds.
constexpr int kWidestBits = 8 * kernels::cpu::ROOFLAB_ISA_NS::kVectorBytes;

template <class T, int Bits>
struct Vector {
  typedef T type __attribute__((vector_size(Bits / 8)));
};
template <class T>
struct Vector<T, 0> {
  using type = T;
};

// The accumulators are a parameter pack, so each is a value of its own that lives in a register
// (an array would be kept on the stack).
template <class V, class... Acc>
std::array<V, sizeof...(Acc)> iterate(V a, V b, std::int64_t iterations, Acc... acc) {
  // Pins each chain to its own register, so the compiler cannot merge scalar chains into vectors.
  const auto pin = [](V& x) { kernels::cpu::ROOFLAB_ISA_NS::pin_to_register(x); };
  for (std::int64_t i = 0; i < iterations; ++i) {
    ((acc = acc * a + b), ...);  // one FMA each under -ffp-contract=fast
    (pin(acc), ...);
  }
  return {acc...};
}

template <class T, int Bits, std::size_t... K>
void run_chains(T a_value, T b_value, std::int64_t iterations, T* state,
                std::index_sequence<K...>) {
  using V = typename Vector<T, Bits>::type;
  const V a = V{} + a_value, b = V{} + b_value;  // broadcast to every lane
  V acc[sizeof...(K)];
  std::memcpy(acc, state, sizeof acc);
  const std::array<V, sizeof...(K)> out = iterate(a, b, iterations, acc[K]...);
  std::memcpy(state, out.data(), sizeof acc);
}

template <class T, int Bits>
void run_chains(T a, T b, std::int64_t iterations, T* state) {
  run_chains<T, Bits>(a, b, iterations, state,
                      std::make_index_sequence<chain_accumulators(Bits)>());
}

template <class T>
void dispatch(int width_bits, T a, T b, std::int64_t iterations, T* state) {
  switch (width_bits) {
    case 0:
      return run_chains<T, 0>(a, b, iterations, state);
    case 128:
      return run_chains<T, 128>(a, b, iterations, state);
    case 256:
      if constexpr (kWidestBits >= 256) return run_chains<T, 256>(a, b, iterations, state);
      break;
    case 512:
      if constexpr (kWidestBits >= 512) return run_chains<T, 512>(a, b, iterations, state);
      break;
  }
  throw std::invalid_argument("fma_chains: width " + std::to_string(width_bits) +
                              " bits is not built for this ISA level");
}

}  // namespace

void fma_chains(int width_bits, double a, double b, std::int64_t iterations, double* state) {
  dispatch(width_bits, a, b, iterations, state);
}

void fma_chains(int width_bits, float a, float b, std::int64_t iterations, float* state) {
  dispatch(width_bits, a, b, iterations, state);
}

}  // namespace probes::cpu::ROOFLAB_ISA_NS
