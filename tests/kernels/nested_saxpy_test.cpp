// Nested SAXPY: declared work, the verification, and every CPU kernel at awkward sizes.
#include "kernels/cpu/nested_saxpy.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>

#include "guarded.hpp"
#include "kernels/inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/nested_saxpy_offload.hpp"

namespace kernels::cpu {
namespace {

using roofline::Precision;
using testing::Guarded;

constexpr std::uint64_t kXSeed = 7, kYSeed = 8;

template <class T>
T initial_y(std::size_t i) {
  return static_cast<T>(input_value(kYSeed, i));
}

TEST(NestedSaxpyWork, IntensityIsMOverSixInFp32AndMOverTwelveInFp64) {
  for (int m : kNestedSaxpyDepths) {
    const auto w32 = nested_saxpy_work(Precision::fp32, 1000, m);
    EXPECT_DOUBLE_EQ(w32.arithmetic_intensity(), m / 6.0);
    EXPECT_EQ(w32.flops, 2000.0 * m);
    EXPECT_EQ(w32.bytes, 12000);
    EXPECT_EQ(w32.bytes_write_allocate, w32.bytes);
    EXPECT_EQ(w32.working_set, 8000);
    const auto w64 = nested_saxpy_work(Precision::fp64, 1000, m);
    EXPECT_DOUBLE_EQ(w64.arithmetic_intensity(), m / 12.0);
    EXPECT_EQ(w64.working_set, 16000);
    EXPECT_EQ(w64.precision, Precision::fp64);
  }
}

TEST(NestedSaxpyWork, SixteenBitElementsMoveTwoBytesEach) {
  for (Precision p : {Precision::fp16, Precision::bf16}) {
    const auto w = nested_saxpy_work(p, 1000, 64);
    EXPECT_EQ(w.flops, 2000.0 * 64);
    EXPECT_EQ(w.bytes, 6000);
    EXPECT_DOUBLE_EQ(w.arithmetic_intensity(), 64 / 3.0);
  }
}

TEST(NestedSaxpyOffloadWork, TheLinkMovesTheKernelsBytesWithoutItsFlops) {
  const auto kernel = nested_saxpy_offload_work(OffloadPart::kernel, Precision::fp32, 1000, 16);
  const auto call = nested_saxpy_offload_work(OffloadPart::call, Precision::fp32, 1000, 16);
  const auto link = nested_saxpy_offload_work(OffloadPart::link, Precision::fp32, 1000, 16);
  EXPECT_EQ(kernel.flops, nested_saxpy_work(Precision::fp32, 1000, 16).flops);
  EXPECT_EQ(call.flops, kernel.flops);
  EXPECT_EQ(call.bytes, 12000);  // x and y across and y back: the kernel's own 3 values
  EXPECT_EQ(link.bytes, call.bytes);
  EXPECT_EQ(link.flops, 0);
  EXPECT_EQ(offload_level(OffloadPart::call), "host_link");
  EXPECT_EQ(offload_level(OffloadPart::link), "host_link");
  EXPECT_EQ(offload_level(OffloadPart::kernel), "");
}

TEST(NestedSaxpyCoefficient, StaysEightRoundoffsFromOneAndIsExactInItsPrecision) {
  EXPECT_EQ(nested_saxpy_a(Precision::fp32), kNestedSaxpyA);
  EXPECT_EQ(nested_saxpy_a(Precision::fp64), kNestedSaxpyA);
  EXPECT_EQ(nested_saxpy_a(Precision::fp16), kNestedSaxpyA);  // 8 = 11 − 3 bits
  EXPECT_EQ(nested_saxpy_a(Precision::bf16), -31.0 / 32);     // 5 = 8 − 3 bits
  for (Precision p : {Precision::fp16, Precision::bf16, Precision::fp32, Precision::fp64}) {
    const double a = nested_saxpy_a(p);
    const double u = std::ldexp(1.0, -roofline::significand_bits(p));
    EXPECT_GE((1 + a) / u, 8) << to_string(p);
    // Exact in p: |a|·2^bits is an integer.
    const double scaled = std::ldexp(-a, roofline::significand_bits(p));
    EXPECT_EQ(scaled, std::floor(scaled)) << to_string(p);
  }
}

TEST(NestedSaxpyTolerance, TwoRoundingsPerStepThatFadeByAEachStep) {
  const double u32 = std::ldexp(1.0, -24), u64 = std::ldexp(1.0, -53);
  EXPECT_DOUBLE_EQ(nested_saxpy_tolerance(Precision::fp32, 1), 4 * u32 + 2 * u64);
  EXPECT_DOUBLE_EQ(nested_saxpy_tolerance(Precision::fp64, 1), 6 * u64);
  double last = 0;
  for (int m : kNestedSaxpyDepths) {  // grows with m, but never past 2u·(1/(1 − |a|) + 1)
    const double t = nested_saxpy_tolerance(Precision::fp32, m);
    EXPECT_GT(t, last);
    EXPECT_LT(t, 2 * u32 * 257 + 2 * u64);
    last = t;
  }
  EXPECT_NEAR(nested_saxpy_tolerance(Precision::fp32, 1024) / u32, 504.7, 0.1);
  // bf16's a = −31/32: at most 2u·33.
  EXPECT_LT(nested_saxpy_tolerance(Precision::bf16, 1024), 2 * std::ldexp(1.0, -8) * 33);
}

// Runs depth `run_m` on fresh inputs and verifies it as depth `declared_m`.
template <class T>
roofline::Verification run_and_verify(Isa isa, int declared_m, int run_m, std::size_t n,
                                      std::size_t offset, int threads, bool prefetch = false) {
  Guarded<T> x(n, offset, kXSeed), y(n, offset + 2, kYSeed);
  nested_saxpy_run({run_m, threads, isa, prefetch}, y.data(), x.data(), n, T(kNestedSaxpyA));
  EXPECT_TRUE(x.guards_intact() && y.guards_intact());
  return verify_nested_saxpy<T>(declared_m, x.data(), y.data(), n, initial_y<T>);
}

TEST(NestedSaxpyVerify, CatchesTheKernelOfAnotherDepthAtEveryDepth) {
  for (Isa isa : supported_isas()) {
    SCOPED_TRACE(to_string(isa));
    for (std::size_t k = 1; k < kNestedSaxpyDepths.size(); ++k) {
      const int m = kNestedSaxpyDepths[k], half = kNestedSaxpyDepths[k - 1];
      SCOPED_TRACE(m);
      EXPECT_FALSE(run_and_verify<float>(isa, m, half, 1000, 0, 2).passed);
      EXPECT_FALSE(run_and_verify<double>(isa, half, m, 1000, 1, 1).passed);
    }
  }
}

TEST(NestedSaxpyVerify, CatchesAnElementLeftUnchangedAndNamesIt) {
  const std::size_t n = 1000;
  Guarded<float> x(n, 0, kXSeed), y(n, 0, kYSeed);
  const NestedSaxpyCall call{1024, 2, best_isa()};
  nested_saxpy_run(call, y.data(), x.data(), n - 1, float(kNestedSaxpyA));
  const auto v = verify_nested_saxpy<float>(1024, x.data(), y.data(), n, initial_y<float>);
  EXPECT_FALSE(v.passed);
  EXPECT_NE(v.message.find("element 999"), std::string::npos) << v.message;
}

// Every depth of one ISA level, both precisions, with and without prefetch: n = 1, 7 (scalar
// paths), 1003 (blocks, single vectors and a tail) and 1000003 (a long run split between threads;
// 100003 from m = 64 on, where the FMAs rather than the memory take the time), aligned and
// unaligned views, 1 and 2 threads.
class NestedSaxpyKernels : public ::testing::TestWithParam<Isa> {
 protected:
  template <class T>
  void check_all() {
    const Isa isa = GetParam();
    for (int m : kNestedSaxpyDepths)
      for (std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{1003},
                            m < 64 ? std::size_t{1000003} : std::size_t{100003}})
        for (std::size_t offset : {0, 1})
          for (int threads : {1, 2})
            for (bool prefetch : {false, true}) {
              SCOPED_TRACE(::testing::Message()
                           << to_string(isa) << " " << sizeof(T) * 8 << "-bit m=" << m << " n=" << n
                           << " offset " << offset << " threads=" << threads
                           << (prefetch ? " prefetch" : ""));
              const auto v = run_and_verify<T>(isa, m, m, n, offset, threads, prefetch);
              EXPECT_TRUE(v.passed) << v.message;
            }
  }
};

TEST_P(NestedSaxpyKernels, EveryDepthMatchesTheClosedForm) {
  check_all<float>();
  check_all<double>();
}

INSTANTIATE_TEST_SUITE_P(SupportedIsas, NestedSaxpyKernels, ::testing::ValuesIn(supported_isas()),
                         [](const auto& info) { return std::string(to_string(info.param)); });

TEST(NestedSaxpyRun, MoreThreadsThanCoresStillCoverEveryElementOnce) {
  // 7 threads on fewer cores: threads done early take chunks of the others' blocks, chunk edges
  // fall inside blocks and on an unaligned view.
  for (int m : {1, 16}) {
    SCOPED_TRACE(m);
    EXPECT_TRUE((run_and_verify<float>(best_isa(), m, m, 3000017, 1, 7).passed));
    EXPECT_TRUE((run_and_verify<double>(best_isa(), m, m, 1500007, 3, 7).passed));
  }
}

TEST(NestedSaxpyRun, RepeatedCallsStayBounded) {
  // The timed loop calls the kernel on its own output; the contractive map keeps y finite.
  const std::size_t n = 257;
  for (int m : kNestedSaxpyDepths) {
    Guarded<float> x(n, 0, kXSeed), y(n, 0, kYSeed);
    for (int call = 0; call < 1000; ++call)
      nested_saxpy_run({m, 1, best_isa()}, y.data(), x.data(), n, float(kNestedSaxpyA));
    for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(std::isfinite(y.data()[i])) << "m=" << m;
  }
}

TEST(NestedSaxpyRun, RejectsCallsThatCannotRun) {
  float x[4] = {1, 2, 3, 4}, y[4] = {};
  EXPECT_THROW(nested_saxpy_run({3, 1, kBaselineIsa}, y, x, 4, float(kNestedSaxpyA)),
               std::invalid_argument);
  EXPECT_THROW(nested_saxpy_run({2, 0, kBaselineIsa}, y, x, 4, float(kNestedSaxpyA)),
               std::invalid_argument);
#if defined(__x86_64__)
  EXPECT_EQ(nested_saxpy_chains(Isa::avx2), 8);
  EXPECT_EQ(nested_saxpy_variant_name({.isa = Isa::avx2}), "avx2_8chain");
  EXPECT_EQ(nested_saxpy_variant_name({.isa = Isa::avx2, .prefetch = true}),
            "avx2_8chain_prefetch");
#elif defined(__aarch64__)
  EXPECT_EQ(nested_saxpy_chains(Isa::neon), 8);
  EXPECT_EQ(nested_saxpy_variant_name({.isa = Isa::neon}), "neon_8chain");
  EXPECT_EQ(nested_saxpy_variant_name({.isa = Isa::neon, .prefetch = true}),
            "neon_8chain_prefetch");
#endif
}

}  // namespace
}  // namespace kernels::cpu
