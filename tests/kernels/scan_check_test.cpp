// The scan family's backend-independent part: declared work and the check, which must pass
// every correct order of the adds and catch a wrong element anywhere, of any kind and type.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/inputs.hpp"
#include "kernels/scan.hpp"

namespace kernels {
namespace {

using roofline::Precision;

TEST(ScanWork, ReadsAndWritesEachElementOnceAndDeclaresTheAlgorithmsPasses) {
  const auto w = scan_work(Precision::fp32, 1000);
  EXPECT_EQ(w.flops, 1000);
  EXPECT_EQ(w.bytes, 8000);
  EXPECT_EQ(w.bytes_write_allocate, 12000);
  EXPECT_EQ(w.working_set, 8000);
  EXPECT_EQ(w.algorithm_bytes, 8000);
  EXPECT_EQ(scan_work(Precision::fp64, 1000, 4).algorithm_bytes, 32000);
  EXPECT_EQ(scan_work(Precision::int32, 0, 3).bytes, 0);
  EXPECT_THROW(scan_work(Precision::fp32, 10, 1.5), std::invalid_argument);
  EXPECT_THROW(scan_work(Precision::fp32, -1), std::invalid_argument);
}

template <class T>
std::vector<T> inputs(std::size_t n) {
  std::vector<T> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = input_as<T>(7, i);
  return x;
}

// A scan in the order a plain loop adds, in T.
template <class T>
std::vector<T> sequential(ScanKind kind, const std::vector<T>& x) {
  std::vector<T> out(x.size());
  std::uint32_t wrapped = 0;
  T sum{};
  for (std::size_t i = 0; i < x.size(); ++i) {
    if constexpr (std::is_integral_v<T>) {
      if (kind == ScanKind::exclusive) out[i] = static_cast<T>(wrapped);
      wrapped += static_cast<std::uint32_t>(x[i]);
      if (kind == ScanKind::inclusive) out[i] = static_cast<T>(wrapped);
    } else {
      if (kind == ScanKind::exclusive) out[i] = sum;
      sum += x[i];
      if (kind == ScanKind::inclusive) out[i] = sum;
    }
  }
  return out;
}

// A scan in another order: pairs first, as a tree would.
template <class T>
std::vector<T> pairwise_inclusive(const std::vector<T>& x) {
  std::vector<T> out(x.size());
  T sum{};
  for (std::size_t i = 0; i + 1 < x.size(); i += 2) {
    out[i] = sum + x[i];
    sum += x[i] + x[i + 1];
    out[i + 1] = sum;
  }
  if (x.size() % 2) out.back() = sum + x.back();
  return out;
}

template <class T>
class ScanCheck : public ::testing::Test {};
using Types = ::testing::Types<float, double, std::int32_t>;
TYPED_TEST_SUITE(ScanCheck, Types);

TYPED_TEST(ScanCheck, PassesCorrectScansOfEveryAwkwardLength) {
  using T = TypeParam;
  for (std::size_t n : {0, 1, 2, 3, 4095, 4096, 4097, 100003})
    for (ScanKind kind : kScanKinds) {
      const auto x = inputs<T>(n);
      const auto v = verify_scan<T>(kind, x.data(), sequential(kind, x).data(), n);
      EXPECT_TRUE(v.passed) << v.message;
    }
  const auto x = inputs<T>(100001);
  const auto v =
      verify_scan<T>(ScanKind::inclusive, x.data(), pairwise_inclusive(x).data(), x.size());
  EXPECT_TRUE(v.passed) << v.message;
}

TYPED_TEST(ScanCheck, CatchesAWrongElementAnywhere) {
  using T = TypeParam;
  const std::size_t n = 50000;
  const auto x = inputs<T>(n);
  for (ScanKind kind : kScanKinds)
    for (std::size_t bad : {std::size_t{0}, std::size_t{1}, n / 2, n - 1}) {
      auto out = sequential(kind, x);
      // Off by one for int32; for floating point by about the prefix's Σ|terms|, far beyond
      // any summation order's error (the first element is exact in both kinds).
      out[bad] = bad == 0 ? (kind == ScanKind::exclusive ? T{1} : x[0] + T{1})
                          : out[bad] + (std::is_integral_v<T> ? T{1} : static_cast<T>(bad + 1));
      const auto v = verify_scan<T>(kind, x.data(), out.data(), n);
      EXPECT_FALSE(v.passed) << to_string(kind) << " at " << bad;
      EXPECT_NE(v.message.find("first at [" + std::to_string(bad) + "]"), std::string::npos)
          << v.message;
    }
}

TYPED_TEST(ScanCheck, ReadsTheWrongKindAsWrong) {
  using T = TypeParam;
  const auto x = inputs<T>(1000);
  const auto inclusive = sequential(ScanKind::inclusive, x);
  EXPECT_FALSE(verify_scan<T>(ScanKind::exclusive, x.data(), inclusive.data(), x.size()).passed);
}

TEST(ScanCheck, WrapsInt32ModuloTwoToThe32) {
  std::vector<std::int32_t> x(3, std::numeric_limits<std::int32_t>::max());
  const std::vector<std::int32_t> out = {std::numeric_limits<std::int32_t>::max(), -2,
                                         std::numeric_limits<std::int32_t>::max() - 2};
  const auto v = verify_scan<std::int32_t>(ScanKind::inclusive, x.data(), out.data(), 3);
  EXPECT_TRUE(v.passed) << v.message;
}

TEST(ScanCheck, ANanIsWrongAndTheCountOfWrongElementsIsReported) {
  const auto x = inputs<float>(10000);
  auto out = sequential(ScanKind::inclusive, x);
  out[5000] = std::numeric_limits<float>::quiet_NaN();
  out[7000] = out[7000] + 1;
  const auto v = verify_scan<float>(ScanKind::inclusive, x.data(), out.data(), x.size());
  EXPECT_FALSE(v.passed);
  EXPECT_TRUE(std::isinf(v.max_error));
  EXPECT_NE(v.message.find("2 elements beyond it"), std::string::npos) << v.message;
}

TEST(ScanCheck, ANullArrayIsAProgrammingError) {
  float x = 1;
  EXPECT_THROW(verify_scan<float>(ScanKind::inclusive, &x, nullptr, 1), std::invalid_argument);
  EXPECT_TRUE(verify_scan<float>(ScanKind::inclusive, nullptr, nullptr, 0).passed);
}

}  // namespace
}  // namespace kernels
