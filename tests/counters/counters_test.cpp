// Hardware counters end to end on this machine's real PAPI: perf's software events are counted
// per thread and calibrated against the threads' own CPU clocks on the real calibration kernels;
// hardware events that this machine cannot count say why; a wrong weight is caught by
// calibration; unknown names are refused by name. Hardware FLOP and byte counters exist on none of
// the development and CI machines, so how agreeing quantities become measured work is checked
// with readings given by the test. Where even perf's software events cannot be counted, the tests
// that need them check the refusal (events n/a with PAPI's reason, nothing calibrated) and skip.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>

#include "perf_events.hpp"
#include "probes/cpu/backend.hpp"
#include "roofline/counting.hpp"
#include "roofline/harness.hpp"
#include "roofline/json_io.hpp"

namespace {

using roofline::Counting;
using roofline::EventSpec;
using roofline::Verdict;

const EventSpec kTaskClock{test_support::kTaskClock, roofline::kCpuSeconds, 1e-9};

roofline::Device cpu_device() { return probes::cpu::CpuBackend().devices().at(0); }

// Whether the hypervisor took time from this machine's vCPUs (the steal column of /proc/stat)
// since the watch began. perf's task clock counts stolen time as running and the threads' CPU
// clocks do not, so while time is stolen the task clock can only be checked from below: on a
// busy host it ran 1.1-26x the CPU clocks over calls of a few milliseconds.
class StealWatch {
 public:
  StealWatch() : start_(ticks()) {}
  bool stolen() const { return ticks() > start_; }

 private:
  static long long ticks() {
    std::ifstream stat("/proc/stat");
    std::string cpu;
    long long user, nice, system, idle, iowait, irq, softirq, steal = 0;
    stat >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
    return steal;
  }
  long long start_;
};

std::vector<std::unique_ptr<roofline::Case>> small_case() {
  roofline::RunOptions options;
  options.families = {"stream"};
  options.variants = {"omp_plain"};
  options.size = 1 << 16;
  auto cases = probes::cpu::CpuBackend().cases(cpu_device(), options);
  cases.resize(1);  // fp32 read
  return cases;
}

// The result of one counted call of small_case().
roofline::Result counted_call(Counting& counting) {
  auto c = small_case();
  c[0]->prepare();
  roofline::Result r;
  counting.count(*c[0], r);
  c[0]->release();
  return r;
}

// Where perf's events cannot be counted: a counted call has the task clock unavailable with
// PAPI's reason and keeps the declared work (that calibration then trusts nothing is checked end
// to end by Cli.CountersAreCalibratedThenReadInAnExtraCall; its kernels take minutes).
void expect_refused(Counting& counting) {
  const roofline::Result r = counted_call(counting);
  const roofline::Counter& clock = r.counters.at(kTaskClock.name);
  EXPECT_FALSE(clock.value.has_value());
  EXPECT_EQ(clock.verdict, Verdict::unavailable);
  EXPECT_NE(clock.note.find("PAPI_"), std::string::npos) << clock.note;
  EXPECT_FALSE(r.measured.has_value());
}

TEST(Counters, TaskClockAgreesWithTheThreadCpuClocksOnTheCalibrationKernels) {
  const probes::cpu::CpuBackend backend;
  const roofline::Device device = cpu_device();
  Counting counting(backend.counter_provider(device), {kTaskClock});
  if (const std::string why = test_support::why_perf_events_are_missing(); !why.empty()) {
    expect_refused(counting);
    GTEST_SKIP() << why;
  }
  auto cases = backend.calibration_cases(device);
  std::vector<std::string> failures;
  const StealWatch steal;
  const auto records = counting.calibrate(cases, "cpu", failures);
  const bool stolen = steal.stolen();
  EXPECT_TRUE(failures.empty()) << failures.front();

  std::set<std::string> kernels;
  for (const auto& r : records) {
    const std::string op = r.kernel.find("op=") == std::string::npos
                               ? ""
                               : " " + r.kernel.substr(r.kernel.find("op=") + 3);
    kernels.insert(r.kernel.substr(0, r.kernel.find(' ')) + op);
    EXPECT_EQ(r.quantity, roofline::kCpuSeconds);
    EXPECT_EQ(r.events, std::vector<std::string>{kTaskClock.name});
    EXPECT_GT(r.expected, 0.001) << r.kernel;  // the kernels run for milliseconds at least
    if (stolen) {
      EXPECT_GE(r.ratio(), 1 - roofline::kCpuTimeTolerance) << r.kernel << " (time was stolen)";
    } else {
      EXPECT_TRUE(r.agrees()) << r.kernel << ": ratio " << r.ratio();
    }
  }
  EXPECT_EQ(kernels, (std::set<std::string>{"nested_saxpy", "stream read", "stream write"}));

  // A counted call of another case: the event's value, its source and the calibration verdict.
  const roofline::Result r = counted_call(counting);
  const roofline::Counter& clock = r.counters.at(kTaskClock.name);
  ASSERT_TRUE(clock.value.has_value());
  EXPECT_GT(*clock.value, 0);
  EXPECT_EQ(clock.source, "papi perf_event");
  const bool all_agree = std::ranges::all_of(records, [](const auto& k) { return k.agrees(); });
  EXPECT_EQ(clock.verdict, all_agree ? Verdict::agrees : Verdict::disagrees) << clock.note;
  EXPECT_FALSE(r.measured.has_value());  // CPU time is no FLOPs nor bytes
}

TEST(Counters, AWrongWeightDisagreesAndIsNotTrusted) {
  const probes::cpu::CpuBackend backend;
  const roofline::Device device = cpu_device();
  Counting counting(backend.counter_provider(device),
                    {{kTaskClock.name, roofline::kCpuSeconds, 2e-9}});
  // Without perf events the refusal is the first test's (its calibration kernels take minutes).
  if (const std::string why = test_support::why_perf_events_are_missing(); !why.empty())
    GTEST_SKIP() << why;
  auto cases = backend.calibration_cases(device);
  std::vector<std::string> failures;
  const StealWatch steal;
  const auto records = counting.calibrate(cases, "cpu", failures);
  const bool stolen = steal.stolen();
  ASSERT_FALSE(records.empty());
  for (const auto& r : records) {
    EXPECT_FALSE(r.agrees());
    EXPECT_GE(r.ratio(), 2 * (1 - roofline::kCpuTimeTolerance)) << r.kernel;
    if (!stolen) {
      EXPECT_LE(r.ratio(), 2 * (1 + roofline::kCpuTimeTolerance)) << r.kernel;
    }
  }
  const roofline::Counter clock = counted_call(counting).counters.at(kTaskClock.name);
  EXPECT_EQ(clock.verdict, Verdict::disagrees);
  EXPECT_NE(clock.note.find("not used"), std::string::npos);
}

TEST(Counters, HardwareEventsWithoutAPmuAreUnavailableWithPapisReason) {
  const probes::cpu::CpuBackend backend;
  auto provider = backend.counter_provider(cpu_device());
  std::vector<EventSpec> events = provider->default_events();
  const auto has = [&](const std::string& name) {
    return std::any_of(events.begin(), events.end(), [&](auto& e) { return e.name == name; });
  };
  ASSERT_TRUE(has(kTaskClock.name));
  ASSERT_TRUE(has("perf::CYCLES"));
  provider->open(events);
  provider->start();
  const auto readings = provider->stop();
  ASSERT_EQ(readings.size(), events.size());
  if (const std::string why = test_support::why_perf_events_are_missing(); !why.empty()) {
    for (std::size_t i = 0; i < events.size(); ++i) {
      EXPECT_FALSE(readings[i].value.has_value()) << events[i].name;
      EXPECT_NE(readings[i].unavailable.find("PAPI_"), std::string::npos) << events[i].name;
    }
    GTEST_SKIP() << why;
  }
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].name == kTaskClock.name) {
      EXPECT_TRUE(readings[i].value.has_value()) << readings[i].unavailable;
    }
    if (events[i].name != "perf::CYCLES") continue;
    if (readings[i].value) GTEST_SKIP() << "this machine counts cycles: it has a hardware PMU";
    EXPECT_NE(readings[i].unavailable.find("PAPI_add_named_event: PAPI_ENOEVNT"), std::string::npos)
        << readings[i].unavailable;
  }
}

TEST(Counters, UnknownEventNamesAreRefusedByName) {
  auto provider = probes::cpu::CpuBackend().counter_provider(cpu_device());
  try {
    provider->describe("NO_SUCH_EVENT_XYZ");
    FAIL() << "an unknown event was accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'NO_SUCH_EVENT_XYZ'"), std::string::npos) << e.what();
  }
  if (const std::string why = test_support::why_perf_events_are_missing(); !why.empty()) {
    // An event the machine cannot count is one it does not know: refused by name too.
    EXPECT_THROW(provider->describe(kTaskClock.name), roofline::InputError);
    GTEST_SKIP() << why;
  }
  EXPECT_EQ(provider->describe(kTaskClock.name).quantity, roofline::kCpuSeconds);
}

TEST(Counters, TheHarnessCountsOneExtraCallAfterTheTimedOnes) {
  const probes::cpu::CpuBackend backend;
  Counting counting(backend.counter_provider(cpu_device()), {kTaskClock});
  roofline::MeasureOptions options{
      .repetitions = 3, .min_sample_seconds = 0.001, .warmup_seconds = 0};
  auto uncounted = roofline::measure(*small_case()[0], options);
  options.counting = &counting;
  auto counted = roofline::measure(*small_case()[0], options);
  ASSERT_TRUE(uncounted.ok() && counted.ok()) << counted.error;
  EXPECT_TRUE(uncounted.counters.empty());
  EXPECT_EQ(counted.samples.size(), uncounted.samples.size());
  const roofline::Counter& clock = counted.counters.at(kTaskClock.name);
  if (const std::string why = test_support::why_perf_events_are_missing(); !why.empty()) {
    EXPECT_FALSE(clock.value.has_value());
    EXPECT_EQ(clock.verdict, Verdict::unavailable);
    GTEST_SKIP() << why;
  }
  ASSERT_TRUE(clock.value.has_value());
  // Not calibrated in this test: shown, never trusted.
  EXPECT_EQ(clock.verdict, Verdict::uncalibrated);
}

// Stands in for hardware FLOP and byte counters, which no development or CI machine has: each
// counted call reads the work its case declares, scaled per quantity.
class ScaledWorkProvider final : public roofline::CounterProvider {
 public:
  explicit ScaledWorkProvider(std::map<std::string, double> scale) : scale_(std::move(scale)) {}
  void set_work(const roofline::Work& w) { work_ = w; }
  std::string name() const override { return "scaled work"; }
  std::vector<EventSpec> default_events() const override { return {}; }
  EventSpec describe(const std::string& e) const override { return {e, e, 1}; }
  void open(const std::vector<EventSpec>& events) override { events_ = events; }
  void start() override {}
  std::vector<roofline::EventReading> stop() override {
    std::vector<roofline::EventReading> out;
    for (const auto& e : events_) {
      const auto expected = roofline::expected_value(e.quantity, work_, 0);
      if (e.quantity == "absent") {
        out.push_back({std::nullopt, "not on this machine"});
      } else {
        out.push_back({expected.value_or(0) * scale_.at(e.quantity), ""});
      }
    }
    return out;
  }
  std::string source(std::size_t) const override { return "test"; }

 private:
  std::map<std::string, double> scale_;
  std::vector<EventSpec> events_;
  roofline::Work work_;
};

roofline::CaseInfo declared(std::string variant, const roofline::Work& w) {
  roofline::CaseInfo info;
  info.family = "test";
  info.variant = std::move(variant);
  info.work = w;
  return info;
}

// A case that does nothing but declare its work.
class DeclaredWork final : public roofline::Case {
 public:
  DeclaredWork(std::string variant, roofline::Work w, ScaledWorkProvider& p)
      : Case(declared(std::move(variant), w)), provider_(p) {}
  void run() override { provider_.set_work(info_.work); }
  roofline::Verification verify() override { return {true, 0, 0, "declares its work only"}; }

 private:
  ScaledWorkProvider& provider_;
};

TEST(Counters, OnlyQuantitiesThatAgreeBecomeMeasuredWorkAndAi) {
  auto owned = std::make_unique<ScaledWorkProvider>(
      std::map<std::string, double>{{"flops", 1.001}, {"bytes.DRAM", 1.03}, {"bytes.L2", 1.5}});
  ScaledWorkProvider& provider = *owned;
  Counting counting(
      std::move(owned),
      {{"F", "flops", 1}, {"D", "bytes.DRAM", 1}, {"L2", "bytes.L2", 1}, {"X", "absent", 1}});
  const roofline::Work saxpy{.flops = 2e6, .bytes = 12e6, .bytes_write_allocate = 12e6};
  std::vector<std::unique_ptr<roofline::Case>> cal;
  cal.push_back(std::make_unique<DeclaredWork>("calibration", saxpy, provider));
  std::vector<std::string> failures;
  const auto records = counting.calibrate(cal, "test", failures);
  EXPECT_EQ(records.size(), 3u);  // F, D and L2; X has no value, "absent" no known value

  DeclaredWork kernel("kernel", {.flops = 4e6, .bytes = 8e6, .bytes_write_allocate = 10e6},
                      provider);
  roofline::Result r;
  counting.count(kernel, r);
  EXPECT_EQ(r.counters.at("F").verdict, Verdict::agrees);
  EXPECT_EQ(r.counters.at("D").verdict, Verdict::agrees);
  EXPECT_EQ(r.counters.at("L2").verdict, Verdict::disagrees);
  EXPECT_EQ(r.counters.at("X").verdict, Verdict::unavailable);
  EXPECT_EQ(r.counters.at("X").note, "not on this machine");
  ASSERT_TRUE(r.measured.has_value());
  EXPECT_DOUBLE_EQ(*r.measured->flops, 4e6 * 1.001);
  EXPECT_EQ(r.measured->bytes, (std::map<std::string, double>{{"DRAM", 10e6 * 1.03}}));
  EXPECT_DOUBLE_EQ(r.measured->ai.at("DRAM"), 4e6 * 1.001 / (10e6 * 1.03));

  // Counters and calibration survive the results file (named, as the schema asks of a result).
  r.family = "test";
  r.variant = "kernel";
  roofline::Results results;
  results.results = {r};
  results.calibration = records;
  const auto back = roofline::results_from_json(roofline::to_json(results));
  EXPECT_EQ(roofline::to_json(back), roofline::to_json(results));
}

}  // namespace
