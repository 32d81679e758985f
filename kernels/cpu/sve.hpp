#pragma once
// SVE's vector-length-agnostic vectors for the sources the sve level compiles in place of the
// fixed-width *_simd.cpp (cmake/IsaVariants.cmake). The vector length is read at run time
// (svcntw(), svcntd()) and loops run under svwhilelt predicates, so one binary runs at any length
// from 128 to 2048 bits. Sizeless types cannot be array elements or class members: kernels keep
// their accumulators as named values or parameter packs.
#include <arm_sve.h>

#include <cstdint>

#ifndef ROOFLAB_ISA_NS
#error "sve.hpp belongs to sources compiled through rooflab_add_isa_variants"
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

// What differs between element types: the vector type, lanes per vector, the predicates and a
// broadcast; the arithmetic intrinsics (svld1, svmla_x, svaddv …) are overloaded on the vector.
template <class T>
struct Sve;

template <>
struct Sve<float> {
  using V = svfloat32_t;
  static std::uint64_t lanes() { return svcntw(); }
  static svbool_t all() { return svptrue_b32(); }
  static svbool_t below(std::uint64_t i, std::uint64_t n) { return svwhilelt_b32(i, n); }
  static V dup(float x) { return svdup_f32(x); }
};

template <>
struct Sve<double> {
  using V = svfloat64_t;
  static std::uint64_t lanes() { return svcntd(); }
  static svbool_t all() { return svptrue_b64(); }
  static svbool_t below(std::uint64_t i, std::uint64_t n) { return svwhilelt_b64(i, n); }
  static V dup(double x) { return svdup_f64(x); }
};

template <>
struct Sve<std::uint32_t> {  // int32 is computed in uint32, which wraps around
  using V = svuint32_t;
  static std::uint64_t lanes() { return svcntw(); }
  static svbool_t all() { return svptrue_b32(); }
  static svbool_t below(std::uint64_t i, std::uint64_t n) { return svwhilelt_b32(i, n); }
  static V dup(std::uint32_t x) { return svdup_u32(x); }
};

template <>
struct Sve<std::int32_t> {  // an int32 maximum compares signed
  using V = svint32_t;
  static std::uint64_t lanes() { return svcntw(); }
  static svbool_t all() { return svptrue_b32(); }
  static svbool_t below(std::uint64_t i, std::uint64_t n) { return svwhilelt_b32(i, n); }
  static V dup(std::int32_t x) { return svdup_s32(x); }
};

template <class T>
using SveVec = typename Sve<T>::V;

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS
