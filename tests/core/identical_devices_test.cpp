// Identical GPUs of one host compared per roof by the cluster's outlier rule, on planted data:
// which devices count as one product, the planted slow GPU, no verdict with two, and the profile's
// JSON round trip.
#include "roofline/identical_devices.hpp"

#include <gtest/gtest.h>

#include "roofline/json_io.hpp"
#include "sample.hpp"

namespace {

// `n` copies of sample::gpu() as cuda:0..n-1.
std::vector<roofline::Device> gpus(int n) {
  std::vector<roofline::Device> out;
  for (int i = 0; i < n; ++i) {
    out.push_back(sample::gpu());
    out.back().id = "cuda:" + std::to_string(i);
  }
  return out;
}

void scale_dram(roofline::Device& d, double factor) {
  for (auto& m : d.memory)
    if (m.level == "DRAM") m.bytes_per_s = sample::around(m.bytes_per_s.median * factor);
}

TEST(IdenticalDevices, FlagsThePlantedSlowGpuOnItsRoofOnly) {
  auto devices = gpus(4);
  scale_dram(devices[2], 0.8);
  devices.push_back(sample::cpu());
  const auto groups = roofline::compare_identical(devices);
  ASSERT_EQ(groups.size(), 1u);  // the CPU has no twin
  EXPECT_EQ(groups[0].devices, (std::vector<std::string>{"cuda:0", "cuda:1", "cuda:2", "cuda:3"}));
  EXPECT_TRUE(groups[0].verdict());
  ASSERT_EQ(groups[0].outliers.size(), 1u);
  const roofline::RoofOutlier& o = groups[0].outliers[0];
  EXPECT_EQ(o.member, "cuda:2");
  EXPECT_EQ(o.roof, "DRAM");
  EXPECT_EQ(o.unit, "B/s");
  EXPECT_NEAR(o.ratio, 0.8, 1e-9);
  EXPECT_LT(o.deviation, -3);
}

TEST(IdenticalDevices, TwoGpusGiveNoVerdictHoweverFarApart) {
  auto devices = gpus(2);
  scale_dram(devices[1], 0.5);
  const auto groups = roofline::compare_identical(devices);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_FALSE(groups[0].verdict());
  EXPECT_TRUE(groups[0].outliers.empty());
}

TEST(IdenticalDevices, OnlyOneProductIsCompared) {
  auto devices = gpus(4);
  devices[1].memory_bytes = 96e9;               // another memory size
  devices[2].facts["architecture"] = "Ampere";  // another architecture
  devices[3].backend = "opencl";                // the same GPU through OpenCL
  devices[3].id = "opencl:0:0";
  EXPECT_TRUE(roofline::compare_identical(devices).empty());
}

TEST(IdenticalDevices, RoundTripThroughTheMachineProfile) {
  roofline::MachineProfile m;
  m.provenance = sample::provenance();
  m.devices = gpus(3);
  scale_dram(m.devices[0], 0.7);
  m.identical = roofline::compare_identical(m.devices);
  ASSERT_EQ(m.identical.at(0).outliers.size(), 1u);
  const nlohmann::json j = roofline::to_json(m);
  EXPECT_TRUE(j.at("identical_devices").at(0).at("verdict").get<bool>());
  EXPECT_EQ(j["identical_devices"][0]["outliers"][0]["device"], "cuda:0");
  const roofline::MachineProfile back = roofline::machine_from_json(j);
  EXPECT_EQ(roofline::to_json(back), j);
  // A profile without twins writes no comparison at all.
  m.identical.clear();
  EXPECT_FALSE(roofline::to_json(m).contains("identical_devices"));
}

}  // namespace
