// A tiny end-to-end probe on the real machine: device facts, peak FLOPs with their clock and
// theoretical peaks, a short bandwidth sweep and its levels.
#include "probes/cpu/backend.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "probes/cpu/latency.hpp"

namespace {

TEST(CpuBackend, DescribesTheHostAsOneDevice) {
  const probes::cpu::CpuBackend backend;
  EXPECT_TRUE(backend.availability().available);
  const auto devices = backend.devices();
  ASSERT_EQ(devices.size(), 1u);
  const auto& cpu = devices[0];
  EXPECT_EQ(cpu.id, "cpu");
  EXPECT_EQ(cpu.backend, "cpu");
  EXPECT_GE(cpu.compute_units, 1);
  EXPECT_GT(cpu.memory_bytes, 0);
  ASSERT_FALSE(cpu.caches.empty());
  EXPECT_EQ(cpu.caches[0].level, "L1");
  EXPECT_GE(cpu.caches[0].size_bytes, 8 * 1024);
  EXPECT_TRUE(cpu.facts.at("isa").is_array());
  EXPECT_TRUE(cpu.facts.contains("core_family"));
  if (cpu.facts.at("core_family").is_null()) {
    EXPECT_TRUE(cpu.facts.contains("theoretical_compute"));
  }
}

TEST(CpuBackend, TinyProbeFillsComputeMemoryAndTheoreticalCeilings) {
  const probes::cpu::CpuBackend backend;
  roofline::Device cpu = backend.devices().at(0);
  roofline::ProbeOptions options;
  options.max_working_set = 1024 * 1024;  // sweep up to 1 MiB only
  options.measure = {.repetitions = 3, .min_sample_seconds = 0.0005, .warmup_seconds = 0.0005};
  EXPECT_EQ(backend.probe(cpu, options), std::vector<std::string>{});

  EXPECT_EQ(cpu.facts.at("probe_failures"), nlohmann::json::array());
  ASSERT_FALSE(cpu.compute.empty());
  for (const auto& c : cpu.compute) {
    EXPECT_GT(c.clock_hz, 0.3e9);
    EXPECT_LT(c.clock_hz, 7e9);
    EXPECT_GT(c.flops_per_s.median, 0);
    for (const auto& t : cpu.theoretical_compute)
      if (t.precision == c.precision && t.path == c.path && t.threads == c.threads) {
        EXPECT_LT(c.flops_per_s.median, 1.1 * t.flops_per_s) << t.basis;  // never above a roof
      }
  }
  if (!cpu.facts.at("core_family").is_null()) {
    EXPECT_EQ(cpu.theoretical_compute.size(), cpu.compute.size());
    EXPECT_NE(cpu.theoretical_compute[0].basis.find("measured"), std::string::npos);
  }

  EXPECT_FALSE(cpu.sweep.empty());
  bool l1_read = false;
  for (const auto& m : cpu.memory) {
    EXPECT_GT(m.bytes_per_s.median, 1e8) << m.level << " " << m.kernel;
    l1_read |= m.level == "L1" && m.kernel == "read" && m.threads == 1;
  }
  EXPECT_TRUE(l1_read);

  // Every synchronization kind at 1, 2, 4, … and all threads, each a per-call time.
  const std::vector<int> counts = probes::cpu::latency_thread_counts(cpu.compute_units);
  ASSERT_EQ(cpu.latency.size(), counts.size() * std::size(probes::cpu::kSyncKinds));
  for (const auto& l : cpu.latency) {
    EXPECT_TRUE(std::ranges::find(counts, l.threads) != counts.end()) << l.threads;
    EXPECT_GT(l.seconds.median, 0) << l.kind;
    EXPECT_NE(l.method.find("arrivals counted"), std::string::npos) << l.method;
  }
  EXPECT_TRUE(cpu.call_latency(cpu.compute_units).has_value());
}

}  // namespace
