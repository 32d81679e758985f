#include "roofline/harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <vector>

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
  // Samples of at least 50 ms, each many calls of microseconds: a per-call time stays far below the
  // sample time even on a loaded machine.
  const auto r = measure(c, {.repetitions = 3, .min_sample_seconds = 0.05, .warmup_seconds = 0});
  EXPECT_TRUE(r.verification.passed);
  EXPECT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.samples.size(), 3u);
  for (double s : r.samples) {
    EXPECT_GT(s, 0);
    EXPECT_LT(s, 0.005);  // seconds per call, not per sample
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

TEST(Harness, VerboseNamesTheCaseAndEachPhaseOnStderr) {
  SumCase c(false);
  MeasureOptions verbose = kFast;
  verbose.verbose = true;
  testing::internal::CaptureStderr();
  const auto r = measure(c, verbose);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(r.ok()) << r.error;
  EXPECT_NE(err.find(r.variant), std::string::npos) << err;
  for (const char* phase : {"prepare ", "verify ", "timing ", "release "})
    EXPECT_NE(err.find(phase), std::string::npos) << phase << " missing from: " << err;
  testing::internal::CaptureStderr();
  measure(c, kFast);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

namespace {
// Reports a device time per run (as a GPU case does from its events) far from the host time.
class DeviceTimedCase : public SumCase {
 public:
  DeviceTimedCase() : SumCase(false) {}
  bool device_timed() const override { return true; }
  std::optional<double> last_device_seconds() const override { return 0.25; }
};
}  // namespace

TEST(Harness, DeviceTimedCaseRecordsTheDeviceTime) {
  DeviceTimedCase c;
  const auto r = measure(c, {.repetitions = 3, .min_sample_seconds = 0.5, .warmup_seconds = 0});
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.samples.size(), 3u);
  for (double s : r.samples) EXPECT_DOUBLE_EQ(s, 0.25);
}

namespace {
// A call of 1 ms alone, and back to back a quarter less per call (its launch then overlaps the
// calls before it, as a GPU's does): what each timing asked for is kept.
class BackToBackCase : public SumCase {
 public:
  BackToBackCase() : SumCase(false) {}
  bool device_timed() const override { return true; }
  std::optional<double> last_device_seconds() const override { return 0.001; }
  double run_calls(int calls) override {
    asked.push_back(calls);
    return calls * 0.00075;
  }
  std::vector<int> asked;
};
}  // namespace

// A sample is calls timed together, at least the minimum sample time of their device time back
// to back (4 calls of 1 ms alone take 3 ms together, so 6), and its seconds per call are recorded
// (docs/methodology.md, Samples).
TEST(Harness, ADeviceTimedSampleIsItsCallsTimedTogether) {
  BackToBackCase c;
  const auto r = measure(c, {.repetitions = 3, .min_sample_seconds = 0.004, .warmup_seconds = 0});
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.samples.size(), 3u);
  for (double s : r.samples) EXPECT_DOUBLE_EQ(s, 0.00075);
  ASSERT_GE(c.asked.size(), 2u);
  EXPECT_EQ(c.asked.front(), 4);  // 4 ms of 1 ms calls alone: timed once back to back
  for (std::size_t k = 1; k < c.asked.size(); ++k) EXPECT_EQ(c.asked[k], 6);  // 4.5 ms
}

namespace {
// Calls of 2^-20 s (about 1 µs) alone and 1% more back to back on the device, and every other
// timing a stall of 0.4 ms (a host's: a preempted thread, a call that waits for the device) added
// to its span: samples of about 1 ms vary by a sixth. Times in powers of two count calls exactly.
class StallingCase : public SumCase {
 public:
  StallingCase() : SumCase(false) {}
  bool device_timed() const override { return true; }
  std::optional<double> last_device_seconds() const override { return kCall; }
  double run_calls(int calls) override {
    return calls * kCall * 1.01 + (timings_++ % 2 ? 4e-4 : 0);
  }
  static constexpr double kCall = 1.0 / (1 << 20);

 private:
  int timings_ = 0;
};
}  // namespace

// Stalling and steady cases that compete (the same work): one group.
std::vector<std::unique_ptr<Case>> stalling_among_steady(int stalling, int steady) {
  std::vector<std::unique_ptr<Case>> cases;
  for (int k = 0; k < stalling; ++k) cases.push_back(std::make_unique<StallingCase>());
  for (int k = 0; k < steady; ++k) cases.push_back(std::make_unique<BackToBackCase>());
  return cases;
}
const MeasureOptions kLengthenable{.repetitions = 3,
                                   .min_sample_seconds = 1.0 / (1 << 10),
                                   .warmup_seconds = 0,
                                   .most_sample_seconds = 1.0 / (1 << 6),
                                   .together_bytes = 1 << 20};

// An unstable result among steady ones is timed again with samples four times as long, up to the
// most sample time, until it is stable; its result says how long its samples were
// (docs/methodology.md, Samples). The steady ones keep their first samples.
TEST(Harness, UnstableResultsAreTimedAgainWithLongerSamples) {
  auto cases = stalling_among_steady(1, 9);
  const auto results = measure_all(cases, kLengthenable, "test");
  const Result& r = results.front();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.samples.size(), 3u);
  EXPECT_FALSE(r.time->unstable) << r.time->cv;
  // Samples of 4 ms still varied by 5.5%, those of 16 ms (16384 calls) by 1.4%.
  EXPECT_DOUBLE_EQ(r.sample_seconds, 1.0 / (1 << 6));
  EXPECT_EQ(r.calls_per_sample, 16384);
  EXPECT_NEAR(r.time->median, 1.01 * StallingCase::kCall, 0.03e-6);
  for (std::size_t k = 1; k < results.size(); ++k) {
    ASSERT_TRUE(results[k].ok()) << results[k].error;
    EXPECT_DOUBLE_EQ(results[k].sample_seconds, 1.0 / (1 << 10));
  }
}

// Where there is no room to lengthen (the most sample time at the minimum), or most of the group
// is unstable (a busy host: two of two, one alone), the results stay as timed, flagged unstable.
TEST(Harness, SamplesAreLengthenedOnlyWhereUnstableAndAtACost) {
  MeasureOptions no_room = kLengthenable;
  no_room.most_sample_seconds = no_room.min_sample_seconds;
  for (auto [options, stalling, steady] :
       {std::tuple{no_room, 1, 9}, std::tuple{kLengthenable, 2, 0},
        std::tuple{kLengthenable, 1, 0}}) {
    auto cases = stalling_among_steady(stalling, steady);
    const Result kept = measure_all(cases, options, "test").front();
    ASSERT_TRUE(kept.ok()) << kept.error;
    EXPECT_TRUE(kept.time->unstable) << stalling << " of " << stalling + steady;
    EXPECT_DOUBLE_EQ(kept.sample_seconds, 1.0 / (1 << 10));
    EXPECT_EQ(kept.calls_per_sample, 1024);
  }
}

namespace {
// Logs each timed call's variant, so a test sees the order in which the harness timed the cases.
class LoggedCase : public Case {
 public:
  LoggedCase(std::string variant, double flops, std::vector<std::string>& log)
      : Case({.family = "test",
              .variant = std::move(variant),
              .backend = "cpu",
              .device = "cpu",
              .work = {.precision = Precision::fp64,
                       .flops = flops,
                       .bytes = 8 << 10,
                       .working_set = 8 << 10},
              .level = "L1"}),
        log_(log) {}
  void run() override {
    if (log_.empty() || log_.back() != info().variant) log_.push_back(info().variant);
  }
  Verification verify() override { return {true, 0, 0, "not logged"}; }

 private:
  std::vector<std::string>& log_;
};

std::vector<std::unique_ptr<Case>> logged(std::vector<std::pair<std::string, double>> cases,
                                          std::vector<std::string>& log) {
  std::vector<std::unique_ptr<Case>> out;
  for (auto& [variant, flops] : cases)
    out.push_back(std::make_unique<LoggedCase>(variant, flops, log));
  return out;
}

const MeasureOptions kTogether{
    .repetitions = 9, .min_sample_seconds = 0.001, .warmup_seconds = 0, .together_bytes = 1 << 20};
}  // namespace

TEST(Harness, CompetingCasesInterleaveTheirRepetitions) {
  std::vector<std::string> log;  // variants in the order they ran, repeats merged
  auto cases = logged({{"a", 1024}, {"other_work", 2048}, {"b", 1024}}, log);
  const auto results = measure_all(cases, kTogether, "test");
  ASSERT_EQ(results.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {  // in the cases' order, each with all its samples
    EXPECT_EQ(results[k].variant, cases[k]->info().variant);
    EXPECT_TRUE(results[k].ok()) << results[k].error;
    EXPECT_EQ(results[k].samples.size(), 9u);
  }
  // a and b do the same work: their repetitions are shuffled together. Timed one after the other,
  // they would log a, b (or b, a): nine repetitions each fall so by chance once in 24,310.
  EXPECT_EQ(log.back(), "other_work") << "measured apart, after the group of a";
  EXPECT_EQ(std::count(log.begin(), log.end(), "other_work"), 1);
  EXPECT_GT(log.size() - 1, 2u) << "a and b were timed one after the other";
}

TEST(Harness, CompetingCasesBeyondTheByteBudgetAreTimedApart) {
  std::vector<std::string> log;
  auto cases = logged({{"a", 1024}, {"b", 1024}}, log);
  MeasureOptions apart = kTogether;
  apart.together_bytes = 12 << 10;  // less than the two working sets of 8 KiB
  const auto results = measure_all(cases, apart, "test");
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].variant, "a");
  EXPECT_EQ(results[1].variant, "b");
  EXPECT_EQ(log, (std::vector<std::string>{"a", "b"}));  // each timed in turn
}

namespace {
// Moves `bytes` in `seconds` of device time per run, its working set in `level`.
class FixedRateCase : public Case {
 public:
  FixedRateCase(std::string variant, std::string level, double bytes, double seconds)
      : Case({.family = "test",
              .variant = std::move(variant),
              .backend = "cpu",
              .device = "cpu",
              .work = {.precision = Precision::fp64,
                       .flops = bytes / 8,
                       .bytes = bytes,
                       .working_set = bytes},
              .level = std::move(level)}),
        seconds_(seconds) {}
  void run() override {}
  Verification verify() override { return {true, 0, 0, "nothing to check"}; }
  bool device_timed() const override { return true; }
  std::optional<double> last_device_seconds() const override { return seconds_; }

 private:
  double seconds_;
};
}  // namespace

TEST(Harness, CasesInTheRoofsLevelKeepTheFastestRoofKernelOfTheirSeconds) {
  std::vector<std::unique_ptr<Case>> cases;
  cases.push_back(std::make_unique<FixedRateCase>("a", "DRAM", 1e9, 0.5));
  cases.push_back(std::make_unique<FixedRateCase>("b", "DRAM", 1e9, 0.25));
  cases.push_back(std::make_unique<FixedRateCase>("cached", "L2", 1e6, 0.001));
  FixedRateCase slow_roof("copy", "DRAM", 2e9, 0.2), fast_roof("daxpy", "DRAM", 3e9, 0.1);
  MeasureOptions options = kTogether;
  options.together_bytes = 1e10;
  options.roof_now = {&slow_roof, &fast_roof};  // 10 and 30 GB/s
  const auto results = measure_all(cases, options, "test");
  ASSERT_EQ(results.size(), 3u);  // the roof's kernels are no results of their own
  for (std::size_t k = 0; k < 2; ++k) {
    ASSERT_TRUE(results[k].ok()) << results[k].error;
    ASSERT_TRUE(results[k].roof_now.has_value()) << results[k].variant;
    EXPECT_DOUBLE_EQ(results[k].roof_now->median, 30e9);
    EXPECT_EQ(results[k].roof_now->n, 9);
  }
  EXPECT_TRUE(results[2].ok()) << results[2].error;
  EXPECT_FALSE(results[2].roof_now.has_value()) << "L2 is not the roof's level";
}
