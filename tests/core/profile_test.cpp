#include <gtest/gtest.h>

#include <climits>

#include "roofline/json_io.hpp"
#include "sample.hpp"

using namespace roofline;

TEST(Profile, CacheCapacityGrowsWithThreadsUpToItsInstances) {
  Cache l2{"L2", 512 << 10, 2, 1};
  EXPECT_DOUBLE_EQ(l2.capacity(1), 512 << 10);
  EXPECT_DOUBLE_EQ(l2.capacity(2), 2 * (512 << 10));
  EXPECT_DOUBLE_EQ(l2.capacity(8), 2 * (512 << 10));
  Cache l3{"L3", 32 << 20, 1, 2};
  EXPECT_DOUBLE_EQ(l3.capacity(1), 32 << 20);
  EXPECT_DOUBLE_EQ(l3.capacity(2), 32 << 20);
  // threads + cpus_per_instance - 1 overflowed an int here (UBSan's report, issue 29).
  EXPECT_DOUBLE_EQ(l3.capacity(INT_MAX), 32 << 20);
}

TEST(Profile, LevelOfAWorkingSet) {
  const auto d = sample::cpu();
  EXPECT_EQ(d.level_for(16 << 10, 1), "L1");
  EXPECT_EQ(d.level_for(48 << 10, 1), "L2");
  EXPECT_EQ(d.level_for(48 << 10, 2), "L1");  // two private L1s hold 64 KiB
  EXPECT_EQ(d.level_for(8 << 20, 2), "L3");
  EXPECT_EQ(d.level_for(256 << 20, 2), "DRAM");
}

TEST(Profile, BetweenTwoPlateausTheProbesOwnReadSaysWhereTheDataLives) {
  auto d = sample::cpu();  // a 32 MiB L3 shared by both threads
  constexpr double MiB = 1 << 20;
  d.memory.push_back({"L3", "read", 2, sample::around(200e9), 2 * MiB, 16 * MiB, "plateau"});
  d.sweep = {
      {"read", 2, "temporal", 16 * MiB, {200e9}}, {"read", 2, "temporal", 24 * MiB, {150e9}},
      {"read", 2, "temporal", 32 * MiB, {45e9}},  {"read", 2, "temporal", 48 * MiB, {38e9}},
      {"read", 2, "temporal", 256 * MiB, {35e9}}, {"copy", 2, "temporal", 32 * MiB, {190e9}}};
  EXPECT_EQ(d.level_for(8 * MiB, 2), "L3");   // on the L3 plateau
  EXPECT_EQ(d.level_for(24 * MiB, 2), "L3");  // read at 150 GB/s: nearer L3's 200 than DRAM's 35
  // At the L3's capacity the read ran at 45 GB/s: the data lives in DRAM, whatever copy did.
  EXPECT_EQ(d.level_for(32 * MiB, 2), "DRAM");
  EXPECT_EQ(d.level_for(28 * MiB, 2), "DRAM");  // 79 GB/s, log-log between 24 and 32 MiB
  EXPECT_EQ(d.level_for(64 * MiB, 2), "DRAM");
  // With one thread the profile has no sweep: the capacity decides.
  EXPECT_EQ(d.level_for(32 * MiB, 1), "L3");
  EXPECT_EQ(d.level_for(20 * MiB, 2), "L3");  // between 16 MiB at 200 and 24 MiB at 150 GB/s
  // Without a sweep point on each side of it, the capacity decides: 28 MiB fits the L3.
  d.sweep.erase(d.sweep.begin(), d.sweep.begin() + 2);
  EXPECT_EQ(d.level_for(28 * MiB, 2), "L3");
  EXPECT_EQ(d.level_for(32 * MiB, 2), "DRAM");
  d.sweep.clear();
  EXPECT_EQ(d.level_for(32 * MiB, 2), "L3");
}

TEST(Profile, PastWhereTheSweepMeasuredALevelsPlateauTheDataLivesThere) {
  // A guest that reports its host's L3 (508 MiB x 2) and reaches 32 MiB of it.
  constexpr double MiB = 1 << 20;
  Device d;
  d.caches = {{"L1", 48 << 10, 2, 1}, {"L2", 1 << 20, 2, 1}, {"L3", 508 * MiB, 2, 1}};
  d.memory = {{"L3", "read", 2, sample::around(50e9), 4 * MiB, 16 * MiB, "plateau"},
              {"DRAM", "read", 2, sample::around(20e9), 40 * MiB, 256 * MiB, "plateau"}};
  EXPECT_EQ(d.level_for(8 * MiB, 2), "L3");
  EXPECT_EQ(d.level_for(100 * MiB, 2), "DRAM");
  EXPECT_EQ(d.level_for(600 * MiB, 2), "DRAM");
  EXPECT_EQ(d.level_for(100 * MiB, 1), "L3");  // nothing measured with one thread
}

TEST(Profile, RooflineTakesTheBestKernelPerLevelAtTheThreadCount) {
  const auto d = sample::cpu();
  EXPECT_EQ(d.max_threads_measured(), 2);
  const auto all = d.roofline();
  EXPECT_NEAR(*all.bandwidth("DRAM"), 35e9, 1e3);  // read beats triad
  EXPECT_NEAR(*all.peak(Precision::fp32), 220e9, 1e3);
  const auto one = d.roofline(1);
  EXPECT_NEAR(*one.peak(Precision::fp32), 111e9, 1e3);
  EXPECT_FALSE(one.bandwidth("DRAM").has_value());
}

TEST(Placement, ResultsAboveTheirRoofAreFlagged) {
  auto r = sample::results();  // its verified point sits at about 55% of its roof
  EXPECT_TRUE(roofline::above_roof(r).empty());
  r.results[0].placement->efficiency = 1.05;  // within the margin: noise, not a changed machine
  EXPECT_TRUE(roofline::above_roof(r).empty());
  r.results[0].placement->efficiency = 1.5;
  const auto above = roofline::above_roof(r);
  ASSERT_EQ(above.size(), 1u);
  EXPECT_EQ(above[0], &r.results[0]);
}

TEST(Placement, AResultWithTheRoofOfItsSecondsIsPlacedAgainstThatToo) {
  auto r = sample::results();  // memory-bound, with a roof_now of half the profile's DRAM roof
  roofline::Result& ok = r.results[0];
  const roofline::Roofline roofs = r.machine.devices[0].roofline();
  ASSERT_TRUE(ok.placement && ok.placement->efficiency_now);
  EXPECT_NEAR(*ok.placement->efficiency_now, 2 * ok.placement->efficiency, 1e-9);
  ok.roof_now.reset();
  roofline::place(ok, roofs);
  ASSERT_TRUE(ok.placement.has_value());
  EXPECT_FALSE(ok.placement->efficiency_now.has_value());
  // Bound by compute, the roof of the same seconds changes nothing.
  ok.work.flops *= 1000;
  ok.roof_now = roofline::summarize({17.5e9});
  roofline::place(ok, roofs);
  ASSERT_EQ(ok.placement->bound, roofline::Bound::compute);
  EXPECT_DOUBLE_EQ(*ok.placement->efficiency_now, ok.placement->efficiency);
}

TEST(Placement, AStableResultFarBelowItsRoofCarriesANoteNamingTheRoof) {
  auto r = sample::results();
  roofline::Result& ok = r.results[0];
  const roofline::Roofline roofs = r.machine.devices[0].roofline();
  EXPECT_TRUE(ok.placement->note.empty());  // 1.1 of the roof of its own seconds
  EXPECT_TRUE(roofline::far_below_roof(r).empty());
  ok.roof_now.reset();
  for (double& t : ok.samples) t *= 4;
  ok.time = roofline::summarize(ok.samples);
  roofline::place(ok, roofs);
  ASSERT_LT(ok.placement->efficiency, roofline::kFarBelowRoof);
  EXPECT_NE(ok.placement->note.find("far below its roof"), std::string::npos);
  EXPECT_NE(ok.placement->note.find("DRAM roof (3.5e+10 B/s)"), std::string::npos)
      << ok.placement->note;
  ASSERT_EQ(roofline::far_below_roof(r).size(), 1u);
  // Written and read back with the results.
  const roofline::Results back = roofline::results_from_json(roofline::to_json(r));
  EXPECT_EQ(back.results[0].placement->note, ok.placement->note);
  // An unstable result is noise before it is a finding.
  ok.time->unstable = true;
  roofline::place(ok, roofs);
  EXPECT_TRUE(ok.placement->note.empty());
}

TEST(Placement, RoofChecksAreComparedWithTheRoofTheResultsArePlacedUnder) {
  auto r = sample::results();  // checks at 34 and 36 GB/s against a DRAM roof of 35 GB/s
  EXPECT_NEAR(*roofline::roof_check_ratio(r, "cpu", "before"), 34.0 / 35.0, 1e-3);
  EXPECT_NEAR(*roofline::roof_check_ratio(r, "cpu", "after"), 36.0 / 35.0, 1e-3);
  EXPECT_FALSE(roofline::roof_moved(r, "cpu"));
  // The roof is the fastest of its kernels: a slower one beside the fastest changes nothing.
  r.roof_checks.push_back(sample::roof_check("after", 20e9));
  EXPECT_NEAR(*roofline::roof_check_ratio(r, "cpu", "after"), 36.0 / 35.0, 1e-3);
  EXPECT_EQ(roofline::fastest_roof_check(r, "cpu", "after"), &r.roof_checks[1]);
  EXPECT_FALSE(roofline::roof_moved(r, "cpu"));
  r.roof_checks[1] = sample::roof_check("after", 30e9);  // 0.857 of the roof
  EXPECT_TRUE(roofline::roof_moved(r, "cpu"));
  EXPECT_FALSE(roofline::roof_moved(r, "cuda:0"));
  r.roof_checks[1] = sample::roof_check("after", 40e9);  // 1.14: the machine got faster
  EXPECT_TRUE(roofline::roof_moved(r, "cpu"));
  // A failed check is not the fastest; with every check of a moment failed there is no ratio, and
  // no moved roof.
  r.roof_checks[1].verification.passed = false;
  EXPECT_EQ(roofline::fastest_roof_check(r, "cpu", "after"), &r.roof_checks[2]);
  r.roof_checks[2].verification.passed = false;
  EXPECT_FALSE(roofline::roof_check_ratio(r, "cpu", "after").has_value());
  EXPECT_FALSE(roofline::roof_moved(r, "cpu"));
  // Nor is there a ratio without a roof of the check's level.
  r.roof_checks[0].level = "L2";
  EXPECT_FALSE(roofline::roof_check_ratio(r, "cpu", "before").has_value());
}

TEST(Result, FailureSaysWhyInTheWordsOfEveryOutput) {
  roofline::Result r = sample::results().results[0];
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.failure(), "");
  r.time.reset();
  EXPECT_EQ(r.failure(), "no timing samples");
  r.verification = {.passed = false, .max_error = 1, .tolerance = 0, .message = "element 7 is 1"};
  EXPECT_EQ(r.failure(), "verification failed: element 7 is 1");
  r.verification.message.clear();
  EXPECT_EQ(r.failure(), "verification failed");
  r.error = "run failed: out of memory";  // an error says more than the check it prevented
  EXPECT_EQ(r.failure(), "run failed: out of memory");
}
