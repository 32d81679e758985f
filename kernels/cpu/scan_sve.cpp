// Scan kernels of the sve level, in place of scan_simd.cpp: the plain loop and
// std::inclusive_scan as there (compiled for SVE), and the in-register log-step scan on vectors
// of the core's length. SVE has no lane shift by a count known only at run time, so each step
// shifts with a table lookup (TBL) by indices lane − k, which are out of range (and give 0) in
// the first k lanes: log2(lanes) lookups and adds leave lane j holding x[0] + … + x[j]. The
// carry is a broadcast vector, as in the fixed-width scan; the tail runs under a predicate.
// int32 is scanned in uint32 arithmetic, which wraps around by definition.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "kernels/cpu/scan_isa.hpp"
#include "kernels/cpu/simd.hpp"
#include "kernels/cpu/sve.hpp"

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

// A lane number of U's width, the lane numbers 0, 1, … and v's lanes moved up by k (zeros
// shifted in: TBL gives 0 for an index past the last lane, as lane − k is below lane k).
template <class U>
using Lane = std::conditional_t<sizeof(U) == 4, std::uint32_t, std::uint64_t>;

template <class U>
inline auto lane_numbers() {
  if constexpr (sizeof(U) == 4) {
    return svindex_u32(0, 1);
  } else {
    return svindex_u64(0, 1);
  }
}

template <class U, class I>
inline SveVec<U> shift_up(SveVec<U> v, I numbers, std::uint64_t k) {
  return svtbl(v, svsub_x(Sve<U>::all(), numbers, static_cast<Lane<U>>(k)));
}

template <bool kExclusive, Store kStore, class U>
U simd(const U* x, U* out, std::size_t n, U carry) {
  const std::size_t lanes = Sve<U>::lanes();
  const svbool_t all = Sve<U>::all();
  const auto numbers = lane_numbers<U>();
  SveVec<U> before = Sve<U>::dup(carry);  // the sum of every element before the vector
  for (std::size_t i = 0; i < n; i += lanes) {
    const svbool_t pg = Sve<U>::below(i, n);
    SveVec<U> prefix = svld1(pg, x + i);  // inactive lanes are zero
    for (std::size_t k = 1; k < lanes; k *= 2)
      prefix = svadd_x(all, prefix, shift_up<U>(prefix, numbers, k));
    const SveVec<U> inclusive = svadd_x(all, prefix, before);
    const SveVec<U> stored =
        kExclusive ? svadd_x(all, shift_up<U>(prefix, numbers, 1), before) : inclusive;
    if constexpr (kStore == Store::nontemporal) {
      svstnt1(pg, out + i, stored);
    } else {
      svst1(pg, out + i, stored);
    }
    before = svdup_lane(inclusive, static_cast<Lane<U>>(lanes - 1));
  }
  return svlastb(all, before);
}

template <bool kExclusive, class U>
U simd_stored(Store mode, const U* x, U* out, std::size_t n, U carry) {
  if (mode == Store::temporal) return simd<kExclusive, Store::temporal>(x, out, n, carry);
  carry = simd<kExclusive, Store::nontemporal>(x, out, n, carry);
  streaming_store_fence();  // the streamed lines are visible before whatever the caller does next
  return carry;
}

}  // namespace

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
