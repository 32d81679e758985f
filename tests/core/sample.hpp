#pragma once
// A small, hand-made machine profile and results, as Rooflab writes them.
#include <optional>
#include <string>

#include "roofline/cluster.hpp"
#include "roofline/results.hpp"

namespace sample {

inline roofline::Provenance provenance() {
  return {.version = "0.1.0",
          .git_hash = "abc123",
          .compiler = "GNU 12.2.0",
          .flags = "-O3",
          .build_type = "Release",
          .host = "testhost",
          .os = "Linux",
          .cpu_model = "Test CPU",
          .threads = 2,
          .thread_binding = "OMP_PLACES=cores OMP_PROC_BIND=close",
          .affinity = {{0}, {1}},
          .time = "2026-11-21T12:00:00Z",
          .command = "rooflab probe",
          .machine_load = {.cpus = 2, .load_average = 0.4, .busy_cpus = 0.1},
          .disturbances = {"cpu: the cpufreq governor is powersave on 1 of 2 CPUs (clocks may "
                           "stay low)"}};
}

// What a CPU's sensors give over `seconds` of `calls` calls of work (`flops`, `bytes` each) at
// `watts`: RAPL's energy and cpufreq's clock, no temperature nor clock events.
inline roofline::Sensors sensed(double seconds, long long calls, double flops, double bytes,
                                double watts) {
  return {.seconds = seconds,
          .calls = calls,
          .flops = flops * static_cast<double>(calls),
          .bytes = bytes * static_cast<double>(calls),
          .energy_j = {watts * seconds, ""},
          .clock_hz = {3.4e9, ""},
          .memory_clock_hz = roofline::Sensed::missing("not read on CPUs"),
          .temperature_c = roofline::Sensed::missing("not read on CPUs"),
          .clock_events = {},
          .clock_events_unavailable = "not read on CPUs"};
}

inline roofline::Summary around(double v) {
  return roofline::summarize({v * 0.99, v, v * 1.01, v * 1.005, v * 0.995});
}

inline roofline::Device cpu() {
  using roofline::Precision;
  roofline::Device d;
  d.id = "cpu";
  d.backend = "cpu";
  d.name = "Test CPU";
  d.vendor = "AuthenticAMD";
  d.compute_units = 2;
  d.clock_hz = 2.4e9;
  d.memory_bytes = 8e9;
  d.caches = {{"L1", 32768, 2, 1}, {"L2", 524288, 2, 1}, {"L3", 32 << 20, 1, 2}};
  d.facts = {{"isa", {"baseline", "avx2"}}};
  d.theoretical_compute = {{Precision::fp32, "vec256", 2, 224e9, "2 x 3.5 GHz x 32"}};
  d.compute = {{Precision::fp32, "vec256", 2, around(220e9), 3.5e9, "fma chains"},
               {Precision::fp64, "vec256", 2, around(110e9), 3.5e9, "fma chains"},
               {Precision::fp32, "vec256", 1, around(111e9), 3.5e9, "fma chains"}};
  d.memory = {{"L1", "read", 2, around(400e9), 4096, 16384, "plateau"},
              {"DRAM", "triad", 2, around(30e9), 256e6, 512e6, "plateau"},
              {"DRAM", "read", 2, around(35e9), 256e6, 512e6, "plateau"}};
  d.sweep = {{"read", 2, "temporal", 4096, {4e11, 4.1e11}}};
  // 60 W over the FMA chains, 45 W over the DRAM reads' samples.
  d.compute[0].sensors = sensed(0.5, 1000, 110e6, 0, 60);
  d.memory[2].sensors = sensed(0.5, 100, 0, 175e6, 45);
  // And 46 W over their 2 s energy window.
  d.memory[2].energy_window = sensed(2, 400, 0, 175e6, 46);
  d.sweep[0].sensors = sensed(0.1, 1e6, 0, 4e4, 40);
  d.latency = {{"team_wake", 2, around(250e-9), "the persistent team"},
               {"fork_join", 2, around(700e-9), "an empty OpenMP parallel region"},
               {"barrier", 2, around(90e-9), "an OpenMP barrier"},
               {"fork_join", 1, around(30e-9), "an empty OpenMP parallel region"}};
  return d;
}

// A GPU with its host link swept and its launch latency measured.
inline roofline::Device gpu() {
  roofline::Device d;
  d.id = "cuda:0";
  d.backend = "cuda";
  d.name = "Test GPU";
  d.vendor = "NVIDIA";
  d.compute_units = 132;
  d.theoretical_memory = {{"host_link", 63.0e9, "PCIe Gen5 x16"}};
  d.memory = {{"DRAM", "read", 132, around(3e12), 1e9, 4e9, "plateau"},
              {"host_link", "h2d", 132, around(55e9), 1 << 30, 1 << 30, "pinned"},
              {"host_link", "d2h", 132, around(53e9), 1 << 30, 1 << 30, "pinned"}};
  d.link = {{"h2d", "pinned", 4096, {1.5e9, 1.6e9}},
            {"h2d", "pinned", 1 << 30, {55e9, 54e9}},
            {"d2h", "pageable", 4096, {0.9e9}},
            {"both", "pinned", 1 << 30, {100e9}}};
  d.latency = {{"launch_round_trip", 1, around(6e-6), "launched and waited for"},
               {"launch_gap", 1, around(2e-6), "back to back"}};
  return d;
}

// The DRAM roof's read (35 GB/s in cpu()) repeated during a run at `bytes_per_s`.
inline roofline::Result roof_check(const std::string& when, double bytes_per_s) {
  roofline::Result check;
  check.family = "bandwidth";
  check.variant = "read_temporal";
  check.backend = "cpu";
  check.device = "cpu";
  check.params = {{"kernel", "read"}, {"threads", 2}, {"when", when}};
  check.work = {.precision = roofline::Precision::fp64,
                .flops = 0,
                .bytes = 512e6,
                .bytes_write_allocate = 512e6,
                .working_set = 512e6};
  check.level = "DRAM";
  check.verification = {true, 0, 1e-12, "sum matches"};
  check.samples = {512e6 / bytes_per_s};
  check.time = roofline::summarize(check.samples);
  return check;
}

inline roofline::Results results() {
  roofline::Results r;
  r.provenance = provenance();
  r.machine.provenance = provenance();
  r.machine.devices = {cpu()};
  roofline::Result ok;
  ok.family = "nested_saxpy";
  ok.variant = "avx2_8chain";
  ok.backend = "cpu";
  ok.device = "cpu";
  ok.params = {{"m", 8}, {"n", 1 << 24}};
  ok.work = {.precision = roofline::Precision::fp32,
             .flops = 16.0 * (1 << 24),
             .bytes = 12.0 * (1 << 24),
             .bytes_write_allocate = 12.0 * (1 << 24),
             .working_set = 8.0 * (1 << 24)};
  ok.level = "DRAM";
  ok.verification = {true, 1e-7, 1e-6, "matches the long double reference"};
  ok.samples = {0.01, 0.011, 0.0105};
  ok.time = roofline::summarize(ok.samples);
  ok.roof_now = roofline::summarize({17e9, 17.5e9, 18e9});  // half the DRAM roof, in its seconds
  ok.sample_seconds = 0.016;  // lengthened from 4 ms: its first samples were unstable
  ok.calls_per_sample = 1600;
  ok.sensors = sensed(0.3, 30, ok.work.flops, ok.work.bytes, 50);
  roofline::place(ok, r.machine.devices[0].roofline());
  using roofline::Verdict;
  ok.counters = {{"perf::TASK-CLOCK",
                  {10.2e6, "papi perf_event", Verdict::agrees, "cpu_seconds: ratio 1.0010"}},
                 {"perf::CYCLES",
                  {std::nullopt, "papi perf_event", Verdict::unavailable,
                   "PAPI_add_named_event: PAPI_ENOEVNT (Event does not exist)"}},
                 {"RETIRED_SSE_AVX_FLOPS:ANY",
                  {16.1 * (1 << 24), "papi perf_event", Verdict::agrees, "flops: ratio 1.0030"}}};
  ok.measured = roofline::MeasuredWork{.flops = 16.1 * (1 << 24),
                                       .bytes = {{"DRAM", 12.4 * (1 << 24)}},
                                       .ai = {{"DRAM", 16.1 / 12.4}}};
  roofline::Result bad = ok;
  bad.counters.clear();
  bad.measured.reset();
  bad.variant = "wrong";
  bad.work.algorithm_bytes = 1.5 * bad.work.bytes;  // as if of a multi-pass algorithm
  bad.verification = {false, 3.0, 1e-6, "y[17] = 4 but the reference is 1"};
  bad.samples = {};
  bad.time.reset();
  bad.placement.reset();
  bad.roof_now.reset();
  bad.sample_seconds = 0;
  bad.calls_per_sample = 0;
  bad.sensors.reset();
  // As if of a family with a size study (failed results are left out of it).
  bad.study = roofline::SizeStudy{
      .param = "n", .label = "vector length (elements)", .panel = "", .baseline = false};
  r.results = {ok, bad};
  r.calibration = {{.device = "cpu",
                    .quantity = "flops",
                    .events = {"RETIRED_SSE_AVX_FLOPS:ANY"},
                    .kernel = "nested_saxpy avx2_8chain fp32 m=8",
                    .expected = 16.0 * (1 << 24),
                    .measured = 16.05 * (1 << 24),
                    .tolerance = 0.02}};
  r.roof_checks = {roof_check("before", 34e9), roof_check("after", 36e9)};
  return r;
}

// Four nodes of cpu(), node2's DRAM roof at 60% of the others', and rank 4 missing.
inline roofline::ClusterProfile cluster() {
  roofline::ClusterProfile c;
  c.provenance = provenance();
  c.ranks = 5;
  for (int rank = 0; rank < 4; ++rank) {
    roofline::ClusterNode node{
        "node" + std::to_string(rank), "node" + std::to_string(rank), {rank}, rank, {}};
    node.machine.provenance = provenance();
    node.machine.devices = {cpu()};
    c.nodes.push_back(node);
  }
  // node2's DRAM reads at 60% of the others'.
  for (auto& m : c.nodes[2].machine.devices[0].memory)
    if (m.level == "DRAM") m.bytes_per_s = around(m.bytes_per_s.median * 0.6);
  for (int rank = 1; rank < 4; ++rank)
    c.network.push_back({"all_to_one", 0, rank, "node0", "node" + std::to_string(rank), false,
                         16 << 20, around(2e-6), around(10e9), ""});
  c.network.push_back({"ring", 3, 4, "node3", "", false, 16 << 20, {}, {}, "rank 4 stopped"});
  c.missing.push_back({4, "", "sent no profile within 300 s: the rank died or hangs"});
  return c;
}

}  // namespace sample
