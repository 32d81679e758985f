#pragma once
// The entry points of a per-ISA scan source (scan_simd.cpp, scan_sve.cpp), included at its end
// after its simd_stored<kExclusive, U>: the plain loop (scan_plain.hpp), std::inclusive_scan and
// std::exclusive_scan compiled for the level, the source's log-step scan and the block offset,
// all in the wrapping Arith<T>, for float, double and int32.
#include <cstddef>
#include <cstdint>
#include <numeric>

#include "kernels/cpu/scan_isa.hpp"

#ifndef ROOFLAB_ISA_NS
#error "scan_entries.hpp belongs to sources compiled through rooflab_add_isa_variants"
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {

template <class T>
T scan_block_plain(ScanKind kind, int unroll, const T* x, T* out, std::size_t n, T carry) {
  using U = Arith<T>;
  const auto c = static_cast<U>(carry);
  return static_cast<T>(kind == ScanKind::exclusive
                            ? plain_with<true, U>(unroll, arith(x), arith(out), n, c)
                            : plain_with<false, U>(unroll, arith(x), arith(out), n, c));
}

template <class T>
void scan_block_std(ScanKind kind, const T* x, T* out, std::size_t n) {
  using U = Arith<T>;  // a signed overflow would be undefined
  if (kind == ScanKind::exclusive) {
    std::exclusive_scan(arith(x), arith(x) + n, arith(out), U{0});
  } else {
    std::inclusive_scan(arith(x), arith(x) + n, arith(out));
  }
}

template <class T>
T scan_block_simd(ScanKind kind, Store store, const T* x, T* out, std::size_t n, T carry) {
  using U = Arith<T>;
  const auto c = static_cast<U>(carry);
  return static_cast<T>(kind == ScanKind::exclusive
                            ? simd_stored<true, U>(store, arith(x), arith(out), n, c)
                            : simd_stored<false, U>(store, arith(x), arith(out), n, c));
}

template <class T>
void add_to_block(T* out, std::size_t n, T offset) {
  using U = Arith<T>;
  U* o = arith(out);
  const auto d = static_cast<U>(offset);
  for (std::size_t i = 0; i < n; ++i) o[i] += d;  // vectorized by the compiler
}

#define ROOFLAB_SCAN_INSTANTIATE(T)                                          \
  template T scan_block_plain(ScanKind, int, const T*, T*, std::size_t, T);  \
  template void scan_block_std(ScanKind, const T*, T*, std::size_t);         \
  template T scan_block_simd(ScanKind, Store, const T*, T*, std::size_t, T); \
  template void add_to_block(T*, std::size_t, T);
ROOFLAB_SCAN_INSTANTIATE(float)
ROOFLAB_SCAN_INSTANTIATE(double)
ROOFLAB_SCAN_INSTANTIATE(std::int32_t)
#undef ROOFLAB_SCAN_INSTANTIATE

}  // namespace kernels::cpu::ROOFLAB_ISA_NS
