// The core table and the theoretical-peak arithmetic: FLOP/cycle = pipes × lanes × 2 with lanes
// capped by the native datapath, peak = cores × clock × FLOP/cycle, unknown cores get none.
#include "probes/cpu/core_table.hpp"

#include <gtest/gtest.h>

#include "probes/cpu/cpuid.hpp"
#include "probes/cpu/device.hpp"
#include "probes/cpu/theoretical.hpp"
#include "roofline/input_error.hpp"

namespace {

using probes::cpu::CoreFamily;
using probes::cpu::CoreTable;
using probes::cpu::flops_per_cycle;
using roofline::Precision;

const CoreFamily& lookup(const std::string& vendor, int family, int model,
                         const std::string& brand = "") {
  const CoreFamily* core = CoreTable::embedded().find(vendor, family, model, brand);
  if (core == nullptr)
    throw std::runtime_error("no core family for model " + std::to_string(model));
  return *core;
}

TEST(CoreTable, FindsZen3Zen4AndSapphireRapidsByCpuid) {
  EXPECT_EQ(lookup("AuthenticAMD", 0x19, 0x01).name, "AMD Zen 3");  // EPYC 7003 (Milan)
  EXPECT_EQ(lookup("AuthenticAMD", 0x19, 0x11).name, "AMD Zen 4");  // EPYC 9004 (Genoa)
  EXPECT_EQ(lookup("GenuineIntel", 0x06, 0x8f).name, "Intel Sapphire Rapids / Emerald Rapids");
  for (const CoreFamily& core : CoreTable::embedded().families()) EXPECT_FALSE(core.source.empty());
}

// aarch64 cores by MIDR implementer (vendor name and code) and part; their SVE paths are as wide
// as the vector length, capped by the 128-bit datapath like any other path.
TEST(CoreTable, FindsNeoverseAndAppleCoresByMidr) {
  const auto& v1 = lookup("ARM", 0x41, 0xd40);  // Graviton3
  EXPECT_EQ(v1.name, "Arm Neoverse V1 (AWS Graviton3)");
  EXPECT_EQ(flops_per_cycle(v1, 128, Precision::fp32), 32);  // 4 NEON FMA pipes
  EXPECT_EQ(flops_per_cycle(v1, 256, Precision::fp32), 32);  // 2 x 256-bit SVE: the same
  EXPECT_EQ(flops_per_cycle(v1, 256, Precision::fp64), 16);
  const auto& v2 = lookup("ARM", 0x41, 0xd4f);  // Grace, Graviton4
  EXPECT_EQ(flops_per_cycle(v2, 128, Precision::fp64), 16);
  EXPECT_EQ(flops_per_cycle(lookup("ARM", 0x41, 0xd0c), 128, Precision::fp32), 16);    // N1
  EXPECT_EQ(flops_per_cycle(lookup("Apple", 0x61, 0x023), 128, Precision::fp32), 32);  // M1 P
  EXPECT_EQ(flops_per_cycle(lookup("Apple", 0x61, 0x022), 128, Precision::fp32), 16);  // M1 E
  EXPECT_EQ(flops_per_cycle(lookup("Apple", 0x61, 0x049), 128, Precision::fp32), 32);  // M3 Max P
  EXPECT_EQ(flops_per_cycle(lookup("Apple", 0x61, 0x053), 128, Precision::fp64), 16);  // M4 P
  EXPECT_EQ(CoreTable::embedded().find("Apple", 0x61, 0x052, ""), nullptr);  // M4 E: no figure
  EXPECT_EQ(CoreTable::embedded().find("ARM", 0x41, 0xd07, ""), nullptr);    // Cortex-A57
}

TEST(CoreTable, AnUnknownCoreIsNotGuessed) {
  EXPECT_EQ(CoreTable::embedded().find("GenuineIntel", 0x06, 0x01, ""), nullptr);  // Pentium Pro
  EXPECT_EQ(CoreTable::embedded().find("AuthenticAMD", 0x06, 0x01, ""), nullptr);  // wrong vendor
  EXPECT_EQ(CoreTable::embedded().find("HygonGenuine", 0x18, 0x01, ""), nullptr);
}

TEST(CoreTable, SkylakeServerSkusWithOne512BitFmaUnitAreTellApartByBrand) {
  const auto& silver = lookup("GenuineIntel", 0x06, 0x55, "Intel(R) Xeon(R) Silver 4114 CPU");
  const auto& gold6 = lookup("GenuineIntel", 0x06, 0x55, "Intel(R) Xeon(R) Gold 6148 CPU");
  const auto& gold5122 = lookup("GenuineIntel", 0x06, 0x55, "Intel(R) Xeon(R) Gold 5122 CPU");
  EXPECT_EQ(flops_per_cycle(silver, 512, Precision::fp64), 16);
  EXPECT_EQ(flops_per_cycle(gold6, 512, Precision::fp64), 32);
  EXPECT_EQ(flops_per_cycle(gold5122, 512, Precision::fp64), 32);
}

TEST(FlopsPerCycle, PipesTimesLanesTimesTwoWithLanesCappedByTheDatapath) {
  const auto& zen3 = lookup("AuthenticAMD", 0x19, 0x01);
  EXPECT_EQ(flops_per_cycle(zen3, 0, Precision::fp64), 4);
  EXPECT_EQ(flops_per_cycle(zen3, 128, Precision::fp64), 8);
  EXPECT_EQ(flops_per_cycle(zen3, 256, Precision::fp64), 16);
  EXPECT_EQ(flops_per_cycle(zen3, 256, Precision::fp32), 32);
  const auto& zen4 = lookup("AuthenticAMD", 0x19, 0x11);
  EXPECT_EQ(flops_per_cycle(zen4, 512, Precision::fp32), 32);  // double-pumped: no gain over ymm
  const auto& spr = lookup("GenuineIntel", 0x06, 0x8f);
  EXPECT_EQ(flops_per_cycle(spr, 512, Precision::fp32), 64);
  EXPECT_EQ(flops_per_cycle(spr, 512, Precision::fp64), 32);
  EXPECT_EQ(flops_per_cycle(spr, 0, Precision::fp32), 4);
}

TEST(TheoreticalPeaks, AreCoresTimesClockTimesFlopsPerCycleWithTheBasisSaid) {
  const auto& zen3 = lookup("AuthenticAMD", 0x19, 0x01);
  const auto peak =
      probes::cpu::theoretical_peak(zen3, Precision::fp64, {"vec256", 256}, 2, 3.5e9, "measured");
  EXPECT_EQ(peak.precision, Precision::fp64);
  EXPECT_EQ(peak.path, "vec256");
  EXPECT_EQ(peak.threads, 2);
  EXPECT_DOUBLE_EQ(peak.flops_per_s, 2 * 3.5e9 * 16);
  EXPECT_EQ(peak.basis, "2 cores x 3.500 GHz (measured) x 16 FLOP/cycle (AMD Zen 3, vec256)");
}

TEST(TheoreticalPeaks, FollowEveryMeasuredCeilingAtItsOwnClock) {
  roofline::Device cpu;
  cpu.compute_units = 2;
  cpu.clock_hz = 2.4e9;
  cpu.facts = {{"vendor", "AuthenticAMD"},
               {probes::cpu::kIdentityFacts.family, "0x19"},
               {probes::cpu::kIdentityFacts.model, "0x1"},
               {"cpu_model", "AMD EPYC"}};
  probes::cpu::set_theoretical_peaks(cpu);  // nothing measured: nominal clock, 1 and 2 cores
  ASSERT_FALSE(cpu.theoretical_compute.empty());
  EXPECT_NE(cpu.theoretical_compute[0].basis.find("nominal"), std::string::npos);
  EXPECT_EQ(cpu.theoretical_compute.back().threads, 2);

  cpu.compute.push_back({.precision = Precision::fp32,
                         .path = "scalar",
                         .threads = 2,
                         .flops_per_s = {},
                         .clock_hz = 3.0e9,
                         .method = ""});
  probes::cpu::set_theoretical_peaks(cpu);
  ASSERT_EQ(cpu.theoretical_compute.size(), 1u);
  EXPECT_DOUBLE_EQ(cpu.theoretical_compute[0].flops_per_s, 2 * 3.0e9 * 4);
  EXPECT_NE(cpu.theoretical_compute[0].basis.find("measured"), std::string::npos);
}

TEST(TheoreticalPeaks, AnUnknownCoreGetsNoneAndTheFactsSayWhy) {
  roofline::Device cpu;
  cpu.name = "Some Future CPU";
  cpu.facts = {{"vendor", "GenuineIntel"},
               {probes::cpu::kIdentityFacts.family, "0x6"},
               {probes::cpu::kIdentityFacts.model, "0x1"},
               {"cpu_model", cpu.name}};
  cpu.theoretical_compute.push_back({});
  cpu.clock_hz = 3e9;
  probes::cpu::set_theoretical_peaks(cpu);
  EXPECT_TRUE(cpu.theoretical_compute.empty());
  EXPECT_NE(cpu.facts.at("theoretical_compute").get<std::string>().find("unknown"),
            std::string::npos);
}

TEST(CoreTableParse, NamesTheBadEntryAndValue) {
  nlohmann::json table = {{"schema", "rooflab.cpucores/1"},
                          {"families",
                           {{{"name", "X"},
                             {"vendor", "V"},
                             {"family", "25"},
                             {"models", {"0x01"}},
                             {"fma_pipes", 2},
                             {"datapath_bits", 256},
                             {"source", "s"}}}}};
  try {
    CoreTable::parse(table);
    FAIL() << "a family without 0x was accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("\"25\""), std::string::npos) << e.what();
  }
  table["families"][0]["family"] = "0x19";
  table["families"][0].erase("fma_pipes");
  try {
    CoreTable::parse(table);
    FAIL() << "a family without fma_pipes was accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("fma_pipes"), std::string::npos) << e.what();
  }
  table["families"][0]["fma_pipes"] = 2;
  EXPECT_EQ(CoreTable::parse(table).find("V", 0x19, 0x01, "")->name, "X");
}

}  // namespace
