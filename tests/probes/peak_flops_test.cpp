// The peak-FLOP cases at tiny sizes: exact work, exact verification on every path the CPU has,
// and a chain that has not converged is caught.
#include "probes/cpu/peak_flops.hpp"

#include <gtest/gtest.h>

#include "probes/chain_check.hpp"
#include "probes/cpu/peak_flops_simd.hpp"
#include "roofline/input_error.hpp"

namespace {

using probes::cpu::PeakFlopsConfig;
using roofline::Precision;

roofline::Verification verify_once(const PeakFlopsConfig& config) {
  auto c = probes::cpu::make_peak_flops_case(config, "cpu");
  c->prepare();
  c->run();
  const roofline::Verification v = c->verify();
  c->release();
  return v;
}

TEST(PeakFlops, EveryPathAndPrecisionConvergesExactlyOnOneAndTwoThreads) {
  for (const auto& path : probes::cpu::supported_fma_paths())
    for (auto precision : {Precision::fp32, Precision::fp64})
      for (int threads : {1, 2}) {
        const PeakFlopsConfig config{precision, path, threads, 256};
        const auto v = verify_once(config);
        EXPECT_TRUE(v.passed) << path.name << " " << to_string(precision) << " x" << threads << ": "
                              << v.message;
        EXPECT_EQ(v.max_error, 0);
      }
}

TEST(PeakFlops, WorkCountsEveryLaneOfEveryAccumulatorOnEveryThread) {
  const PeakFlopsConfig zmm{Precision::fp32, {"vec512", 512}, 2, 1000};
  EXPECT_DOUBLE_EQ(probes::cpu::peak_flops_work(zmm).flops, 2.0 * 2 * 1000 * 24 * 16);
  const PeakFlopsConfig ymm{Precision::fp64, {"vec256", 256}, 1, 1000};
  EXPECT_DOUBLE_EQ(probes::cpu::peak_flops_work(ymm).flops, 2.0 * 1000 * 12 * 4);
  const PeakFlopsConfig scalar{Precision::fp64, {"scalar", 0}, 1, 1000};
  EXPECT_DOUBLE_EQ(probes::cpu::peak_flops_work(scalar).flops, 2.0 * 1000 * 12);
  EXPECT_EQ(probes::cpu::peak_flops_work(scalar).bytes, 0);
}

TEST(PeakFlops, TooFewStepsToConvergeIsCaught) {
  // After 4 steps t = 2b + (t0 − 2b)/16 ≠ 2b: the check must see it on the first lane.
  const auto v = verify_once({Precision::fp64, probes::cpu::supported_fma_paths().back(), 1, 4});
  EXPECT_FALSE(v.passed);
  EXPECT_GT(v.max_error, 0);
  EXPECT_NE(v.message.find("chain value 0"), std::string::npos) << v.message;
}

TEST(CheckChains, FindsOneWrongLaneAndANan) {
  std::vector<double> values(48, 3.0);
  EXPECT_TRUE(probes::check_chains(values, 3.0).passed);
  values[17] = std::nextafter(3.0, 4.0);
  auto v = probes::check_chains(values, 3.0);
  EXPECT_FALSE(v.passed);
  EXPECT_DOUBLE_EQ(v.max_error, std::nextafter(3.0, 4.0) - 3.0);
  EXPECT_NE(v.message.find("chain value 17"), std::string::npos);
  values[17] = 3.0;
  values[40] = std::nan("");
  EXPECT_FALSE(probes::check_chains(values, 3.0).passed);
}

TEST(PeakFlops, BadConfigurationsAreInputErrors) {
  const auto path = probes::cpu::supported_fma_paths().front();
  EXPECT_THROW(probes::cpu::make_peak_flops_case({Precision::fp16, path, 1, 10}, "cpu"),
               roofline::InputError);
  EXPECT_THROW(probes::cpu::make_peak_flops_case({Precision::fp64, path, 0, 10}, "cpu"),
               roofline::InputError);
  EXPECT_THROW(probes::cpu::make_peak_flops_case({Precision::fp64, path, 1, 0}, "cpu"),
               roofline::InputError);
}

TEST(PeakFlops, ConfigsCoverBothPrecisionsOnEverySupportedPath) {
  const auto configs = probes::cpu::peak_flops_configs(2);
  EXPECT_EQ(configs.size(), 2 * probes::cpu::supported_fma_paths().size());
  for (const auto& config : configs) {
    EXPECT_EQ(config.threads, 2);
    EXPECT_EQ(probes::cpu::make_peak_flops_case(config, "cpu")->info().family, "peak_flops");
  }
}

}  // namespace

TEST(PeakFlops, EveryThreadTimesItsOwnChainsOnEveryCall) {
  const auto path = probes::cpu::supported_fma_paths().back();
  auto c = probes::cpu::make_peak_flops_case({Precision::fp64, path, 2, 1 << 12}, "cpu");
  c->prepare();
  for (int call = 0; call < 5; ++call) c->run();
  const auto& seconds = c->thread_call_seconds();
  ASSERT_EQ(seconds.size(), 2u);
  for (const auto& thread : seconds) {
    ASSERT_EQ(thread.size(), 5u);
    for (double s : thread) {
      EXPECT_GT(s, 0);
      EXPECT_LT(s, 1);
    }
  }
  c->prepare();  // a new measurement starts with no calls
  for (const auto& thread : c->thread_call_seconds()) EXPECT_TRUE(thread.empty());
  c->release();
}
