#pragma once
// Vector types and memory helpers for the per-ISA kernel sources (cmake/IsaVariants.cmake). The
// vector width follows the level the including source is compiled for. Everything here is
// internal to that source: code compiled for one level must never be linked into another. On
// aarch64 this is the NEON level; SVE has no fixed vector width and its own sources.
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <cstddef>
#include <cstdint>

#ifndef ROOFLAB_ISA_NS
#error "simd.hpp belongs to sources compiled through rooflab_add_isa_variants"
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

#if defined(__AVX512F__)
constexpr std::size_t kVectorBytes = 64;
#elif defined(__AVX2__)
constexpr std::size_t kVectorBytes = 32;
#else
constexpr std::size_t kVectorBytes = 16;
#endif

template <class T>
struct Simd {
  typedef T Vec __attribute__((vector_size(kVectorBytes)));
  static constexpr std::size_t kLanes = kVectorBytes / sizeof(T);
};
template <class T>
using Vec = typename Simd<T>::Vec;

template <class T>
inline Vec<T> load(const T* p) {  // any alignment
  Vec<T> v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}

template <class T>
inline void store(T* p, Vec<T> v) {  // any alignment
  __builtin_memcpy(p, &v, sizeof v);
}

#if defined(__aarch64__)
// aarch64's streaming store, STNP (a non-temporal hint): a pair of registers, so the vector's two
// halves from two general registers. ACLE has no intrinsic for it.
template <class V>
inline void store_pair_nontemporal(void* p, V v) {
  static_assert(sizeof v == 16);
  unsigned long long half[2];
  __builtin_memcpy(half, &v, sizeof v);
  asm volatile("stnp %x1, %x2, [%0]" : : "r"(p), "r"(half[0]), "r"(half[1]) : "memory");
}
#endif

// A store that bypasses the caches; p must be aligned to kVectorBytes.
inline void store_nontemporal(float* p, Vec<float> v) {
#if defined(__AVX512F__)
  _mm512_stream_ps(p, reinterpret_cast<__m512>(v));
#elif defined(__AVX2__)
  _mm256_stream_ps(p, reinterpret_cast<__m256>(v));
#elif defined(__x86_64__)
  _mm_stream_ps(p, reinterpret_cast<__m128>(v));
#else
  store_pair_nontemporal(p, v);
#endif
}

inline void store_nontemporal(double* p, Vec<double> v) {
#if defined(__AVX512F__)
  _mm512_stream_pd(p, reinterpret_cast<__m512d>(v));
#elif defined(__AVX2__)
  _mm256_stream_pd(p, reinterpret_cast<__m256d>(v));
#elif defined(__x86_64__)
  _mm_stream_pd(p, reinterpret_cast<__m128d>(v));
#else
  store_pair_nontemporal(p, v);
#endif
}

// Orders the streaming stores before whatever follows (x86's streaming stores are weakly
// ordered; aarch64's STNP is ordered as any store, and DMB ISHST orders it before later stores).
inline void streaming_store_fence() {
#if defined(__x86_64__)
  _mm_sfence();
#else
  asm volatile("dmb ishst" ::: "memory");
#endif
}

template <class T>
inline T horizontal_sum(Vec<T> v) {
  T sum = 0;
  for (std::size_t l = 0; l < Simd<T>::kLanes; ++l) sum += v[l];
  return sum;
}

inline bool vector_aligned(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % kVectorBytes == 0;
}

// Keeps x in a register of its own (an SIMD/FP register: x86 "v", aarch64 "w"), so the compiler
// can neither merge independent chains into one vector nor keep them in memory.
template <class V>
inline void pin_to_register(V& x) {
#if defined(__aarch64__)
  asm("" : "+w"(x));
#else
  asm("" : "+v"(x));
#endif
}

// Makes x opaque to the optimizer, so repeated passes over the same data are all executed.
template <class T>
inline void opaque(T& x) {
  asm volatile("" : "+m"(x));
}

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

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS
