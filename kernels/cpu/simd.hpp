#pragma once
// Vector types and memory helpers for the per-ISA kernel sources (cmake/IsaVariants.cmake). The
// vector width follows the level the including source is compiled for. Everything here is
// internal to that source: code compiled for one level must never be linked into another.
#include <immintrin.h>

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

// A store that bypasses the caches; p must be aligned to kVectorBytes.
inline void store_nontemporal(float* p, Vec<float> v) {
#if defined(__AVX512F__)
  _mm512_stream_ps(p, reinterpret_cast<__m512>(v));
#elif defined(__AVX2__)
  _mm256_stream_ps(p, reinterpret_cast<__m256>(v));
#else
  _mm_stream_ps(p, reinterpret_cast<__m128>(v));
#endif
}

inline void store_nontemporal(double* p, Vec<double> v) {
#if defined(__AVX512F__)
  _mm512_stream_pd(p, reinterpret_cast<__m512d>(v));
#elif defined(__AVX2__)
  _mm256_stream_pd(p, reinterpret_cast<__m256d>(v));
#else
  _mm_stream_pd(p, reinterpret_cast<__m128d>(v));
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
