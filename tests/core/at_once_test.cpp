// Cases of two devices timed at once: every kept sample of one ran while the other ran, a case
// that fails before timing stops the group, and each case lives on its own thread.
#include "roofline/at_once.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

using namespace roofline;
using Clock = std::chrono::steady_clock;

namespace {

// A device-timed case whose calls sleep for `call` and report that as their device time; it keeps
// when its runs started and ended, and the thread it was prepared on.
class SleepCase : public Case {
 public:
  SleepCase(const std::string& device, std::chrono::microseconds call, bool broken = false)
      : Case({.family = "test",
              .variant = "sleep",
              .backend = "fake",
              .device = device,
              .work = {},
              .level = ""}),
        call_(call),
        broken_(broken) {}
  void prepare() override { prepared_on = std::this_thread::get_id(); }
  void run() override {
    const auto start = Clock::now();
    std::this_thread::sleep_for(call_);
    if (!first_run) first_run = start;
    last_run_end = Clock::now();
    seconds_ = std::chrono::duration<double>(*last_run_end - start).count();
  }
  Verification verify() override { return {!broken_, broken_ ? 1.0 : 0.0, 0, "fake check"}; }
  void release() override { released = true; }
  bool device_timed() const override { return true; }
  std::optional<double> last_device_seconds() const override { return seconds_; }

  std::thread::id prepared_on;
  std::optional<Clock::time_point> first_run, last_run_end;
  bool released = false;

 private:
  std::chrono::microseconds call_;
  bool broken_;
  std::optional<double> seconds_;
};

// The warm-up runs after the cases start together: by the first sample, every case is running.
const MeasureOptions kOptions{
    .repetitions = 6, .min_sample_seconds = 0.002, .warmup_seconds = 0.02};

TEST(MeasureAtOnce, EveryKeptSampleRanBesideTheOtherDevice) {
  // The slow device takes far longer for its samples; the quick one keeps running meanwhile.
  SleepCase quick("dev:0", std::chrono::microseconds(200));
  SleepCase slow("dev:1", std::chrono::microseconds(3000));
  const auto results = measure_at_once({{&quick}, {&slow}}, kOptions);
  ASSERT_EQ(results.size(), 2u);
  for (const AtOnceResult& r : results) {
    ASSERT_TRUE(r.result.ok()) << r.result.failure();
    EXPECT_EQ(r.result.samples.size(), 6u);
  }
  EXPECT_EQ(results[0].result.device, "dev:0");
  EXPECT_GE(results[0].result.time->median, 200e-6);
  EXPECT_GE(results[1].result.time->median, 3000e-6);
  EXPECT_LT(results[0].result.time->median, results[1].result.time->median);
  // Each one's samples lie inside the span the other ran.
  EXPECT_LE(*slow.first_run, results[0].first_sample);
  EXPECT_GE(*slow.last_run_end, results[0].last_sample);
  EXPECT_LE(*quick.first_run, results[1].first_sample);
  EXPECT_GE(*quick.last_run_end, results[1].last_sample);
  EXPECT_TRUE(quick.released && slow.released);
}

TEST(MeasureAtOnce, EachCaseLivesOnItsOwnThreadFromItsEnterHook) {
  SleepCase a("dev:0", std::chrono::microseconds(100)), b("dev:1", std::chrono::microseconds(100));
  std::thread::id entered_a, entered_b;
  measure_at_once({{&a, [&] { entered_a = std::this_thread::get_id(); }},
                   {&b, [&] { entered_b = std::this_thread::get_id(); }}},
                  kOptions);
  EXPECT_EQ(a.prepared_on, entered_a);
  EXPECT_EQ(b.prepared_on, entered_b);
  EXPECT_NE(entered_a, entered_b);
  EXPECT_NE(entered_a, std::this_thread::get_id());
}

TEST(MeasureAtOnce, ACaseThatFailsItsCheckStopsTheGroupAndIsNamed) {
  SleepCase good("dev:0", std::chrono::microseconds(100));
  SleepCase broken("dev:1", std::chrono::microseconds(100), true);
  const auto results = measure_at_once({{&good}, {&broken}}, kOptions);
  EXPECT_FALSE(results[1].result.verification.passed);
  EXPECT_FALSE(results[0].result.ok());
  EXPECT_NE(results[0].result.failure().find("dev:1 failed before"), std::string::npos)
      << results[0].result.failure();
  EXPECT_FALSE(good.first_run.has_value());  // verified, never timed
  EXPECT_TRUE(good.released && broken.released);
}

}  // namespace
