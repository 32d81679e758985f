// with_type: a precision picks the element type among those a caller has, and any other is an
// error that names it and them.
#include "kernels/precision_dispatch.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace kernels {
namespace {

using roofline::Precision;

TEST(WithType, CallsTheTemplateOfThePrecisionsType) {
  const auto size = []<class T>() { return sizeof(T); };
  EXPECT_EQ((with_type<float, double>(Precision::fp32, "test", size)), 4u);
  EXPECT_EQ((with_type<float, double>(Precision::fp64, "test", size)), 8u);
  EXPECT_EQ((with_type<float, double, std::int32_t>(Precision::int32, "test", size)), 4u);
  static_assert(precision_of<std::int32_t>() == Precision::int32);
}

TEST(WithType, NamesAPrecisionOutsideTheTypes) {
  try {
    with_type<float, double>(Precision::int32, "stream on CUDA", []<class T>() {});
    FAIL() << "int32 was accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_EQ(std::string(e.what()), "stream on CUDA has no int32 kernels (fp32, fp64)");
  }
}

}  // namespace
}  // namespace kernels
