// The CPU's sensors against fake sysfs trees: RAPL's counters (wrapping at their range), the
// cores' clocks and governors, and the reasons where they are missing.
#include "probes/cpu/power_sampler.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "probes/cpu/core_clocks.hpp"
#include "probes/cpu/rapl.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using probes::cpu::CoreClocks;
using probes::cpu::PowerSampler;
using probes::cpu::Rapl;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text << "\n";
}

// A zone as the kernel's powercap driver lays it out.
void zone(const fs::path& dir, const std::string& name, double uj, double range_uj) {
  write(dir / "name", name);
  write(dir / "energy_uj", std::to_string(static_cast<long long>(uj)));
  write(dir / "max_energy_range_uj", std::to_string(static_cast<long long>(range_uj)));
}

// One package with its core and DRAM subzones, and a psys zone around everything.
fs::path one_package(const fs::path& root) {
  const fs::path powercap = root / "powercap";
  zone(powercap / "intel-rapl:0", "package-0", 1'000'000, 262'143'328'850);
  write(powercap / "intel-rapl:0" / "constraint_0_power_limit_uw", "125000000");
  zone(powercap / "intel-rapl:0:0", "core", 500'000, 262'143'328'850);
  zone(powercap / "intel-rapl:0:1", "dram", 2'000'000, 65'712'999'613);
  zone(powercap / "intel-rapl:1", "psys", 9'000'000, 262'143'328'850);
  return powercap;
}

TEST(Rapl, AbsentPowercapIsAVmWithoutRapl) {
  const test_support::TempDir dir("rapl");
  const Rapl rapl(dir.path() / "powercap");
  EXPECT_FALSE(rapl.available());
  EXPECT_NE(rapl.unavailable().find("a VM without RAPL"), std::string::npos) << rapl.unavailable();
  EXPECT_FALSE(rapl.read());
  EXPECT_FALSE(rapl.power_cap_w().value);
}

TEST(Rapl, PowercapWithoutPackagesSaysSo) {
  const test_support::TempDir dir("rapl");
  zone(dir.path() / "powercap" / "intel-rapl:1", "psys", 1, 100);
  const Rapl rapl(dir.path() / "powercap");
  EXPECT_NE(rapl.unavailable().find("no package zone"), std::string::npos) << rapl.unavailable();
}

TEST(Rapl, SumsPackagesAndDramNotCoresOrPsys) {
  const test_support::TempDir dir("rapl");
  const fs::path powercap = one_package(dir.path());
  const Rapl rapl(powercap);
  ASSERT_TRUE(rapl.available()) << rapl.unavailable();
  const auto from = rapl.read();
  ASSERT_TRUE(from);
  ASSERT_EQ(from->size(), 2u);  // package-0 and its dram
  write(powercap / "intel-rapl:0" / "energy_uj", "3000000");
  write(powercap / "intel-rapl:0:0" / "energy_uj", "900000");
  write(powercap / "intel-rapl:0:1" / "energy_uj", "2500000");
  write(powercap / "intel-rapl:1" / "energy_uj", "99000000");
  const auto to = rapl.read();
  ASSERT_TRUE(to);
  EXPECT_DOUBLE_EQ(rapl.joules(*from, *to), 2.0 + 0.5);
  ASSERT_TRUE(rapl.power_cap_w().value);
  EXPECT_DOUBLE_EQ(*rapl.power_cap_w().value, 125.0);
}

TEST(Rapl, CounterWrapsAtItsRange) {
  const test_support::TempDir dir("rapl");
  const fs::path powercap = dir.path() / "powercap";
  zone(powercap / "intel-rapl:0", "package-0", 999'000'000, 1'000'000'000);
  const Rapl rapl(powercap);
  const auto from = rapl.read();
  ASSERT_TRUE(from);
  write(powercap / "intel-rapl:0" / "energy_uj", "500000");  // wrapped past 1000 J
  const auto to = rapl.read();
  ASSERT_TRUE(to);
  EXPECT_DOUBLE_EQ(rapl.joules(*from, *to), 1.0 + 0.5);
}

TEST(Rapl, PermissionDeniedSaysSo) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads files whatever their mode";
  const test_support::TempDir dir("rapl");
  const fs::path powercap = one_package(dir.path());
  chmod((powercap / "intel-rapl:0" / "energy_uj").c_str(), 0);
  const Rapl rapl(powercap);
  EXPECT_NE(rapl.unavailable().find("permission denied"), std::string::npos) << rapl.unavailable();
}

TEST(CoreClocks, MeanOfTheCpusCurrentClocksAndPowersave) {
  const test_support::TempDir dir("cpufreq");
  const fs::path cpus = dir.path() / "cpu";
  write(cpus / "cpu0" / "cpufreq" / "scaling_cur_freq", "3000000");
  write(cpus / "cpu0" / "cpufreq" / "scaling_governor", "performance");
  write(cpus / "cpu1" / "cpufreq" / "scaling_cur_freq", "2000000");
  write(cpus / "cpu1" / "cpufreq" / "scaling_governor", "powersave");
  fs::create_directories(cpus / "cpuidle");  // not a CPU
  const CoreClocks clocks(cpus);
  ASSERT_TRUE(clocks.mean_hz().value) << clocks.mean_hz().unavailable;
  EXPECT_DOUBLE_EQ(*clocks.mean_hz().value, 2.5e9);
  EXPECT_EQ(clocks.powersave(),
            "the cpufreq governor is powersave on 1 of 2 CPUs (clocks may stay low)");
}

TEST(CoreClocks, NoCpufreqSaysWhy) {
  const test_support::TempDir dir("cpufreq");
  fs::create_directories(dir.path() / "cpu" / "cpu0");
  const CoreClocks clocks(dir.path() / "cpu");
  EXPECT_FALSE(clocks.mean_hz().value);
  EXPECT_NE(clocks.mean_hz().unavailable.find("no cpufreq"), std::string::npos);
  EXPECT_EQ(clocks.powersave(), "");
}

TEST(PowerSampler, EnergyOverAStretchAndEveryMissingFigureSaysWhy) {
  const test_support::TempDir dir("sampler");
  const fs::path powercap = one_package(dir.path());
  PowerSampler sampler(powercap, dir.path() / "no_cpus");
  sampler.start(0.004);
  write(powercap / "intel-rapl:0" / "energy_uj", "4000000");
  const roofline::Sensors s = sampler.stop();
  ASSERT_TRUE(s.energy_j.value) << s.energy_j.unavailable;
  EXPECT_DOUBLE_EQ(*s.energy_j.value, 3.0);
  EXPECT_GT(s.seconds, 0);
  EXPECT_TRUE(s.mean_power_w().value);
  EXPECT_FALSE(s.clock_hz.value);
  EXPECT_FALSE(s.clock_hz.unavailable.empty());
  EXPECT_FALSE(s.temperature_c.unavailable.empty());
  EXPECT_FALSE(s.clock_events_unavailable.empty());
  EXPECT_TRUE(sampler.disturbances().empty());
}

TEST(PowerSampler, WithoutRaplEnergySaysWhy) {
  const test_support::TempDir dir("sampler");
  PowerSampler sampler(dir.path() / "powercap", dir.path() / "cpu");
  sampler.start(0.004);
  const roofline::Sensors s = sampler.stop();
  EXPECT_FALSE(s.energy_j.value);
  EXPECT_NE(s.energy_j.unavailable.find("a VM without RAPL"), std::string::npos);
  EXPECT_FALSE(s.mean_power_w().value);
  EXPECT_EQ(s.mean_power_w().unavailable, s.energy_j.unavailable);
}

}  // namespace
