#pragma once
// Kernel inputs: random, non-zero, and a pure function of (seed, index), so a backend can fill
// an array in parallel in any order and a check can regenerate any initial value.
#include <cstdint>
#include <type_traits>

namespace kernels {

// Uniform in ±[0.5, 1.5): never zero, never tiny, both signs (splitmix64 of seed and index).
constexpr double input_value(std::uint64_t seed, std::uint64_t i) {
  std::uint64_t z = seed * 0xD1B54A32D192ED03ull + (i + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  const double magnitude = 0.5 + static_cast<double>(z >> 11) * 0x1p-53;
  return (z & 1) ? -magnitude : magnitude;
}

// input_value as a T: rounded for floating point; for integers × 1024 and truncated toward zero
// (±[512, 1536)), so integer inputs are never zero either.
template <class T>
constexpr T input_as(std::uint64_t seed, std::uint64_t i) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(input_value(seed, i) * 1024);
  } else {
    return static_cast<T>(input_value(seed, i));
  }
}

}  // namespace kernels
