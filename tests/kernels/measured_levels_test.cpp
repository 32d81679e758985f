// A guest that reports its host's last cache (a 2-vCPU Zen 5 reported 508 MiB x 2 and reached
// 32 MiB of it): every case's level follows what the probe measured, and its DRAM cases are sized
// there; without a profile they are sized from the report only as far as it is plausible.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>

#include "kernels/cpu/cases.hpp"
#include "kernels/suite.hpp"

namespace kernels::cpu {
namespace {

constexpr double kMiB = 1 << 20;
constexpr double kOnset = 64 * kMiB;  // where the guest's sweep showed DRAM begin

roofline::Summary around(double bytes_per_s) {
  return {.n = 9, .median = bytes_per_s, .min = bytes_per_s, .max = bytes_per_s};
}

// The guest as hwloc reports it: private caches, the host's 508 MiB L3 per core.
roofline::Device reported_guest() {
  roofline::Device d;
  d.id = "cpu";
  d.backend = "cpu";
  d.compute_units = 2;
  d.memory_bytes = 8192 * kMiB;
  d.caches = {{"L1", 48 << 10, 2, 1}, {"L2", 1 << 20, 2, 1}, {"L3", 508 * kMiB, 2, 1}};
  return d;
}

// The guest as its probe measured it: DRAM from 64 MiB (the fact the sweep's onset sets), the
// DRAM read plateau pooled from 128 MiB on (its 64 MiB point read 45 GB/s, outside 10% of the
// plateau but inside the onset's 35%: nearer the L3's 60 GB/s than DRAM's 30).
roofline::Device probed_guest() {
  roofline::Device d = reported_guest();
  d.facts["dram_from"] = kOnset;
  for (int threads : {1, omp_get_max_threads()}) {
    d.memory.push_back({"L3", "read", threads, around(60e9), 4 * kMiB, 16 * kMiB, "plateau"});
    d.memory.push_back({"DRAM", "read", threads, around(30e9), 128 * kMiB, 256 * kMiB, "plateau"});
    for (double ws : {16 * kMiB, 32 * kMiB, kOnset, 128 * kMiB, 256 * kMiB})
      d.sweep.push_back({"read",
                         threads,
                         "temporal",
                         ws,
                         {ws <= 16 * kMiB ? 60e9
                          : ws <= kOnset  ? 45e9
                                          : 30e9}});
  }
  return d;
}

// Every case of every family, quick and full.
Cases every_case(const roofline::Device& device) {
  Cases all;
  for (bool quick : {true, false}) {
    roofline::RunOptions options;
    options.quick = quick;
    options.families = {"all"};
    for (auto& c : make_cases(device, options)) all.push_back(std::move(c));
  }
  return all;
}

// The largest working set of the cases sized by the DRAM rule (GEMM's squares are its own list).
double largest_working_set(const Cases& cases) {
  double largest = 0;
  for (const auto& c : cases)
    if (c->info().family != "gemm") largest = std::max(largest, c->info().work.working_set);
  return largest;
}

// The nested SAXPY's elements per array at fp32 (all its DRAM cases have the same).
std::int64_t nested_saxpy_n(const Cases& cases) {
  for (const auto& c : cases)
    if (c->info().family == "nested_saxpy" && c->info().work.precision == roofline::Precision::fp32)
      return c->info().params.at("n").get<std::int64_t>();
  return 0;
}

TEST(MeasuredLevels, EveryCaseLivesInTheLevelTheProbeMeasuredNotTheReportedL3) {
  const roofline::Device guest = probed_guest();
  const Cases cases = every_case(guest);
  ASSERT_FALSE(cases.empty());
  int in_dram = 0;
  for (const auto& c : cases) {
    const roofline::CaseInfo& info = c->info();
    const bool past_onset = info.work.working_set >= kOnset;
    EXPECT_EQ(info.level == "DRAM", past_onset)
        << info.family << "/" << info.variant << " " << info.params.dump() << " at "
        << info.work.working_set << " bytes: " << info.level;
    in_dram += past_onset;
  }
  EXPECT_GT(in_dram, 0);
  // Sized where the sweep showed DRAM: 8M fp32 elements in the nested SAXPY's two arrays.
  EXPECT_EQ(nested_saxpy_n(cases), static_cast<std::int64_t>(kOnset / 8));
  EXPECT_LT(largest_working_set(cases), 1.01 * kOnset);
  EXPECT_EQ(guest.cache_caveat(), "");  // measured: nothing to caveat
}

TEST(MeasuredLevels, WithoutAProfileTheReportedL3IsReliedOnOnlyAsFarAsIsPlausible) {
  const roofline::Device guest = reported_guest();
  const double reach = 2 * roofline::kLargestCachePerUnit;  // 96 MiB for two cores
  EXPECT_DOUBLE_EQ(guest.last_cache_reach(2), reach);
  EXPECT_DOUBLE_EQ(dram_working_set(guest), 4 * reach);  // not 4 x 1016 MiB
  const Cases cases = every_case(guest);
  EXPECT_EQ(nested_saxpy_n(cases), static_cast<std::int64_t>(4 * reach / 8));
  EXPECT_LT(largest_working_set(cases), 1.01 * 4 * reach);
  for (const auto& c : cases)
    EXPECT_EQ(c->info().level == "DRAM", c->info().work.working_set > reach)
        << c->info().family << "/" << c->info().variant << " " << c->info().work.working_set;
  EXPECT_EQ(guest.cache_caveat(),
            "L3: 1016 MiB reported for 2 compute units, at most 96 MiB relied on (48 MiB per "
            "unit: a virtual machine may report its host's) until a probe measures where DRAM "
            "begins");
}

TEST(MeasuredLevels, APlausibleReportIsReliedOnAsItIs) {
  roofline::Device zen3 = reported_guest();
  zen3.caches.back() = {"L3", 32 * kMiB, 1, 2};
  EXPECT_DOUBLE_EQ(zen3.last_cache_reach(2), 32 * kMiB);
  EXPECT_DOUBLE_EQ(dram_working_set(zen3), 128 * kMiB);
  EXPECT_EQ(zen3.cache_caveat(), "");
  EXPECT_EQ(zen3.level_for(24 * kMiB, 2), "L3");
  EXPECT_EQ(zen3.level_for(40 * kMiB, 2), "DRAM");
}

}  // namespace
}  // namespace kernels::cpu
