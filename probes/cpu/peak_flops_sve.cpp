// The peak-FLOP chains of the sve level, in place of peak_flops_simd.cpp: the vector path is one
// SVE vector of whatever length the core has (width_bits must be that length), FMAs predicated on
// every lane (FMAD: t = t·a + b).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cpu/sve.hpp"
#include "probes/cpu/peak_flops_simd.hpp"

namespace probes::cpu::ROOFLAB_ISA_NS {

namespace {

using kernels::cpu::ROOFLAB_ISA_NS::Sve;

// Pins a chain to its own register, so the compiler can neither merge nor drop chains.
template <class V>
inline void pin(V& x) {
  asm("" : "+w"(x));
}

// The accumulators are a parameter pack, so each is a value of its own in a register.
template <class T, std::size_t... K>
void vector_chains(T a_value, T b_value, std::int64_t iterations, T* state,
                   std::index_sequence<K...>) {
  const svbool_t all = Sve<T>::all();
  const auto a = Sve<T>::dup(a_value), b = Sve<T>::dup(b_value);
  const std::uint64_t lanes = Sve<T>::lanes();
  [&](auto... acc) {
    for (std::int64_t i = 0; i < iterations; ++i) {
      ((acc = svmad_x(all, acc, a, b)), ...);
      (pin(acc), ...);
    }
    (svst1(all, state + K * lanes, acc), ...);
  }(svld1(all, state + K * lanes)...);
}

template <class T, std::size_t... K>
void scalar_chains(T a, T b, std::int64_t iterations, T* state, std::index_sequence<K...>) {
  const auto pin_scalar = [](T& x) { asm("" : "+w"(x)); };
  [&](auto... acc) {
    for (std::int64_t i = 0; i < iterations; ++i) {
      ((acc = acc * a + b), ...);  // one FMADD each under -ffp-contract=fast
      (pin_scalar(acc), ...);
    }
    ((state[K] = acc), ...);
  }(state[K]...);
}

template <class T>
void dispatch(int width_bits, T a, T b, std::int64_t iterations, T* state) {
  const int vector_bits = static_cast<int>(8 * svcntb());
  if (width_bits == 0)
    return scalar_chains(a, b, iterations, state,
                         std::make_index_sequence<chain_accumulators(0)>());
  // As many accumulators as peak_flops.cpp sized `state` for: chain_accumulators(width_bits).
  if (width_bits == vector_bits && chain_accumulators(width_bits) == chain_accumulators(512))
    return vector_chains(a, b, iterations, state,
                         std::make_index_sequence<chain_accumulators(512)>());
  if (width_bits == vector_bits)
    return vector_chains(a, b, iterations, state,
                         std::make_index_sequence<chain_accumulators(128)>());
  throw std::invalid_argument("fma_chains: width " + std::to_string(width_bits) +
                              " bits is not this core's SVE vector length (" +
                              std::to_string(vector_bits) + " bits)");
}

}  // namespace

void fma_chains(int width_bits, double a, double b, std::int64_t iterations, double* state) {
  dispatch(width_bits, a, b, iterations, state);
}

void fma_chains(int width_bits, float a, float b, std::int64_t iterations, float* state) {
  dispatch(width_bits, a, b, iterations, state);
}

}  // namespace probes::cpu::ROOFLAB_ISA_NS
