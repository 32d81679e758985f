#pragma once
// The study's plain scan loop, unrolled by hand, for the per-ISA scan sources (scan_simd.cpp,
// scan_sve.cpp): compiled for each level as the sources are.
#include <cstddef>
#include <stdexcept>
#include <string>

#ifndef ROOFLAB_ISA_NS
#error "scan_plain.hpp belongs to sources compiled through rooflab_add_isa_variants"
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

// One element of the plain loop, as the study writes it: out[i] = x[i] + sum.
template <bool kExclusive, class U>
inline void plain_step(const U* x, U* out, std::size_t i, U& sum) {
  if constexpr (kExclusive) {
    const U v = x[i];  // read before the write: out may be x
    out[i] = sum;
    sum += v;
  } else {
    sum = x[i] + sum;
    out[i] = sum;
  }
}

// The plain loop with its body written out K times.
template <bool kExclusive, int K, class U>
U plain(const U* x, U* out, std::size_t n, U sum) {
  std::size_t i = 0;
  for (; i + K <= n; i += K) {
#pragma GCC unroll 8
    for (int k = 0; k < K; ++k) plain_step<kExclusive>(x, out, i + k, sum);
  }
  for (; i < n; ++i) plain_step<kExclusive>(x, out, i, sum);
  return sum;
}

template <bool kExclusive, class U>
U plain_with(int unroll, const U* x, U* out, std::size_t n, U sum) {
  switch (unroll) {
    case 1:
      return plain<kExclusive, 1>(x, out, n, sum);
    case 2:
      return plain<kExclusive, 2>(x, out, n, sum);
    case 4:
      return plain<kExclusive, 4>(x, out, n, sum);
    case 8:
      return plain<kExclusive, 8>(x, out, n, sum);
  }
  throw std::invalid_argument("scan: no plain loop unrolled " + std::to_string(unroll) + " times");
}

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS
