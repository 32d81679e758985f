// The bandwidth sweep: configurations, the working-set grid, the case list, verification at tiny
// sizes (and a wrong element caught), and results turned into sweep points.
#include "probes/cpu/bandwidth.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "probes/bandwidth_sweep.hpp"
#include "probes/levels.hpp"
#include "roofline/input_error.hpp"

namespace {

using kernels::Store;
using kernels::StreamOp;
using probes::cpu::bandwidth_config;

constexpr double KiB = 1024, MiB = 1024 * KiB;

roofline::Device zen3_like() {
  roofline::Device d;
  d.id = "cpu";
  d.compute_units = 2;
  d.memory_bytes = 16e9;
  d.caches = {{"L1", 32 * KiB, 2, 1}, {"L2", 512 * KiB, 2, 1}, {"L3", 32 * MiB, 1, 2}};
  return d;
}

TEST(BandwidthConfig, RoundsToWholeLinesPerThreadAndLastsLongEnough) {
  const auto c =
      bandwidth_config(StreamOp::triad, Store::temporal, 2, 100 * KiB, kernels::cpu::kBaselineIsa);
  EXPECT_EQ(c.n % 16, 0u);  // 8 doubles per line × 2 threads
  const double ws = probes::cpu::bandwidth_work(c).working_set;
  EXPECT_NEAR(ws, 100 * KiB, 3 * 16 * 8);  // within one quantum of 3 arrays
  EXPECT_EQ(ws, 3.0 * c.n * 8);
  EXPECT_GE(probes::cpu::bandwidth_work(c).bytes, 2 * 16 * MiB);
  EXPECT_DOUBLE_EQ(probes::cpu::bandwidth_work(c).bytes, c.passes * ws);
}

TEST(BandwidthConfig, DaxpyHoldsTwoArraysAndMovesThree) {
  const auto c =
      bandwidth_config(StreamOp::daxpy, Store::temporal, 1, 64 * KiB, kernels::cpu::kBaselineIsa);
  const auto w = probes::cpu::bandwidth_work(c);
  EXPECT_EQ(w.working_set, 2.0 * c.n * 8);
  EXPECT_NEAR(w.working_set, 64 * KiB, 2 * 8 * 8);
  EXPECT_DOUBLE_EQ(w.bytes, c.passes * 3.0 * c.n * 8);
  EXPECT_EQ(w.bytes_write_allocate, w.bytes);
  EXPECT_GE(w.bytes, 16 * MiB);
  EXPECT_LT(w.bytes, 17 * MiB);  // passes counted from the bytes moved, not the working set
}

TEST(SweepPlan, ReachesFourTimesTheLastCacheAndStaysWithinMemory) {
  auto device = zen3_like();
  const auto quick = probes::cpu::sweep_plan(device, true);
  EXPECT_EQ(quick.threads, (std::vector<int>{1, 2}));
  EXPECT_GE(quick.max_working_set, 4 * 32 * MiB);
  EXPECT_EQ(probes::cpu::sweep_plan(device, false).points_per_octave, 2 * quick.points_per_octave);
  device.memory_bytes = 256 * MiB;
  EXPECT_LE(probes::cpu::sweep_plan(device, true).max_working_set, 64 * MiB);
}

TEST(SweepWorkingSets, AreLogSpacedAndDenseAroundEveryCapacity) {
  const auto device = zen3_like();
  const auto plan = probes::cpu::sweep_plan(device, true);
  for (int threads : plan.threads) {
    const auto sizes = probes::sweep_working_sets(plan, device.caches, threads);
    ASSERT_FALSE(sizes.empty());
    EXPECT_GE(sizes.front(), plan.min_working_set);
    EXPECT_LE(sizes.back(), plan.max_working_set * 1.0001);
    // Past twice the last cache (DRAM's plateau is all that is left there) one step per octave,
    // and the top.
    const double past = 2 * device.caches.back().capacity(threads);
    ASSERT_EQ(plan.points_per_octave_past_caches, 1);
    EXPECT_DOUBLE_EQ(sizes.back(), plan.max_working_set);
    for (std::size_t i = 1; i < sizes.size(); ++i) {
      EXPECT_GT(sizes[i], sizes[i - 1] * 1.019);
      const int density =
          sizes[i - 1] >= past ? plan.points_per_octave_past_caches : plan.points_per_octave;
      EXPECT_LE(sizes[i], sizes[i - 1] * std::exp2(1.0 / density) * 1.0001) << sizes[i - 1];
    }
    for (const auto& cache : device.caches)
      for (double f : {0.5, 0.75, 1.0, 1.5, 2.0}) {
        const double want = f * cache.capacity(threads);
        const bool near = std::any_of(sizes.begin(), sizes.end(),
                                      [&](double ws) { return std::abs(ws / want - 1) < 0.021; });
        EXPECT_TRUE(near) << cache.level << " x" << f << " threads " << threads;
      }
  }
}

// The sweep's cases, step after step.
std::vector<std::unique_ptr<roofline::Case>> all_cases(const roofline::Device& device,
                                                       const probes::cpu::SweepPlan& plan) {
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (auto& step : probes::cpu::bandwidth_steps(device, plan))
    for (auto& c : step.cases) cases.push_back(std::move(c));
  return cases;
}

TEST(BandwidthSteps, AscendByWorkingSetWithEveryKernelAndThreadCountAtEach) {
  const auto device = zen3_like();
  const auto steps = probes::cpu::bandwidth_steps(device, probes::cpu::sweep_plan(device, false));
  ASSERT_GT(steps.size(), 10u);
  for (std::size_t i = 1; i < steps.size(); ++i)
    EXPECT_GT(steps[i].working_set, steps[i - 1].working_set);
  // Off the densified capacities both thread counts sweep the same grid point.
  std::set<std::pair<std::string, int>> at_first;
  for (const auto& c : steps.front().cases)
    at_first.insert({c->info().params.at("kernel"), c->info().params.at("threads").get<int>()});
  EXPECT_EQ(at_first.size(), 2 * probes::cpu::SweepPlan{}.kernels.size());
}

TEST(BandwidthCases, NonTemporalOnlyForStoringKernelsFromTheLastCacheUp) {
  const auto device = zen3_like();
  auto plan = probes::cpu::sweep_plan(device, true);
  int nontemporal = 0;
  for (const auto& c : all_cases(device, plan)) {
    const auto& p = c->info().params;
    EXPECT_EQ(c->info().family, "bandwidth");
    if (p.at("store") != "nontemporal") continue;
    ++nontemporal;
    EXPECT_NE(p.at("kernel"), "read");
    EXPECT_NE(p.at("kernel"), "daxpy");  // in place: no write-allocate to save
    EXPECT_GE(p.at("working_set").get<double>() * 1.02, 32 * MiB);
    EXPECT_TRUE(c->info().level == "L3" || c->info().level == "DRAM") << c->info().level;
  }
  EXPECT_GT(nontemporal, 0);
}

TEST(BandwidthCases, QuickSweepsDaxpyWithAllCoresOnlyFullWithBoth) {
  const auto device = zen3_like();
  for (bool quick : {true, false}) {
    std::set<int> daxpy_threads;
    for (const auto& c : all_cases(device, probes::cpu::sweep_plan(device, quick)))
      if (c->info().params.at("kernel") == "daxpy")
        daxpy_threads.insert(c->info().params.at("threads").get<int>());
    EXPECT_EQ(daxpy_threads, (quick ? std::set<int>{2} : std::set<int>{1, 2})) << quick;
  }
}

int threads_of(const roofline::Case& c) { return c.info().params.at("threads").get<int>(); }

TEST(BandwidthSteps, QuickDefersOneThreadPastTwiceItsLastCacheFullDefersNothing) {
  const auto device = zen3_like();  // one thread reaches one 32 MiB L3 instance
  for (const auto& step :
       probes::cpu::bandwidth_steps(device, probes::cpu::sweep_plan(device, true))) {
    const bool past = step.working_set > 2.02 * 32 * MiB;
    EXPECT_EQ(step.deferred.empty(), !past) << step.working_set;
    for (const auto& c : step.deferred) EXPECT_EQ(threads_of(*c), 1);
    for (const auto& c : step.cases) {
      if (past) {
        EXPECT_EQ(threads_of(*c), 2) << step.working_set;
      }
    }
  }
  for (const auto& step :
       probes::cpu::bandwidth_steps(device, probes::cpu::sweep_plan(device, false)))
    EXPECT_TRUE(step.deferred.empty()) << step.working_set;
}

TEST(DeferredStep, OnlyWhereTheFewerThreadsHaveNoPointFromDramsOnset) {
  const auto device = zen3_like();
  const auto steps = probes::cpu::bandwidth_steps(device, probes::cpu::sweep_plan(device, true));
  // The quick grid past 64 MiB: 128 MiB, then the top (192 MiB), both with deferred cases.
  std::vector<double> deferred_at;
  for (const auto& step : steps)
    if (!step.deferred.empty()) deferred_at.push_back(step.working_set);
  ASSERT_EQ(deferred_at.size(), 2u);
  const auto index_of = [&](double ws) {
    for (std::size_t i = 0; i < steps.size(); ++i)
      if (steps[i].working_set == ws) return i;
    return steps.size();
  };
  // DRAM from 48 MiB: one thread has points at 48 and 64 MiB already.
  EXPECT_EQ(probes::cpu::deferred_step(steps, steps.size(), 48 * MiB), std::nullopt);
  // DRAM from 100 MiB (shown once the sweep took the step at 128 MiB): one thread's first.
  EXPECT_EQ(probes::cpu::deferred_step(steps, index_of(deferred_at[0]) + 1, 100 * MiB),
            index_of(deferred_at[0]));
  // Not shown by the top: one thread's point there, the last step taken.
  EXPECT_EQ(probes::cpu::deferred_step(steps, steps.size(), std::nullopt),
            index_of(deferred_at[1]));
  // Nothing deferred among the steps taken.
  EXPECT_EQ(probes::cpu::deferred_step(steps, 3, std::nullopt), std::nullopt);
}

// The working sets of the steps from index `from` on.
std::vector<double> working_sets(const std::vector<probes::cpu::SweepStep>& steps,
                                 std::size_t from) {
  std::vector<double> sets;
  for (std::size_t i = from; i < steps.size(); ++i) sets.push_back(steps[i].working_set);
  return sets;
}

TEST(ThinToFit, KeepsEveryStepWhenTheyFitElseDropsEveryOtherUpToTheOneNeeded) {
  const auto device = zen3_like();
  const auto plan = probes::cpu::sweep_plan(device, true);
  auto steps = probes::cpu::bandwidth_steps(device, plan);
  std::size_t next = 0;
  while (steps[next].working_set < 16 * MiB) ++next;
  std::size_t needed = next;  // DRAM would show at 128 MiB: the step that reaches it
  while (steps[needed].working_set < 128 * MiB) ++needed;
  const std::vector<double> planned = working_sets(steps, 0);
  // The steps so far: a case costs 10 ms at small sets, 40 ms at 8 MiB, so 30 ms per 8 MiB more.
  const std::vector<probes::cpu::StepCost> taken = {{64 * KiB, 10, 0.1}, {8 * MiB, 10, 0.4}};
  double up_to_needed = 0;
  for (std::size_t i = next; i <= needed; ++i)
    up_to_needed += steps[i].cases.size() * (0.01 + 0.03 * steps[i].working_set / (8 * MiB));
  ASSERT_GT(needed, next + 2);

  EXPECT_EQ(probes::cpu::thin_to_fit(steps, next, taken, 128 * MiB, 1.01 * up_to_needed, 0).cases,
            0);
  EXPECT_EQ(working_sets(steps, 0), planned);

  // Just short: every other step between the next one and the one needed goes, once.
  auto thinned = probes::cpu::bandwidth_steps(device, plan);
  const auto once =
      probes::cpu::thin_to_fit(thinned, next, taken, 128 * MiB, 0.99 * up_to_needed, 0);
  EXPECT_GT(once.cases, 0);
  EXPECT_LE(once.seconds, 0.99 * up_to_needed);
  std::vector<double> expected(planned.begin(), planned.begin() + next);
  for (std::size_t i = next; i < planned.size(); ++i)
    if (i >= needed || (i - next) % 2 == 0) expected.push_back(planned[i]);
  EXPECT_EQ(working_sets(thinned, 0), expected);

  // No time at all: only the next step, the one needed and those past it are left.
  int cases_between = 0;
  for (std::size_t i = next + 1; i < needed; ++i)
    cases_between += static_cast<int>(steps[i].cases.size() + steps[i].deferred.size());
  const auto all = probes::cpu::thin_to_fit(steps, next, taken, 128 * MiB, 0, 0);
  EXPECT_EQ(all.cases, cases_between);
  EXPECT_GT(all.seconds, 0);  // what is left still takes time: the caller says it runs over
  expected.assign(planned.begin(), planned.begin() + next + 1);
  expected.insert(expected.end(), planned.begin() + needed, planned.end());
  EXPECT_EQ(working_sets(steps, 0), expected);

  // Steps below keep_below stay whatever the time.
  auto whole_below = probes::cpu::bandwidth_steps(device, plan);
  probes::cpu::thin_to_fit(whole_below, next, taken, 128 * MiB, 0, 40 * MiB);
  for (std::size_t i = 0; i < planned.size() && planned[i] < 40 * MiB; ++i)
    EXPECT_EQ(whole_below[i].working_set, planned[i]);
  EXPECT_LT(whole_below.size(), planned.size());
}

TEST(BandwidthCases, EveryKernelAndStoreVerifiesAtTinySizes) {
  const auto plan = probes::cpu::sweep_plan(zen3_like(), true);
  EXPECT_NE(std::find(plan.kernels.begin(), plan.kernels.end(), StreamOp::daxpy),
            plan.kernels.end());
  for (StreamOp op : plan.kernels)
    for (Store store : {Store::temporal, Store::nontemporal})
      for (int threads : {1, 2}) {
        if (op == StreamOp::read && store == Store::nontemporal) continue;
        const auto config =
            bandwidth_config(op, store, threads, 48 * KiB, kernels::cpu::best_isa());
        auto c = probes::cpu::make_bandwidth_case(config, "cpu", "L2");
        c->prepare();
        c->run();  // many passes; daxpy's output then differs from its initial values
        c->run();
        const auto v = c->verify();
        c->release();
        EXPECT_TRUE(v.passed) << kernels::to_string(op) << " " << kernels::to_string(store) << " x"
                              << threads << ": " << v.message;
      }
}

TEST(BandwidthCases, TheOutputCheckCatchesOneWrongElement) {
  // The check the bandwidth cases use: copy must be exact, so one ulp off in one element fails.
  const std::size_t n = 1000;
  std::vector<double> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = 1.0 + i * 0.001;
  kernels::cpu::stream_run({.op = StreamOp::copy, .threads = 2, .isa = kernels::cpu::best_isa()},
                           out.data(), in.data(), nullptr, n, 0.0);
  EXPECT_TRUE(kernels::verify_stream_output(StreamOp::copy, out.data(), in.data(),
                                            static_cast<const double*>(nullptr), n, 0.0)
                  .passed);
  out[517] = std::nextafter(out[517], 2.0);
  const auto v = kernels::verify_stream_output(StreamOp::copy, out.data(), in.data(),
                                               static_cast<const double*>(nullptr), n, 0.0);
  EXPECT_FALSE(v.passed);
  EXPECT_NE(v.message.find("517"), std::string::npos) << v.message;
}

TEST(BandwidthCases, BadConfigurationsAreInputErrors) {
  auto c =
      bandwidth_config(StreamOp::read, Store::temporal, 1, 4 * KiB, kernels::cpu::kBaselineIsa);
  c.threads = 0;
  EXPECT_THROW(probes::cpu::make_bandwidth_case(c, "cpu", "L1"), roofline::InputError);
  c.threads = 1;
  c.n = 0;
  EXPECT_THROW(probes::cpu::make_bandwidth_case(c, "cpu", "L1"), roofline::InputError);
}

TEST(RoofCheck, RepeatsTheSweepPointsBehindEveryAllCoreDramCeiling) {
  auto device = zen3_like();
  EXPECT_TRUE(probes::cpu::roof_check_cases(device).empty());  // no ceilings: nothing to check
  const auto at = [](double v) { return roofline::summarize({v, v}); };
  device.memory = {{"DRAM", "copy", 2, at(40e9), 128 * MiB, 192 * MiB, ""},
                   {"DRAM", "triad", 2, at(45e9), 128 * MiB, 160 * MiB, ""},
                   {"DRAM", "read", 1, at(60e9), 128 * MiB, 192 * MiB, ""},
                   {"L3", "read", 2, at(90e9), 1 * MiB, 16 * MiB, ""}};
  device.sweep = {{"triad", 2, "temporal", 128 * MiB, {40e9}},
                  {"triad", 2, "temporal", 160 * MiB, {42e9}},
                  {"triad", 2, "nontemporal", 160 * MiB, {46e9}},
                  {"triad", 2, "nontemporal", 192 * MiB, {30e9}},  // past the plateau
                  {"triad", 1, "nontemporal", 160 * MiB, {20e9}},
                  {"copy", 2, "temporal", 192 * MiB, {35e9}},
                  {"copy", 2, "nontemporal", 192 * MiB, {50e9}}};
  // Both all-core DRAM kernels, each at its plateau's largest point with its best store; not the
  // one-thread read, nor the L3.
  auto cases = probes::cpu::roof_check_cases(device);
  ASSERT_EQ(cases.size(), 2u);
  std::map<std::string, const roofline::CaseInfo*> by_kernel;
  for (const auto& c : cases) by_kernel[c->info().params.at("kernel")] = &c->info();
  ASSERT_TRUE(by_kernel.contains("triad") && by_kernel.contains("copy"));
  for (const auto* info : {by_kernel["triad"], by_kernel["copy"]}) {
    EXPECT_EQ(info->level, "DRAM");
    EXPECT_EQ(info->params.at("store"), "nontemporal");
    EXPECT_EQ(info->params.at("threads"), 2);
    EXPECT_EQ(info->params.at("balanced"), true);  // as the probe ran it past the caches
  }
  EXPECT_NEAR(by_kernel["triad"]->work.working_set, 160 * MiB, 0.001 * MiB);
  EXPECT_NEAR(by_kernel["copy"]->work.working_set, 192 * MiB, 0.001 * MiB);

  // A profile whose sweep stopped short of the last cache (--max-working-set): its largest point,
  // run as the probe ran it there, one block per thread.
  device.memory = {{"DRAM", "read", 2, at(80e9), 1 * MiB, 1 * MiB, ""}};
  device.sweep = {{"read", 2, "temporal", 1 * MiB, {80e9}}};
  cases = probes::cpu::roof_check_cases(device);
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0]->info().params.at("balanced"), false);
  EXPECT_NEAR(cases[0]->info().work.working_set, 1 * MiB, 0.001 * MiB);
}

TEST(SweepPoints, KeepVerifiedBandwidthResultsAsBytesPerSecond) {
  roofline::Result good;
  good.family = "bandwidth";
  good.params = {{"kernel", "copy"}, {"threads", 2}, {"store", "nontemporal"}};
  good.work.bytes = 4e6;
  good.work.working_set = 1e6;
  good.verification.passed = true;
  good.samples = {0.001, 0.002};
  good.time = roofline::summarize(good.samples);
  roofline::Result failed = good;
  failed.verification.passed = false;
  const auto points = probes::sweep_points({good, failed});
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].kernel, "copy");
  EXPECT_EQ(points[0].threads, 2);
  EXPECT_EQ(points[0].store, "nontemporal");
  EXPECT_EQ(points[0].working_set, 1e6);
  EXPECT_EQ(points[0].bytes_per_s, (std::vector<double>{4e9, 2e9}));
}

}  // namespace
