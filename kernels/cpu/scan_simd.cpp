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
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>

#include "kernels/cpu/scan_isa.hpp"
#include "kernels/cpu/simd.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

// The type the arithmetic is done in: unsigned for integers (modular), T itself otherwise.
template <class T>
struct ArithOf {
  using type = T;
};
template <>
struct ArithOf<std::int32_t> {
  using type = std::uint32_t;
};
template <class T>
using Arith = typename ArithOf<T>::type;

template <class T>
const Arith<T>* arith(const T* p) {
  return reinterpret_cast<const Arith<T>*>(p);  // int32 ↔ uint32 may alias
}
template <class T>
Arith<T>* arith(T* p) {
  return reinterpret_cast<Arith<T>*>(p);
}

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

// The level's integer register, in which the lanes are shuffled whatever their type.
#if defined(__AVX512F__)
using Bits = __m512i;
constexpr __mmask16 kAllLanes = 0xFFFF;
#elif defined(__AVX2__)
using Bits = __m256i;
#else
using Bits = __m128i;
#endif

template <class V>
inline Bits bits(V v) {
  return reinterpret_cast<Bits>(v);
}
template <class U>
inline Vec<U> lanes(Bits b) {
  return reinterpret_cast<Vec<U>>(b);
}

// v shifted up by kBytes bytes (whole lanes) across the register, zeros shifted in.
template <int kBytes>
inline Bits shift_up(Bits v) {
#if defined(__AVX512F__)
  // (the zero-masked forms with every lane kept: GCC 12 warns that the plain ones read an
  // undefined register)
  return _mm512_maskz_alignr_epi32(kAllLanes, v, _mm512_setzero_si512(), 16 - kBytes / 4);
#elif defined(__AVX2__)
  static_assert(kBytes == 4 || kBytes == 8, "one lane: the exclusive scan's shift");
  // Each half shifted up, the low half's top bytes moved into the high half's bottom.
  return _mm256_alignr_epi8(v, _mm256_permute2x128_si256(v, v, 0x08), 16 - kBytes);
#else
  return _mm_slli_si128(v, kBytes);
#endif
}

#if defined(__AVX512F__)
// v + (v shifted up by kBytes) + … for kBytes, 2·kBytes … up to half the register.
template <int kBytes, class U>
inline Vec<U> shifted_sums(Vec<U> v) {
  if constexpr (kBytes >= 64) {
    return v;
  } else {
    return shifted_sums<2 * kBytes, U>(v + lanes<U>(shift_up<kBytes>(bits(v))));
  }
}
#endif

// The inclusive prefix of v's lanes: lane j becomes v[0] + … + v[j].
template <class U>
inline Vec<U> lanes_prefix(Vec<U> v) {
  constexpr int kLane = sizeof(U);
#if defined(__AVX512F__)
  return shifted_sums<kLane, U>(v);
#elif defined(__AVX2__)
  // Within each 128-bit half, then the low half's total into every lane of the high half.
  if constexpr (kLane == 4) {
    v += lanes<U>(_mm256_slli_si256(bits(v), 4));
    v += lanes<U>(_mm256_slli_si256(bits(v), 8));
    const Bits low_into_high = _mm256_permute2x128_si256(bits(v), bits(v), 0x08);
    return v + lanes<U>(_mm256_shuffle_epi32(low_into_high, 0xFF));
  } else {
    v += lanes<U>(_mm256_slli_si256(bits(v), 8));
    const Bits low_into_high = _mm256_permute2x128_si256(bits(v), bits(v), 0x08);
    return v + lanes<U>(_mm256_shuffle_epi32(low_into_high, 0xEE));
  }
#else
  v += lanes<U>(_mm_slli_si128(bits(v), kLane));
  if constexpr (kLane == 4) v += lanes<U>(_mm_slli_si128(bits(v), 8));
  return v;
#endif
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
#elif defined(__AVX2__)
  if constexpr (sizeof(U) == 4) {
    return lanes<U>(_mm256_permutevar8x32_epi32(bits(v), _mm256_set1_epi32(7)));
  } else {
    return lanes<U>(_mm256_permute4x64_epi64(bits(v), 0xFF));
  }
#else
  return lanes<U>(_mm_shuffle_epi32(bits(v), sizeof(U) == 4 ? 0xFF : 0xEE));
#endif
}

template <bool kExclusive, class U>
U simd(const U* x, U* out, std::size_t n, U carry) {
  constexpr std::size_t L = Simd<U>::kLanes;
  Vec<U> before = Vec<U>{} + carry;  // the sum of every element before the vector, in each lane
  std::size_t i = 0;
#pragma GCC unroll 2
  for (; i + L <= n; i += L) {
    const Vec<U> prefix = lanes_prefix<U>(load(x + i));
    if constexpr (kExclusive) {
      store(out + i, lanes<U>(shift_up<sizeof(U)>(bits(prefix))) + before);
    } else {
      store(out + i, prefix + before);
    }
    before += last_lane<U>(prefix);
  }
  return plain<kExclusive, 1>(x + i, out + i, n - i, before[0]);
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
T scan_block_simd(ScanKind kind, const T* x, T* out, std::size_t n, T carry) {
  using U = Arith<T>;
  const auto c = static_cast<U>(carry);
  return static_cast<T>(kind == ScanKind::exclusive ? simd<true, U>(arith(x), arith(out), n, c)
                                                    : simd<false, U>(arith(x), arith(out), n, c));
}

template <class T>
void add_to_block(T* out, std::size_t n, T offset) {
  using U = Arith<T>;
  U* o = arith(out);
  const auto d = static_cast<U>(offset);
  for (std::size_t i = 0; i < n; ++i) o[i] += d;  // vectorized by the compiler
}

#define ROOFLAB_SCAN_INSTANTIATE(T)                                         \
  template T scan_block_plain(ScanKind, int, const T*, T*, std::size_t, T); \
  template void scan_block_std(ScanKind, const T*, T*, std::size_t);        \
  template T scan_block_simd(ScanKind, const T*, T*, std::size_t, T);       \
  template void add_to_block(T*, std::size_t, T);
ROOFLAB_SCAN_INSTANTIATE(float)
ROOFLAB_SCAN_INSTANTIATE(double)
ROOFLAB_SCAN_INSTANTIATE(std::int32_t)
#undef ROOFLAB_SCAN_INSTANTIATE

}  // namespace kernels::cpu::ROOFLAB_ISA_NS
