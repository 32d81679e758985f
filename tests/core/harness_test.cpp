#include "roofline/harness.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <stdexcept>

using namespace roofline;

namespace {

// Sums a vector; `broken` makes verify fail, `throw_in` throws from that step.
class SumCase : public Case {
 public:
  SumCase(bool broken, std::string throw_in = "")
      : Case({.family = "test",
              .variant = broken ? "broken" : "sum",
              .backend = "cpu",
              .device = "cpu",
              .params = {{"n", 4096}},
              .work = {.precision = Precision::fp64,
                       .flops = 4096,
                       .bytes = 4096 * 8,
                       .bytes_write_allocate = 4096 * 8,
                       .working_set = 4096 * 8},
              .level = "L1"}),
        broken_(broken),
        throw_in_(std::move(throw_in)) {}
  void prepare() override {
    if (throw_in_ == "prepare") throw std::runtime_error("no memory");
    data_.assign(4096, 1.0);
  }
  void run() override {
    if (throw_in_ == "run" && ++runs_ > 1) throw std::runtime_error("device lost");
    sum_ = std::accumulate(data_.begin(), data_.end(), 0.0) + (broken_ ? 1 : 0);
    benchmark_sink_ = sum_;
  }
  Verification verify() override {
    sum_ = -1;
    run();
    return {sum_ == 4096, std::abs(sum_ - 4096), 0, "sum vs 4096"};
  }
  void release() override { released_ = true; }
  bool released_ = false;

 private:
  bool broken_;
  std::string throw_in_;
  std::vector<double> data_;
  double sum_ = 0;
  int runs_ = 0;
  volatile double benchmark_sink_ = 0;
};

const MeasureOptions kFast{.repetitions = 3, .min_sample_seconds = 0.001, .warmup_seconds = 0};

}  // namespace

TEST(Harness, VerifiedCaseKeepsOneSamplePerRepetition) {
  SumCase c(false);
  const auto r = measure(c, kFast);
  EXPECT_TRUE(r.verification.passed);
  EXPECT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.samples.size(), 3u);
  for (double s : r.samples) {
    EXPECT_GT(s, 0);
    EXPECT_LT(s, 0.001);  // seconds per call, not per sample: 4096 adds take microseconds
  }
  ASSERT_TRUE(r.time.has_value());
  EXPECT_EQ(r.time->n, 3);
  EXPECT_EQ(r.params["n"], 4096);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(c.released_);
}

TEST(Harness, FailedVerificationIsNeverTimed) {
  SumCase c(true);
  const auto r = measure(c, kFast);
  EXPECT_FALSE(r.verification.passed);
  EXPECT_TRUE(r.samples.empty());
  EXPECT_FALSE(r.time.has_value());
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(c.released_);
}

TEST(Harness, ErrorsAreRecordedNotThrown) {
  SumCase in_prepare(false, "prepare");
  auto r = measure(in_prepare, kFast);
  EXPECT_EQ(r.error, "no memory");
  EXPECT_FALSE(r.ok());
  SumCase in_run(false, "run");  // verification passes, the timed runs throw
  r = measure(in_run, kFast);
  EXPECT_NE(r.error.find("device lost"), std::string::npos) << r.error;
  EXPECT_FALSE(r.ok());
}

namespace {

// A device-timed case: every run() reports 0.25 ms of device time, whatever the host takes.
class DeviceTimedCase : public SumCase {
 public:
  DeviceTimedCase() : SumCase(false) {}
  bool device_timed() const override { return true; }
  double last_run_seconds() const override { return 0.25e-3; }
};

}  // namespace

TEST(Harness, DeviceTimedCaseKeepsTheDeviceSecondsItReports) {
  DeviceTimedCase c;
  const Result r = measure(c, kFast);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.samples.size(), 3u);
  for (double s : r.samples) EXPECT_NEAR(s, 0.25e-3, 1e-12);
}
