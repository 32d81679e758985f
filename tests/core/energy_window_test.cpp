// The energy pass's window around a ceiling's kernel: the kernel prepared, verified, warmed, then
// run back to back for the window's seconds with the sensors read around those calls alone, and
// released on every path.
#include "roofline/energy_window.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "roofline/clock.hpp"

namespace roofline {
namespace {

// A device-timed ceiling's kernel whose calls take 1 ms each; it logs its verbs.
class Kernel : public Case {
 public:
  explicit Kernel(bool verifies = true)
      : Case({.family = "peak_flops",
              .variant = "fp32_fma",
              .backend = "cuda",
              .device = "cuda:0",
              .params = {},
              .work = {.precision = Precision::fp32,
                       .flops = 1e9,
                       .bytes = 4e6,
                       .bytes_write_allocate = 4e6,
                       .working_set = 4e6},
              .level = "L1"}),
        verifies_(verifies) {}
  void prepare() override { log.push_back("prepare"); }
  void run() override { run_calls(1); }
  double run_calls(int calls) override {
    if (log.back() != "run") log.push_back("run");
    std::this_thread::sleep_for(std::chrono::milliseconds(calls));
    ran += calls;
    if (throws_after > 0 && ran >= throws_after) throw std::runtime_error("an illegal address");
    return calls * 1e-3;
  }
  Verification verify() override {
    log.push_back("verify");
    return {verifies_, 0, 0, verifies_ ? "exact" : "3 accumulators differ"};
  }
  void release() override { log.push_back("release"); }
  bool device_timed() const override { return true; }
  std::optional<double> last_device_seconds() const override { return 1e-3; }

  std::vector<std::string> log;
  long long ran = 0, throws_after = 0;

 private:
  bool verifies_;
};

// Reads 100 W over its window, and when it was started and stopped.
class Watts : public Sampler {
 public:
  explicit Watts(const Kernel& kernel) : kernel_(kernel) {}
  void start(double seconds) override {
    expected = seconds;
    started = Clock::now();
    ran_at_start = kernel_.ran;
  }
  Sensors stop() override {
    ++stops;
    ran_at_stop = kernel_.ran;
    Sensors s;
    s.seconds = seconds_since(started);
    s.energy_j = {100 * s.seconds, ""};
    s.clock_events = {"software power cap"};
    return s;
  }
  Sensed power_cap_w() override { return {700.0, ""}; }
  std::vector<std::string> disturbances() override { return {}; }

  Clock::time_point started;
  long long ran_at_start = -1, ran_at_stop = -1;
  double expected = 0;
  int stops = 0;

 private:
  const Kernel& kernel_;
};

TEST(EnergyWindow, RunsTheKernelBackToBackForTheWindowWithTheSensorsAroundItsCallsAlone) {
  Kernel kernel;
  Watts sampler(kernel);
  const Sensors s = energy_window(kernel, sampler, 0.05);
  EXPECT_EQ(kernel.log, (std::vector<std::string>{"prepare", "verify", "run", "release"}));
  EXPECT_EQ(sampler.stops, 1);
  EXPECT_EQ(sampler.expected, 0.05);  // told how long a window to read
  // The sizing call and the warm-up batch ran before the sensors started: not in the window.
  EXPECT_GT(sampler.ran_at_start, 1);
  EXPECT_EQ(s.calls, sampler.ran_at_stop - sampler.ran_at_start);
  EXPECT_GE(s.seconds, 0.05);
  EXPECT_GE(s.calls, 10);
  EXPECT_DOUBLE_EQ(s.flops, s.calls * 1e9);
  EXPECT_DOUBLE_EQ(s.bytes, s.calls * 4e6);
  EXPECT_EQ(s.clock_events, (std::vector<std::string>{"software power cap"}));
  EXPECT_DOUBLE_EQ(*s.mean_power_w().value, 100);
}

TEST(EnergyWindow, AKernelThatFailsItsVerificationGetsNoWindow) {
  Kernel kernel(false);
  Watts sampler(kernel);
  try {
    energy_window(kernel, sampler, 0.05);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("peak_flops fp32_fma failed its verification"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("3 accumulators differ"), std::string::npos);
  }
  EXPECT_EQ(kernel.log.back(), "release");
  EXPECT_EQ(sampler.stops, 0);
}

TEST(EnergyWindow, AFailingCallReleasesTheKernel) {
  Kernel kernel;
  kernel.throws_after = 500;
  Watts sampler(kernel);
  EXPECT_THROW(energy_window(kernel, sampler, 5), std::runtime_error);
  EXPECT_EQ(kernel.log.back(), "release");
}

TEST(EnergyWindow, AWindowOfNoLengthIsRefused) {
  Kernel kernel;
  Watts sampler(kernel);
  EXPECT_THROW(energy_window(kernel, sampler, 0), std::invalid_argument);
  EXPECT_TRUE(kernel.log.empty());
}

}  // namespace
}  // namespace roofline
