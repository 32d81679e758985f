// The architecture table: the embedded data parses strictly, its figures give the published peaks,
// and malformed entries are refused with the entry and field named.
#include <gtest/gtest.h>

#include "probes/nvidia/architectures.hpp"
#include "roofline/input_error.hpp"

using namespace probes::nvidia;
using roofline::Precision;

namespace {

nlohmann::json one_entry(nlohmann::json entry) {
  return {{"schema", "rooflab.cudaarch/1"}, {"architectures", nlohmann::json::array({entry})}};
}

nlohmann::json valid_entry() {
  return {{"name", "Test"},
          {"compute_capabilities", {"9.0"}},
          {"flop_per_clock_per_sm", {{"fp32", 256}, {"fp64", 128}}},
          {"shared_bytes_per_clock_per_sm", 128},
          {"source", "a whitepaper"}};
}

void expect_refused(const nlohmann::json& table, const std::string& named) {
  try {
    ArchitectureTable::parse(table);
    FAIL() << "accepted: " << table.dump();
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(ArchitectureTable, EmbeddedTableCoversTuringThroughHopperWithSources) {
  const ArchitectureTable& table = ArchitectureTable::embedded();
  for (auto [major, minor] : {std::pair{7, 0}, {7, 5}, {8, 0}, {8, 6}, {8, 9}, {9, 0}}) {
    const Architecture* arch = table.find(major, minor);
    ASSERT_NE(arch, nullptr) << major << "." << minor;
    EXPECT_GT(arch->flop_per_clock_per_sm.at(Precision::fp32), 0);
    EXPECT_GT(arch->flop_per_clock_per_sm.at(Precision::fp64), 0);
    EXPECT_GT(arch->flop_per_clock_per_sm.at(Precision::fp16), 0);
    EXPECT_FALSE(arch->source.empty());
  }
  EXPECT_EQ(table.find(3, 5), nullptr);
  EXPECT_EQ(table.find(7, 5)->flop_per_clock_per_sm.count(Precision::bf16), 0u)
      << "Turing has no native bfloat16 arithmetic";
}

TEST(ArchitectureTable, HopperPeaksMatchTheH100Datasheet) {
  const Architecture& h = *ArchitectureTable::embedded().find(9, 0);
  // H100 SXM5: 132 SMs at 1.98 GHz: 33.5 fp64, 66.9 fp32, 133.8 fp16 and bf16 TFLOP/s.
  EXPECT_NEAR(theoretical_flops(h, Precision::fp64, 132, 1.98e9), 33.45e12, 0.01e12);
  EXPECT_NEAR(theoretical_flops(h, Precision::fp32, 132, 1.98e9), 66.90e12, 0.01e12);
  EXPECT_NEAR(theoretical_flops(h, Precision::fp16, 132, 1.98e9), 133.8e12, 0.1e12);
  EXPECT_NEAR(theoretical_flops(h, Precision::bf16, 132, 1.98e9), 133.8e12, 0.1e12);
  EXPECT_EQ(theoretical_flops(h, Precision::int32, 132, 1.98e9), 0);
}

TEST(ArchitectureTable, Ga100AndGa10xDiffer) {
  const auto& table = ArchitectureTable::embedded();
  // A100 (108 SMs, 1.41 GHz): 9.7 fp64, 19.5 fp32; RTX 3090 (82 SMs, 1.695 GHz): 35.6 fp32.
  EXPECT_NEAR(theoretical_flops(*table.find(8, 0), Precision::fp64, 108, 1.41e9), 9.75e12, 0.01e12);
  EXPECT_NEAR(theoretical_flops(*table.find(8, 0), Precision::fp32, 108, 1.41e9), 19.5e12, 0.01e12);
  EXPECT_NEAR(theoretical_flops(*table.find(8, 6), Precision::fp32, 82, 1.695e9), 35.6e12, 0.05e12);
  EXPECT_EQ(table.find(8, 6)->flop_per_clock_per_sm.at(Precision::fp64), 4);
}

TEST(ArchitectureTable, DramBandwidthIsBusTimesDoubleDataRate) {
  // H100 SXM: 5120-bit HBM3 at 2619 MHz; H200: 6016 bits at 3201 MHz.
  EXPECT_NEAR(theoretical_dram_bandwidth(5120, 2619e6), 3.352e12, 0.001e12);
  EXPECT_NEAR(theoretical_dram_bandwidth(6016, 3201e6), 4.814e12, 0.001e12);
}

TEST(ArchitectureTable, MalformedEntriesAreRefusedByName) {
  EXPECT_NO_THROW(ArchitectureTable::parse(one_entry(valid_entry())));
  expect_refused({{"schema", "rooflab.cudaarch/2"}, {"architectures", nlohmann::json::array()}},
                 "rooflab.cudaarch/2");
  expect_refused({{"schema", "rooflab.cudaarch/1"}}, "architectures");
  for (const char* field : {"name", "compute_capabilities", "flop_per_clock_per_sm",
                            "shared_bytes_per_clock_per_sm", "source"}) {
    auto entry = valid_entry();
    entry.erase(field);
    expect_refused(one_entry(entry), field);
  }
  auto bad_cc = valid_entry();
  bad_cc["compute_capabilities"] = {"nine"};
  expect_refused(one_entry(bad_cc), "\"nine\"");
  auto bad_precision = valid_entry();
  bad_precision["flop_per_clock_per_sm"]["fp128"] = 2;
  expect_refused(one_entry(bad_precision), "fp128");
  auto negative = valid_entry();
  negative["flop_per_clock_per_sm"]["fp64"] = -1;
  expect_refused(one_entry(negative), "fp64");
  auto wrong_type = valid_entry();
  wrong_type["shared_bytes_per_clock_per_sm"] = "lots";
  expect_refused(one_entry(wrong_type), "shared_bytes_per_clock_per_sm");
  nlohmann::json twice = one_entry(valid_entry());
  auto second = valid_entry();
  second["name"] = "Other";
  twice["architectures"].push_back(second);
  expect_refused(twice, "9.0");
}

TEST(ArchitectureTable, TensorRatesAreOptionalCitedAndOnlyTensorPrecisions) {
  const ArchitectureTable& table = ArchitectureTable::embedded();
  EXPECT_TRUE(table.find(7, 5)->tensor_flop_per_clock_per_sm.empty());
  const Architecture* hopper = table.find(9, 0);
  EXPECT_EQ(hopper->tensor_flop_per_clock_per_sm.at(Precision::bf16_tensor), 4096);
  EXPECT_EQ(hopper->tensor_flop_per_clock_per_sm.at(Precision::fp64_tensor), 256);
  EXPECT_FALSE(hopper->tensor_source.empty());
  // The FMA rate of bf16 is not the tensor rate: each table answers for its own precisions.
  EXPECT_NEAR(theoretical_flops(*hopper, Precision::bf16, 132, 1.98e9), 133.8e12, 0.1e12);
  EXPECT_NEAR(theoretical_flops(*hopper, Precision::bf16_tensor, 132, 1.83e9), 989.4e12, 0.1e12);

  auto tensor = valid_entry();
  tensor["tensor_flop_per_clock_per_sm"] = {{"fp16_tensor", 4096}};
  tensor["tensor_source"] = "a whitepaper";
  EXPECT_NO_THROW(ArchitectureTable::parse(one_entry(tensor)));
  auto uncited = tensor;
  uncited.erase("tensor_source");
  expect_refused(one_entry(uncited), "tensor_source");
  auto plain_in_tensor = tensor;
  plain_in_tensor["tensor_flop_per_clock_per_sm"]["fp16"] = 256;
  expect_refused(one_entry(plain_in_tensor), "fp16: not a tensor precision");
  auto tensor_in_plain = valid_entry();
  tensor_in_plain["flop_per_clock_per_sm"]["int8_tensor"] = 8192;
  expect_refused(one_entry(tensor_in_plain), "int8_tensor: a tensor precision");
}

TEST(ArchitectureTable, NvlinkRatesAreOptionalCitedAndGiveTheDatasheetsTotals) {
  const ArchitectureTable& table = ArchitectureTable::embedded();
  // Both directions of every link: H100 18 links 900 GB/s, A100 12 links 600, V100 6 links 300;
  // GA102's four links 112.5 GB/s between two GPUs. Ada has no NVLink.
  EXPECT_NEAR(2 * 18 * table.find(9, 0)->nvlink_bytes_per_s, 900e9, 1e6);
  EXPECT_NEAR(2 * 12 * table.find(8, 0)->nvlink_bytes_per_s, 600e9, 1e6);
  EXPECT_NEAR(2 * 6 * table.find(7, 0)->nvlink_bytes_per_s, 300e9, 1e6);
  EXPECT_NEAR(2 * 4 * table.find(8, 6)->nvlink_bytes_per_s, 112.5e9, 1e6);
  EXPECT_EQ(table.find(8, 9)->nvlink_bytes_per_s, 0);
  EXPECT_FALSE(table.find(9, 0)->nvlink_source.empty());

  auto linked = valid_entry();
  linked["nvlink_bytes_per_s"] = 25e9;
  linked["nvlink_source"] = "a whitepaper";
  EXPECT_EQ(ArchitectureTable::parse(one_entry(linked)).architectures().front().nvlink_bytes_per_s,
            25e9);
  auto uncited = linked;
  uncited.erase("nvlink_source");
  expect_refused(one_entry(uncited), "nvlink_source");
  auto zero = linked;
  zero["nvlink_bytes_per_s"] = 0;
  expect_refused(one_entry(zero), "nvlink_bytes_per_s must be positive");
}
