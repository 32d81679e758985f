// The GPU's sensors through NVML around a kernel's samples and around an energy window:
// energy, mean power, clocks, temperature and the power cap read on a real GPU. Skipped, with a
// message, on a machine without a GPU.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "probes/cuda/backend.hpp"
#include "probes/cuda/device.hpp"
#include "probes/nvidia/nvml.hpp"
#include "roofline/energy_window.hpp"
#include "roofline/harness.hpp"

namespace {

TEST(GpuSensors, AStreamKernelsSamplesReadEnergyClocksAndHeat) {
  const auto a = probes::cuda::cuda_availability();
  if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
  const probes::cuda::CudaBackend backend;
  const roofline::Device device = probes::cuda::describe_cuda_devices().at(0);
  const auto sampler = backend.sampler(device);
  ASSERT_TRUE(sampler);
  const roofline::Sensed cap = sampler->power_cap_w();
  ASSERT_TRUE(cap.value) << cap.unavailable;
  EXPECT_GT(*cap.value, 50);
  for (const std::string& d : sampler->disturbances()) std::printf("disturbance: %s\n", d.c_str());
  roofline::RunOptions stream;
  stream.families = {"stream"};
  auto cases = backend.cases(device, stream);
  ASSERT_FALSE(cases.empty());
  // Samples of over a second: NVML's energy counter resolves no shorter window.
  const roofline::Result r = roofline::measure(
      *cases.front(),
      {.repetitions = 2, .min_sample_seconds = 1.2, .warmup_seconds = 0, .sampler = sampler.get()});
  ASSERT_TRUE(r.ok()) << r.failure();
  ASSERT_TRUE(r.sensors);
  const roofline::Sensors& s = *r.sensors;
  ASSERT_TRUE(s.energy_j.value) << s.energy_j.unavailable;
  const roofline::Sensed watts = s.mean_power_w();
  ASSERT_TRUE(watts.value) << watts.unavailable;
  EXPECT_GT(*watts.value, 10);
  EXPECT_LT(*watts.value, 1.5 * *cap.value);
  ASSERT_TRUE(s.clock_hz.value) << s.clock_hz.unavailable;
  EXPECT_GT(*s.clock_hz.value, 1e8);
  ASSERT_TRUE(s.memory_clock_hz.value) << s.memory_clock_hz.unavailable;
  ASSERT_TRUE(s.temperature_c.value) << s.temperature_c.unavailable;
  EXPECT_GT(*s.temperature_c.value, 0);
  EXPECT_LT(*s.temperature_c.value, 120);
  EXPECT_TRUE(s.clock_events_unavailable.empty()) << s.clock_events_unavailable;
  EXPECT_GT(s.bytes, 0);
  std::printf("%lld calls over %.3f s: %.1f J, %.1f W, SM %.3f GHz, %.0f C\n", s.calls, s.seconds,
              *s.energy_j.value, *watts.value, *s.clock_hz.value / 1e9, *s.temperature_c.value);
}

TEST(GpuSensors, AnEnergyWindowRunsTheKernelForItsSecondsAndReadsItsEnergy) {
  const auto a = probes::cuda::cuda_availability();
  if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
  const probes::cuda::CudaBackend backend;
  const roofline::Device device = probes::cuda::describe_cuda_devices().at(0);
  const auto sampler = backend.sampler(device);
  roofline::RunOptions stream;
  stream.families = {"stream"};
  auto cases = backend.cases(device, stream);
  ASSERT_FALSE(cases.empty());
  const double cap = sampler->power_cap_w().value.value_or(1000);
  const roofline::Sensors s = roofline::energy_window(*cases.front(), *sampler, 1.2);
  EXPECT_GE(s.seconds, 1.2);
  EXPECT_LT(s.seconds, 1.5);  // batches of a tenth of a second
  ASSERT_TRUE(s.energy_j.value) << s.energy_j.unavailable;
  const double watts = *s.mean_power_w().value;
  EXPECT_GT(watts, 10);
  EXPECT_LT(watts, 1.1 * cap);
  EXPECT_GT(s.calls, 0);
  EXPECT_DOUBLE_EQ(s.bytes, s.calls * cases.front()->info().work.bytes);
  std::printf("energy window: %lld calls over %.3f s: %.1f J, %.1f W, %.3g pJ/byte in all\n",
              s.calls, s.seconds, *s.energy_j.value, watts, *s.energy_j.value / s.bytes * 1e12);
}

// What the readings cost: the harness reads the sensors around every Google Benchmark run of a
// case, so each NVML call's host time adds to every few milliseconds of samples.
TEST(GpuSensors, WhatEachReadingCosts) {
  const auto a = probes::cuda::cuda_availability();
  if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
  const roofline::Device device = probes::cuda::describe_cuda_devices().at(0);
  probes::nvidia::NvmlDevice nvml(device.facts.at("pci_bus_id").get<std::string>());
  constexpr int kReads = 50;
  const auto per_read_ms = [&](const char* name, auto read) {
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < kReads; ++k) EXPECT_TRUE(read()) << name << ": " << nvml.reason();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count() /
        kReads;
    std::printf("%-28s %.3f ms a read\n", name, ms);
    return ms;
  };
  per_read_ms("energy", [&] { return nvml.read_energy_j().has_value(); });
  per_read_ms("SM clock", [&] { return nvml.read_hz().has_value(); });
  per_read_ms("memory clock", [&] { return nvml.read_memory_hz().has_value(); });
  per_read_ms("temperature", [&] { return nvml.read_temperature_c().has_value(); });
  per_read_ms("clock events", [&] { return nvml.read_clock_limiters().has_value(); });
  const auto sampler = probes::cuda::CudaBackend().sampler(device);
  // A quick sample's window reads no energy; a window of a second reads it at both ends.
  const double quick = per_read_ms("sampler, a 4 ms window", [&] {
    sampler->start(0.004);
    return sampler->stop().clock_hz.value.has_value();
  });
  EXPECT_LT(quick, 1.0);
  per_read_ms("sampler, 1 s announced", [&] {
    sampler->start(1.0);
    return sampler->stop().clock_hz.value.has_value();
  });
}

}  // namespace
