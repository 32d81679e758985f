#include <gtest/gtest.h>

#include <climits>

#include "roofline/json_io.hpp"
#include "roofline/physical_limits.hpp"
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

TEST(Profile, ACallPaysTheLeastLatencyOfItsThreadCountsCallKinds) {
  const auto cpu = sample::cpu();
  EXPECT_NEAR(*cpu.call_latency(2), 250e-9, 1e-12);  // the team beats fork/join; no barrier
  EXPECT_NEAR(*cpu.call_latency(1), 30e-9, 1e-12);
  EXPECT_FALSE(cpu.call_latency(4).has_value());
  EXPECT_NEAR(*sample::gpu().call_latency(0), 2e-6, 1e-12);  // the launch gap, not the round trip
  EXPECT_FALSE(roofline::Device{}.call_latency(0).has_value());
}

TEST(Profile, TheHostLinkIsALevelOfTheRoofline) {
  const auto roofs = sample::gpu().roofline();
  EXPECT_NEAR(*roofs.bandwidth("host_link"), 55e9, 1e3);  // the faster direction
  EXPECT_NEAR(*roofs.bandwidth("DRAM"), 3e12, 1e6);
}

TEST(PhysicalLimits, CeilingsAboveTheirLimitAreRefusedWithWhyAndTheRestKept) {
  roofline::Device d = sample::gpu();  // DRAM read 3 TB/s, host link 55 and 53 GB/s
  d.theoretical_memory.push_back({"DRAM", 2.95e12, "6016-bit bus x 1961 MHz x 2 / 8"});
  d.theoretical_compute = {{Precision::fp64, "dfma", 132, 33.5e12, "132 SMs x 1980 MHz x 128"},
                           {Precision::fp32, "ffma", 132, 67e12, "132 SMs x 1980 MHz x 256"}};
  d.compute = {{Precision::fp64, "dfma", 132, sample::around(33.3e12), 1.98e9, "chains"},
               {Precision::fp32, "ffma", 132, sample::around(90e12), 1.98e9, "chains"},
               {Precision::fp64_tensor, "mma_sync", 132, sample::around(66e12), 1.98e9, "mma"}};
  const std::vector<std::string> lines = roofline::refuse_unfounded_ceilings(d);
  // DRAM at 3.0 of 2.95 TB/s is within the 3% margin; fp32 at 90 of 67 TFLOP/s is not; a ceiling
  // without a limit (fp64 tensor here) and the host link (55 of 63 GB/s) stay.
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(d.memory.size(), 3u);
  ASSERT_EQ(d.compute.size(), 2u);
  EXPECT_EQ(d.compute[1].precision, Precision::fp64_tensor);
  ASSERT_EQ(d.refused.size(), 1u);
  EXPECT_EQ(d.refused[0].roof, "fp32 ffma");
  EXPECT_EQ(d.refused[0].limit, 67e12);
  EXPECT_NE(lines[0].find("cuda:0: fp32 ffma ceiling of 9e+13 FLOP/s refused: above the limit"),
            std::string::npos)
      << lines[0];
  // A DRAM ceiling from cache-resident working sets: refused, naming them.
  d.memory[0].bytes_per_s = sample::around(8.8e12);
  ASSERT_EQ(roofline::refuse_unfounded_ceilings(d).size(), 1u);
  EXPECT_EQ(d.memory.size(), 2u);
  EXPECT_NE(d.refused[1].reason.find("were served by a cache, not by DRAM"), std::string::npos);
  EXPECT_FALSE(d.roofline().bandwidth("DRAM").has_value());
  // Refused ceilings are written and read back with the profile.
  roofline::MachineProfile m;
  m.devices = {d};
  const roofline::MachineProfile back = roofline::machine_from_json(roofline::to_json(m));
  ASSERT_EQ(back.devices[0].refused.size(), 2u);
  EXPECT_EQ(back.devices[0].refused[1].roof, d.refused[1].roof);
  // The CPU's peak counts a clock measured beside it: only its memory levels are held to limits
  // (its DRAM ceilings, from 256 MB on, lie past the DRAM onset its sweep measured).
  roofline::Device cpu = sample::cpu();
  cpu.facts["dram_from"] = 128 << 20;
  cpu.theoretical_compute = {
      {Precision::fp32, cpu.compute[0].path, cpu.compute[0].threads, 1e9, "measured clock"}};
  EXPECT_TRUE(roofline::refuse_unfounded_ceilings(cpu).empty());
}

constexpr double MiB = 1 << 20;

// PoCL on the host of sample::cpu(): an OpenCL CPU device, whose memory is the host's.
roofline::Device pocl() {
  roofline::Device d = sample::cpu();
  d.id = "opencl:0:0";
  d.backend = "opencl";
  d.caches.clear();  // PoCL reports no global memory cache
  d.facts = {{"device_type", "CPU"}};
  d.memory = {{"DRAM", "copy", 2, sample::around(41e9), 4 * MiB, 32 * MiB, "plateau"},
              {"DRAM", "read", 2, sample::around(20e9), 64 * MiB, 128 * MiB, "plateau"}};
  return d;
}

TEST(PhysicalLimits, AHostMemoryDevicesDramComesOnlyFromWorkingSetsPastItsOnset) {
  // The host's onset, 64 MiB, as the CPU's sweep measured it: the copy ceiling from 4-32 MiB
  // working sets was cache-resident; the read ceiling from 64 MiB on stays.
  roofline::Device d = pocl();
  d.facts["dram_from"] = 64 * MiB;
  d.facts["dram_from_source"] = "the CPU backend's sweep of the host in the same probe";
  const std::vector<std::string> lines = roofline::refuse_unfounded_ceilings(d);
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_EQ(d.memory.size(), 1u);
  EXPECT_EQ(d.memory[0].kernel, "read");
  ASSERT_EQ(d.refused.size(), 1u);
  const RefusedCeiling& r = d.refused[0];
  EXPECT_EQ(r.roof, "DRAM copy, 2 threads");
  EXPECT_DOUBLE_EQ(r.value, 41e9);
  EXPECT_EQ(r.limit, 0);  // no physical limit is known
  EXPECT_EQ(r.working_set_from, 64 * MiB);
  EXPECT_NE(r.reason.find("from working sets of 4 MiB to 32 MiB, under the DRAM onset of 64 MiB "
                          "that the CPU backend's sweep of the host in the same probe measured: "
                          "cache-resident"),
            std::string::npos)
      << r.reason;
  EXPECT_NE(lines[0].find("opencl:0:0: DRAM copy, 2 threads ceiling of 4.1e+10 B/s refused: "),
            std::string::npos)
      << lines[0];
  // Written and read back with where DRAM begins.
  roofline::MachineProfile m;
  m.devices = {d};
  const roofline::MachineProfile back = roofline::machine_from_json(roofline::to_json(m));
  EXPECT_EQ(back.devices[0].refused[0].working_set_from, 64 * MiB);
}

TEST(PhysicalLimits, WithoutAMeasuredOnsetAHostMemoryDevicesDramIsRefusedWithWhy) {
  // A sweep capped by --max-working-set 1M: its 1 MiB copies are no DRAM ceiling.
  roofline::Device capped = pocl();
  capped.memory = {{"DRAM", "copy", 2, sample::around(58e9), 1 * MiB, 1 * MiB, "plateau"}};
  ASSERT_EQ(roofline::refuse_unfounded_ceilings(capped, 1 * MiB).size(), 1u);
  EXPECT_TRUE(capped.memory.empty());
  EXPECT_FALSE(capped.roofline().bandwidth("DRAM").has_value());
  EXPECT_FALSE(capped.refused[0].working_set_from.has_value());
  EXPECT_NE(capped.refused[0].reason.find("from working sets of 1 MiB, and no sweep of this probe "
                                          "showed where DRAM begins: --max-working-set 1 MiB "
                                          "stopped it short"),
            std::string::npos)
      << capped.refused[0].reason;
  // Uncapped, with no onset of the host's sweep beside it: how to measure one.
  roofline::Device alone = pocl();
  ASSERT_EQ(roofline::refuse_unfounded_ceilings(alone).size(), 2u);
  EXPECT_NE(alone.refused[0].reason.find("a CPU sweep in the same probe that shows where the "
                                         "host's DRAM begins (-d cpu"),
            std::string::npos)
      << alone.refused[0].reason;
  // The CPU's own DRAM without an onset its sweep showed: refused too.
  roofline::Device cpu = sample::cpu();
  ASSERT_EQ(roofline::refuse_unfounded_ceilings(cpu).size(), 2u);
  EXPECT_FALSE(cpu.roofline().bandwidth("DRAM").has_value());
  EXPECT_TRUE(cpu.roofline().bandwidth("L1").has_value());
  // A GPU's DRAM has its physical limit, or none known, and no onset rule: kept as it was.
  roofline::Device gpu = sample::gpu();
  EXPECT_TRUE(roofline::refuse_unfounded_ceilings(gpu, 1 * MiB).empty());
  EXPECT_TRUE(gpu.roofline().bandwidth("DRAM").has_value());
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

TEST(Placement, FmaWorkUnderItsTypesTensorRoofRanOnTheTensorCores) {
  auto r = sample::results();
  roofline::Result& ok = r.results[0];  // fp32 work on the sample CPU, whose fp32 roof is 220e9
  const double rate = ok.work.flops / ok.time->median;
  EXPECT_EQ(roofline::tensor_path_of(r.machine.devices[0], ok),
            nullptr);  // no tensor roof on the device
  roofline::ComputeCeiling tensor{.precision = Precision::tf32_tensor,
                                  .path = "mma",
                                  .threads = 0,
                                  .flops_per_s = roofline::summarize({rate * 2}),
                                  .clock_hz = 0,
                                  .method = ""};
  r.machine.devices[0].compute.push_back(tensor);
  const roofline::ComputeCeiling* path = roofline::tensor_path_of(r.machine.devices[0], ok);
  ASSERT_NE(path, nullptr);
  EXPECT_EQ(path->precision, Precision::tf32_tensor);  // fp32 data: TF32's units
  r.machine.devices[0].compute.back().flops_per_s = roofline::summarize({rate / 2});
  EXPECT_EQ(roofline::tensor_path_of(r.machine.devices[0], ok),
            nullptr);  // faster than the tensor cores too
  r.machine.devices[0].compute.back() = tensor;
  ok.work.precision = Precision::fp64;  // not the tensor roof's data
  EXPECT_EQ(roofline::tensor_path_of(r.machine.devices[0], ok), nullptr);
  ok.work.precision = Precision::tf32_tensor;  // declared as tensor work already
  EXPECT_EQ(roofline::tensor_path_of(r.machine.devices[0], ok), nullptr);
}

TEST(Placement, AResultAboveItsRoofIsGivenItsLikelyCause) {
  auto r = sample::results();
  roofline::Device& cpu = r.machine.devices[0];
  roofline::Result ok = r.results[0];  // memory-bound under DRAM, a 128 MiB working set
  EXPECT_FALSE(roofline::above_roof_cause(cpu, ok).has_value());  // at about 55% of its roof
  ok.placement->efficiency = 1.5;
  // Nothing in the profile explains it: its declared work, or the profile is stale.
  auto above = roofline::above_roof_cause(cpu, ok);
  ASSERT_TRUE(above.has_value());
  EXPECT_EQ(above->cause, AboveRoofCause::work_or_profile);
  // Placed under DRAM, yet short of the DRAM onset the probe measured: a cache served it.
  cpu.facts["dram_from"] = 256 << 20;
  above = roofline::above_roof_cause(cpu, ok);
  ASSERT_TRUE(above.has_value());
  EXPECT_EQ(above->cause, AboveRoofCause::cache_resident);
  EXPECT_NE(above->why.find("its working set (128 MiB) lies under the DRAM onset (256 MiB)"),
            std::string::npos)
      << above->why;
  // A working set the L3 holds, placed under DRAM: the L3 served it.
  cpu.facts.erase("dram_from");
  ok.work.working_set = 8 << 20;
  above = roofline::above_roof_cause(cpu, ok);
  ASSERT_TRUE(above.has_value());
  EXPECT_EQ(above->cause, AboveRoofCause::cache_resident);
  EXPECT_NE(above->why.find("fits in L3 (32 MiB with 2 threads)"), std::string::npos) << above->why;
  // Above its compute roof no cache explains it.
  ok.placement->bound = roofline::Bound::compute;
  EXPECT_EQ(roofline::above_roof_cause(cpu, ok)->cause, AboveRoofCause::work_or_profile);
  // Under its type's tensor roof it ran on the tensor cores, whatever else holds.
  cpu.compute.push_back({.precision = Precision::tf32_tensor,
                         .path = "mma",
                         .threads = 0,
                         .flops_per_s = roofline::summarize({2 * ok.work.flops / ok.time->median}),
                         .clock_hz = 0,
                         .method = ""});
  above = roofline::above_roof_cause(cpu, ok);
  ASSERT_TRUE(above.has_value());
  EXPECT_EQ(above->cause, AboveRoofCause::execution_path);
  EXPECT_NE(above->why.find("under the tf32_tensor roof"), std::string::npos) << above->why;
  EXPECT_EQ(roofline::to_string(above->cause), "a different execution path");
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
