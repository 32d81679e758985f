// The GEMM family's backend-independent part: declared work and the check, which must pass
// correct results of different summation orders and catch a wrong entry anywhere, whether it
// checks every entry or a sample.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/gemm.hpp"
#include "kernels/inputs.hpp"

namespace kernels {
namespace {

using roofline::Precision;

TEST(GemmWork, DeclaresTwoMnkFlopsAndEachMatrixMovedOnce) {
  const auto w = gemm_work(Precision::fp32, {.m = 10, .n = 20, .k = 30});
  EXPECT_EQ(w.flops, 2 * 10 * 20 * 30);
  EXPECT_EQ(w.bytes, (10 * 30 + 30 * 20 + 10 * 20) * 4);
  EXPECT_EQ(w.bytes_write_allocate, (10 * 30 + 30 * 20 + 2 * 10 * 20) * 4);
  EXPECT_EQ(w.working_set, w.bytes);
  EXPECT_EQ(w.algorithm_bytes, 0);
  EXPECT_EQ(gemm_work(Precision::fp64, {.m = 4, .n = 4, .k = 4}).bytes, 3 * 16 * 8);
  EXPECT_EQ(gemm_work(Precision::fp64, {}).flops, 0);
  EXPECT_THROW(gemm_work(Precision::fp32, {.m = 1, .n = -1, .k = 1}), std::invalid_argument);
}

TEST(GemmWork, DeclaresATilingsTrafficWhenItExceedsTheCompulsoryBytes) {
  const GemmShape s{.m = 100, .n = 60, .k = 30};
  // Tiles of 8 rows × 16 columns: A read ⌈60/16⌉ = 4 times, B ⌈100/8⌉ = 13 times.
  const GemmTraffic t = gemm_tile_traffic(s, 8, 16);
  EXPECT_EQ(t.a_reads, 4);
  EXPECT_EQ(t.b_reads, 13);
  EXPECT_EQ(t.x_moves, 1);
  EXPECT_EQ(gemm_work(Precision::fp64, s, t).algorithm_bytes,
            (100 * 30 * 4 + 30 * 60 * 13 + 100 * 60) * 8);
  // One tile covering X moves each matrix once: nothing beyond the compulsory bytes.
  EXPECT_EQ(gemm_work(Precision::fp32, s, gemm_tile_traffic(s, 100, 60)).algorithm_bytes, 0);
  EXPECT_THROW(gemm_tile_traffic(s, 0, 4), std::invalid_argument);
}

TEST(GemmShape, IsNamedSquareOrByItsMatrices) {
  EXPECT_EQ(gemm_shape_name({.m = 64, .n = 64, .k = 64}), "square");
  EXPECT_EQ(gemm_shape_name({.m = 1024, .n = 512, .k = 768}), "1024x768*768x512");
}

// Random A (m×k) and B (k×n), and their product summed in T in either order of the k terms.
template <class T>
struct Product {
  GemmShape s;
  std::vector<T> a, b, x;

  Product(GemmShape shape, bool reversed) : s(shape) {
    const auto m = static_cast<std::size_t>(s.m), n = static_cast<std::size_t>(s.n),
               k = static_cast<std::size_t>(s.k);
    a.resize(m * k);
    b.resize(k * n);
    x.resize(m * n);
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = input_as<T>(11, i);
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = input_as<T>(12, i);
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        T sum = 0;
        for (std::size_t t = 0; t < k; ++t) {
          const std::size_t l = reversed ? k - 1 - t : t;
          sum += a[i * k + l] * b[l * n + j];
        }
        x[i * n + j] = sum;
      }
  }
  roofline::Verification verify() const { return verify_gemm<T>(s, a.data(), b.data(), x.data()); }
};

template <class T>
void passes_both_orders_and_catches_one_wrong_entry(GemmShape s) {
  for (bool reversed : {false, true}) {
    Product<T> p(s, reversed);
    const auto v = p.verify();
    EXPECT_TRUE(v.passed) << v.message;
    EXPECT_LE(v.max_error, 1);
    // One entry off by 1e-3 of its value, then a NaN, in the last row and column.
    const std::size_t last = p.x.size() - 1;
    p.x[last] *= T(1.001);
    auto bad = p.verify();
    EXPECT_FALSE(bad.passed) << bad.message;
    EXPECT_NE(bad.message.find("first at [" + std::to_string(s.m - 1) + ", " +
                               std::to_string(s.n - 1) + "]"),
              std::string::npos)
        << bad.message;
    p.x[last] = std::numeric_limits<T>::quiet_NaN();
    bad = p.verify();
    EXPECT_FALSE(bad.passed);
    EXPECT_TRUE(std::isinf(bad.max_error));
  }
}

TEST(GemmCheck, FullCheckPassesBothOrdersAndCatchesAWrongEntry) {
  for (GemmShape s : {GemmShape{1, 1, 1}, GemmShape{3, 5, 7}, GemmShape{17, 33, 9},
                      GemmShape{64, 64, 64}, GemmShape{5, 3, 1000}}) {
    passes_both_orders_and_catches_one_wrong_entry<float>(s);
    passes_both_orders_and_catches_one_wrong_entry<double>(s);
  }
}

TEST(GemmCheck, EmptyProductsAreExactAndKZeroMeansZeros) {
  EXPECT_TRUE(verify_gemm<float>({0, 0, 0}, nullptr, nullptr, nullptr).passed);
  std::vector<double> x(6, 0.0);
  EXPECT_TRUE(verify_gemm<double>({2, 3, 0}, nullptr, nullptr, x.data()).passed);
  x[4] = 1e-300;
  EXPECT_FALSE(verify_gemm<double>({2, 3, 0}, nullptr, nullptr, x.data()).passed);
  EXPECT_THROW(verify_gemm<double>({2, 3, 1}, nullptr, nullptr, x.data()), std::invalid_argument);
}

TEST(GemmCheck, TensorToleranceIsInputRoundingPlusTruncatedFloatSums) {
  EXPECT_EQ(gemm_tensor_tolerance(0, 0), 0);
  EXPECT_EQ(gemm_tensor_tolerance(0x1p-10, 4096), 0x1p-9 + 0x1p-10);
  EXPECT_EQ(gemm_tensor_tolerance(0, 4096), 0x1p-10);
  EXPECT_THROW(gemm_tensor_tolerance(0, -1), std::invalid_argument);
}

// A float product whose inputs were truncated to TF32's 10 fraction bits (as tensor cores may):
// outside the float check, inside gemm_tensor_tolerance's; an entry 1% of its Σ|terms| off fails.
TEST(GemmCheck, ATf32ProductPassesOnlyTheTensorTolerance) {
  const auto tf32 = [](float v) {
    int e = 0;
    const float f = std::frexp(v, &e);  // v = f·2^e, |f| in [0.5, 1): 11 significant bits kept
    return std::ldexp(std::trunc(std::ldexp(f, 11)), e - 11);
  };
  const GemmShape s{.m = 33, .n = 17, .k = 1000};
  Product<float> p(s, false);
  for (std::size_t i = 0; i < p.x.size(); ++i) {
    const std::size_t row = i / 17, col = i % 17;
    float sum = 0;
    for (std::size_t l = 0; l < 1000; ++l)
      sum += tf32(p.a[row * 1000 + l]) * tf32(p.b[l * 17 + col]);
    p.x[i] = sum;
  }
  const double tolerance = gemm_tensor_tolerance(0x1p-10, s.k);
  EXPECT_FALSE(p.verify().passed);
  auto v = verify_gemm<float>(s, p.a.data(), p.b.data(), p.x.data(), tolerance);
  EXPECT_TRUE(v.passed) << v.message;
  p.x[40] += 10;  // 1% of its Σ|terms| (about 1000)
  v = verify_gemm<float>(s, p.a.data(), p.b.data(), p.x.data(), tolerance);
  EXPECT_FALSE(v.passed) << v.message;
  EXPECT_NE(v.message.find("first at [2, 6]"), std::string::npos) << v.message;
}

// Above kGemmFullCheckEntries entries the check samples them (k = 1 keeps the product cheap to
// build): a wrong entry is caught only where the sample looks.
TEST(GemmCheck, SampledAboveTheFullCheckCatchesAWrongBlock) {
  const GemmShape s{.m = 2049, .n = 2048, .k = 1};
  ASSERT_GT(static_cast<std::size_t>(s.m * s.n), kGemmFullCheckEntries);
  Product<float> p(s, false);
  auto v = p.verify();
  EXPECT_TRUE(v.passed) << v.message;
  EXPECT_NE(v.message.find("4096 sampled entries"), std::string::npos) << v.message;
  // 64 wrong rows, 1/32 of the entries: a sample of 4096 misses them all with probability
  // (31/32)^4096 ≈ e^-130 (and the sample is fixed, so the test is deterministic).
  for (std::int64_t i = 1000; i < 1064; ++i)
    for (std::int64_t j = 0; j < s.n; ++j) p.x[static_cast<std::size_t>(i * s.n + j)] += 1;
  v = p.verify();
  EXPECT_FALSE(v.passed) << v.message;
  EXPECT_NE(v.message.find("sampled"), std::string::npos);
}

}  // namespace
}  // namespace kernels
