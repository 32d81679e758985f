// What the sensors saw over a measurement: stretches added up, and the harness reading them
// around each sample of each case.
#include "roofline/sensors.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "roofline/harness.hpp"

using namespace roofline;

namespace {

Sensors stretch(double seconds, std::optional<double> joules, double clock_hz,
                std::vector<std::string> events) {
  Sensors s;
  s.seconds = seconds;
  s.calls = 10;
  s.flops = 100;
  s.bytes = 1000;
  s.energy_j = joules ? Sensed{joules, ""} : Sensed::missing("a counter only root may read");
  s.clock_hz = {clock_hz, ""};
  s.memory_clock_hz = Sensed::missing("not read on CPUs");
  s.temperature_c = {50 + seconds, ""};
  s.clock_events = std::move(events);
  return s;
}

TEST(Sensors, StretchesAddUpAndKeepTheWorstClockAndHeat) {
  Sensors total;
  accumulate(total, stretch(1, 100, 1.98e9, {}));
  accumulate(total, stretch(3, 500, 1.6e9, {"software power cap"}));
  accumulate(total, stretch(2, 200, 1.9e9, {"software power cap", "hardware slowdown"}));
  EXPECT_EQ(total.seconds, 6);
  EXPECT_EQ(total.calls, 30);
  EXPECT_EQ(total.flops, 300);
  EXPECT_EQ(total.bytes, 3000);
  EXPECT_EQ(*total.energy_j.value, 800);
  EXPECT_DOUBLE_EQ(*total.mean_power_w().value, 800.0 / 6);
  EXPECT_EQ(*total.clock_hz.value, 1.6e9);
  EXPECT_EQ(*total.temperature_c.value, 53);
  EXPECT_EQ(total.clock_events,
            (std::vector<std::string>{"software power cap", "hardware slowdown"}));
  EXPECT_EQ(total.memory_clock_hz.unavailable, "not read on CPUs");
}

TEST(Sensors, AFigureOneStretchLacksIsMissingWithItsReason) {
  Sensors total;
  accumulate(total, stretch(1, 100, 2e9, {}));
  accumulate(total, stretch(1, std::nullopt, 2e9, {}));
  accumulate(total, stretch(1, 100, 2e9, {}));
  EXPECT_FALSE(total.energy_j.value);
  EXPECT_EQ(total.energy_j.unavailable, "a counter only root may read");
  EXPECT_EQ(total.mean_power_w().unavailable, "a counter only root may read");
}

// The calls of each case so far, by variant: what the cases ran, for the sampler to see.
using CallCounts = std::map<std::string, long long>;

// Counts its stretches, and the calls of each case that ran inside them; each stretch lasts what
// the harness ran between start and stop.
class CountingSampler : public Sampler {
 public:
  explicit CountingSampler(const CallCounts& calls) : calls_(calls) {}
  void start(double seconds) override {
    ++starts;
    expected = seconds;
    at_start_ = calls_;
  }
  Sensors stop() override {
    ++stops;
    for (const auto& [variant, n] : calls_) {
      const long long in_window = n - at_start_[variant];
      inside[variant] += in_window;
      if (in_window > 0) ++windows_with_calls;
    }
    return stretch(0.001, 0.05, 3e9, {});
  }
  Sensed power_cap_w() override { return Sensed::missing("none"); }
  std::vector<std::string> disturbances() override { return {}; }
  int starts = 0, stops = 0, windows_with_calls = 0;
  double expected = 0;
  CallCounts inside;  // the calls that ran between a start and its stop

 private:
  const CallCounts& calls_;
  CallCounts at_start_;
};

class Nothing : public Case {
 public:
  // Counts its calls in calls[variant].
  Nothing(const std::string& variant, CallCounts& calls)
      : Case({.family = "test",
              .variant = variant,
              .backend = "cpu",
              .device = "cpu",
              .params = {},
              .work = {.precision = Precision::fp32,
                       .flops = 2,
                       .bytes = 8,
                       .bytes_write_allocate = 8,
                       .working_set = 8},
              .level = "L1"}),
        calls_(calls[variant]) {}
  void prepare() override {}
  void run() override { ++calls_; }
  Verification verify() override { return {true, 0, 0, "nothing to check"}; }
  void release() override {}

 private:
  long long& calls_;
};

// The calls a case's readings count are exactly those that ran inside its windows, where no other
// case ran: the readings cover the samples and nothing else.
TEST(Sensors, TheHarnessReadsEachCaseAroundItsSamplesOnly) {
  CallCounts calls;
  CountingSampler sampler(calls);
  std::vector<std::unique_ptr<Case>> cases;
  cases.push_back(std::make_unique<Nothing>("a", calls));
  cases.push_back(std::make_unique<Nothing>("b", calls));
  const auto results = measure_all(
      cases,
      {.repetitions = 3, .min_sample_seconds = 0.001, .warmup_seconds = 0, .sampler = &sampler},
      "test");
  EXPECT_EQ(sampler.starts, sampler.stops);
  EXPECT_EQ(sampler.windows_with_calls, sampler.stops);  // each window one case's, with calls
  EXPECT_EQ(sampler.expected, 0.001);  // each window announced as a sample's length
  for (const Result& r : results) {
    ASSERT_TRUE(r.sensors) << r.variant;
    EXPECT_EQ(r.sensors->calls, sampler.inside[r.variant]) << r.variant;
    EXPECT_EQ(r.sensors->flops, 2.0 * r.sensors->calls);
    EXPECT_EQ(r.sensors->bytes, 8.0 * r.sensors->calls);
    EXPECT_TRUE(r.sensors->energy_j.value);
  }
}

TEST(Sensors, WithoutASamplerNoneAreRecorded) {
  CallCounts calls;
  Nothing c("a", calls);
  const Result r = measure(c, {.repetitions = 3, .min_sample_seconds = 0.001, .warmup_seconds = 0});
  EXPECT_FALSE(r.sensors);
}

}  // namespace
