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
#include "kernels/cpu/scan_plain.hpp"
#include "kernels/cpu/simd.hpp"
#include "kernels/cpu/sve.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

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
}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/scan_entries.hpp"
