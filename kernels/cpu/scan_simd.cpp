// Scan kernels of one ISA level (see simd.hpp): the study's plain loop unrolled by hand,
// std::inclusive_scan compiled for the same level, and the in-register log-step scan.
//
// The log-step scan of one vector of L lanes adds to it a copy of itself shifted up by 1, 2, 4 …
// L/2 lanes (log2 L shuffles and adds), which leaves lane j holding x[0] + … + x[j]. The sum of
// the vectors before it, broadcast to every lane (the carry), is added on the way out, and the
// vector's own total (its last lane, broadcast) is added to the carry: the only dependence from
// one vector to the next is that one add, so the shuffles of consecutive vectors overlap. The
// plain loop instead waits for one scalar add per element (3 cycles for a float add on Zen 3).
// On AVX2 the byte shifts stay inside 128-bit halves: the low half's total is carried into the
// high half with one cross-half permute. int32 is scanned in uint32 arithmetic, which wraps
// around by definition.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>

#include "kernels/cpu/scan_isa.hpp"
#include "kernels/cpu/scan_plain.hpp"
#include "kernels/cpu/simd.hpp"

#if defined(__aarch64__)
#include <arm_neon.h>
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

// The level's integer register, in which the lanes are shuffled whatever their type.
#if defined(__AVX512F__)
using Bits = __m512i;
constexpr __mmask16 kAllLanes = 0xFFFF;
#elif defined(__AVX2__)
using Bits = __m256i;
#elif defined(__x86_64__)
using Bits = __m128i;
#else
using Bits = uint8x16_t;
#endif

template <class V>
inline Bits bits(V v) {
  return reinterpret_cast<Bits>(v);
}
template <class U>
inline Vec<U> lanes(Bits b) {
  return reinterpret_cast<Vec<U>>(b);
}

// Stores v at p: ordinary, or streaming past the caches (p vector-aligned).
template <Store kStore, class U>
inline void put(U* p, Vec<U> v) {
  if constexpr (kStore == Store::nontemporal) {
#if defined(__AVX512F__)
    _mm512_stream_si512(reinterpret_cast<Bits*>(p), bits(v));
#elif defined(__AVX2__)
    _mm256_stream_si256(reinterpret_cast<Bits*>(p), bits(v));
#elif defined(__x86_64__)
    _mm_stream_si128(reinterpret_cast<Bits*>(p), bits(v));
#else
    store_pair_nontemporal(p, v);
#endif
  } else {
    store(p, v);
  }
}

#if defined(__AVX512F__) || !defined(__AVX2__)

// AVX-512, SSE2 and NEON: the shifts cross the whole register.

// v shifted up by kBytes bytes (whole lanes), zeros shifted in.
template <int kBytes>
inline Bits shift_up(Bits v) {
#if defined(__AVX512F__)
  // (the zero-masked forms with every lane kept: GCC 12 warns that the plain ones read an
  // undefined register)
  return _mm512_maskz_alignr_epi32(kAllLanes, v, _mm512_setzero_si512(), 16 - kBytes / 4);
#elif defined(__x86_64__)
  return _mm_slli_si128(v, kBytes);
#else
  return vextq_u8(vdupq_n_u8(0), v, 16 - kBytes);  // the zeros' top kBytes, then v's low bytes
#endif
}

// v + (v shifted up by kBytes) + … for kBytes, 2·kBytes … up to half the register: lane j
// becomes v[0] + … + v[j] when kBytes is one lane.
template <int kBytes, class U>
inline Vec<U> lanes_prefix(Vec<U> v) {
  if constexpr (kBytes >= static_cast<int>(kVectorBytes)) {
    return v;
  } else {
    return lanes_prefix<2 * kBytes, U>(v + lanes<U>(shift_up<kBytes>(bits(v))));
  }
}

// The last lane of v in every lane.
template <class U>
inline Vec<U> last_lane(Vec<U> v) {
#if defined(__AVX512F__)
  if constexpr (sizeof(U) == 4) {
    return lanes<U>(_mm512_maskz_permutexvar_epi32(kAllLanes, _mm512_set1_epi32(15), bits(v)));
  } else {
    return lanes<U>(_mm512_maskz_permutexvar_epi64(__mmask8{0xFF}, _mm512_set1_epi64(7), bits(v)));
  }
#elif defined(__x86_64__)
  return lanes<U>(_mm_shuffle_epi32(bits(v), sizeof(U) == 4 ? 0xFF : 0xEE));
#else
  if constexpr (sizeof(U) == 4) {
    return lanes<U>(vreinterpretq_u8_u32(vdupq_laneq_u32(vreinterpretq_u32_u8(bits(v)), 3)));
  } else {
    return lanes<U>(vreinterpretq_u8_u64(vdupq_laneq_u64(vreinterpretq_u64_u8(bits(v)), 1)));
  }
#endif
}

template <bool kExclusive, Store kStore, class U>
U simd(const U* x, U* out, std::size_t n, U carry) {
  constexpr std::size_t L = Simd<U>::kLanes;
  Vec<U> before = Vec<U>{} + carry;  // the sum of every element before the vector, in each lane
  std::size_t i = 0;
#pragma GCC unroll 2
  for (; i + L <= n; i += L) {
    const Vec<U> prefix = lanes_prefix<sizeof(U), U>(load(x + i));
    if constexpr (kExclusive) {
      put<kStore>(out + i, lanes<U>(shift_up<sizeof(U)>(bits(prefix))) + before);
    } else {
      put<kStore>(out + i, prefix + before);
    }
    before += last_lane<U>(prefix);
  }
  return plain<kExclusive, 1>(x + i, out + i, n - i, before[0]);
}

#else

// AVX2: byte shifts and in-lane shuffles stay inside each 128-bit half; what crosses halves
// takes a permute of its own, one per vector (two lanes per cycle at most on Zen 3, against four
// for adds and logic). Each half is scanned on its own, and an offset vector holds the sum of
// everything before each half: [C | C + a0] for a vector whose halves total a0 and a1, C being
// the sum before the vector. The next vector's offset is that plus [a0 + a1 | a1 + a0'], whose
// one permute ([a1 | a0']: this vector's high total beside the next one's low total) crosses
// halves. The first step of each half's scan adds the element before each lane, loaded from one
// element lower and masked at the halves' first lanes, instead of shifted in: a load and an and
// where the load ports have room. int32 on a Zen 3 core at 2 K elements, one vector a step
// unless said: a whole-register scan and a broadcast of its last lane 5.9 Gelem/s, halves with
// the offset vector 7.7, the first step loaded 8.4, and 4 vectors a step 9.2 (std::inclusive_scan
// 3.2). About 2.8 cycles a vector for 9 vector operations, 3 of them shuffles: what bounds it.

// Each half's inclusive prefix of v, by shifts.
template <class U>
inline Vec<U> halves_prefix(Vec<U> v) {
  v += lanes<U>(_mm256_slli_si256(bits(v), sizeof(U)));
  if constexpr (sizeof(U) == 4) v += lanes<U>(_mm256_slli_si256(bits(v), 8));
  return v;
}

// Each half's inclusive prefix of the vector at x + i, for i ≥ 1: its first step from a load.
template <class U>
inline Vec<U> halves_prefix_at(const U* x, std::size_t i) {
  const Bits not_first = sizeof(U) == 4 ? _mm256_setr_epi32(0, -1, -1, -1, 0, -1, -1, -1)
                                        : _mm256_setr_epi64x(0, -1, 0, -1);
  Vec<U> v = load(x + i) + lanes<U>(_mm256_and_si256(bits(load(x + i - 1)), not_first));
  if constexpr (sizeof(U) == 4) v += lanes<U>(_mm256_slli_si256(bits(v), 8));
  return v;
}

// Each half's last lane in every lane of the half.
template <class U>
inline Vec<U> halves_totals(Vec<U> prefix) {
  return lanes<U>(_mm256_shuffle_epi32(bits(prefix), sizeof(U) == 4 ? 0xFF : 0xEE));
}

// v shifted up by one lane across the halves, the last lane of `before` shifted in.
template <class U>
inline Vec<U> one_lane_up(Vec<U> v, Vec<U> before) {
  const Bits straddle = _mm256_permute2x128_si256(bits(before), bits(v), 0x21);
  return lanes<U>(_mm256_alignr_epi8(bits(v), straddle, 16 - sizeof(U)));
}

// The scan's state between vectors: the current vector's halves scanned and their totals, the
// offset of each half, and (exclusive) the previous vector's inclusive sums.
template <class U>
struct Halves {
  Vec<U> prefix, totals, offset, previous;
};

// Stores kStep vectors from x + i (the current one and kStep − 1 more) and loads the vector after
// them: every load of a step comes before its stores (out may be x). Needs i + (kStep + 1)·L ≤ n.
template <int kStep, bool kExclusive, Store kStore, class U>
inline void step(Halves<U>& h, const U* x, U* out, std::size_t i) {
  constexpr std::size_t L = Simd<U>::kLanes;
  Vec<U> prefix[kStep + 1], totals[kStep + 1];
  prefix[0] = h.prefix;
  totals[0] = h.totals;
#pragma GCC unroll 8
  for (int u = 1; u <= kStep; ++u) {
    prefix[u] = halves_prefix_at(x, i + u * L);
    totals[u] = halves_totals<U>(prefix[u]);
  }
#pragma GCC unroll 8
  for (int u = 0; u < kStep; ++u) {
    const Vec<U> inclusive = prefix[u] + h.offset;
    put<kStore>(out + i + u * L, kExclusive ? one_lane_up<U>(inclusive, h.previous) : inclusive);
    h.previous = inclusive;
    h.offset +=
        totals[u] + lanes<U>(_mm256_permute2x128_si256(bits(totals[u]), bits(totals[u + 1]), 0x21));
  }
  h.prefix = prefix[kStep];
  h.totals = totals[kStep];
}

template <bool kExclusive, Store kStore, class U>
U simd(const U* x, U* out, std::size_t n, U carry) {
  constexpr std::size_t L = Simd<U>::kLanes;
  constexpr int kStep = 4;  // vectors
  std::size_t i = 0;
  if (n >= L) {
    Halves<U> h;
    h.prefix = halves_prefix<U>(load(x));  // nothing before x to load
    h.totals = halves_totals<U>(h.prefix);
    h.previous = Vec<U>{} + carry;
    h.offset =
        h.previous + lanes<U>(_mm256_permute2x128_si256(bits(h.totals), bits(h.totals), 0x08));
    for (; i + (kStep + 1) * L <= n; i += kStep * L) step<kStep, kExclusive, kStore>(h, x, out, i);
    for (; i + 2 * L <= n; i += L) step<1, kExclusive, kStore>(h, x, out, i);
    const Vec<U> inclusive = h.prefix + h.offset;
    put<kStore>(out + i, kExclusive ? one_lane_up<U>(inclusive, h.previous) : inclusive);
    carry = inclusive[L - 1];
    i += L;
  }
  return plain<kExclusive, 1>(x + i, out + i, n - i, carry);
}

#endif

}  // namespace

template <bool kExclusive, class U>
U simd_stored(Store mode, const U* x, U* out, std::size_t n, U carry) {
  if (mode == Store::temporal) return simd<kExclusive, Store::temporal>(x, out, n, carry);
  // Streaming stores from the first vector-aligned element of out on; the elements before it
  // are few (fewer than a vector) and stored as the plain loop stores them.
  const auto address = reinterpret_cast<std::uintptr_t>(out);
  const std::size_t head =
      address % sizeof(U)
          ? n
          : std::min(n, (kVectorBytes - address % kVectorBytes) % kVectorBytes / sizeof(U));
  carry = plain<kExclusive, 1>(x, out, head, carry);
  carry = simd<kExclusive, Store::nontemporal>(x + head, out + head, n - head, carry);
  streaming_store_fence();  // the streamed lines are visible before whatever the caller does next
  return carry;
}

}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/scan_entries.hpp"
