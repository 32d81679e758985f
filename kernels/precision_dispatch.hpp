#pragma once
// The one place where a precision and a C++ element type meet. Code that instantiates a template
// per element type names the types it has and passes a generic lambda:
//   return with_type<float, double>(p, "stream on CUDA", [&]<class T>() { return make<T>(); });
// A precision outside those types is a roofline::InputError naming it and the ones there are:
// "stream on CUDA has no fp16 kernels (fp32, fp64)".
#include <cstdint>
#include <string>
#include <string_view>

#include "roofline/input_error.hpp"
#include "roofline/work.hpp"

namespace kernels {

// The precision of an element type: float, double and std::int32_t here; a backend with other
// element types (CUDA's __half, __nv_bfloat16: kernels/cuda/half.hpp) specializes it.
template <class T>
struct ElementPrecision;
template <roofline::Precision P>
struct PrecisionIs {
  static constexpr roofline::Precision value = P;
};
template <>
struct ElementPrecision<float> : PrecisionIs<roofline::Precision::fp32> {};
template <>
struct ElementPrecision<double> : PrecisionIs<roofline::Precision::fp64> {};
template <>
struct ElementPrecision<std::int32_t> : PrecisionIs<roofline::Precision::int32> {};

template <class T>
constexpr roofline::Precision precision_of() {
  return ElementPrecision<T>::value;
}

namespace detail {

template <class... Types>
struct TypeList {};

template <class... Types>
[[noreturn]] void throw_no_type(roofline::Precision p, std::string_view what) {
  std::string names;
  ((names += (names.empty() ? "" : ", ") + std::string(to_string(precision_of<Types>()))), ...);
  throw roofline::InputError(std::string(what) + " has no " + std::string(to_string(p)) +
                             " kernels (" + names + ")");
}

template <class... All, class T, class... Rest, class F>
decltype(auto) with_type(TypeList<All...> all, TypeList<T, Rest...>, roofline::Precision p,
                         std::string_view what, F& f) {
  if (p == precision_of<T>()) return f.template operator()<T>();
  if constexpr (sizeof...(Rest) > 0)
    return with_type(all, TypeList<Rest...>{}, p, what, f);
  else
    throw_no_type<All...>(p, what);
}

}  // namespace detail

// f.template operator()<T>() for the T among Types (float, double, std::int32_t…) whose precision
// is p. `what` names the caller in the error: "reduce on OpenCL".
template <class... Types, class F>
decltype(auto) with_type(roofline::Precision p, std::string_view what, F&& f) {
  return detail::with_type(detail::TypeList<Types...>{}, detail::TypeList<Types...>{}, p, what, f);
}

}  // namespace kernels
