// What the CUDA and OpenCL host link probes share: the copy sizes, the pattern that catches a
// misplaced copy, and the points and host_link ceilings made from verified results.
#include "probes/host_link.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "roofline/input_error.hpp"

namespace {

using probes::LinkDirection;

constexpr double KiB = 1024, MiB = KiB * KiB, GiB = KiB * MiB;

TEST(HostLink, SizesSpan4KiBTo1GiBBoundedByWhatFits) {
  const std::vector<double> full = probes::link_sizes(false, 64 * GiB, 0, false);
  ASSERT_EQ(full.size(), 10u);  // 4 KiB × 4^k
  EXPECT_EQ(full.front(), 4 * KiB);
  EXPECT_EQ(full.back(), GiB);
  EXPECT_EQ(probes::link_sizes(true, 64 * GiB, 0, false),
            (std::vector<double>{4 * KiB, 64 * KiB, MiB, 16 * MiB, 256 * MiB}));
  EXPECT_EQ(probes::link_sizes(false, 20 * MiB, 0, false).back(), 16 * MiB);  // the device's room
  EXPECT_EQ(probes::link_sizes(true, 64 * GiB, 300 * KiB, false).back(),
            64 * KiB);  // --max-working-set
  EXPECT_EQ(probes::link_sizes(true, 1000, 0, false),
            std::vector<double>{4 * KiB});  // the smallest
  // A CPU device copies within the host's memory: quick stops at 16 MiB, full still goes to 1 GiB.
  EXPECT_EQ(probes::link_sizes(true, 64 * GiB, 0, true),
            (std::vector<double>{4 * KiB, 64 * KiB, MiB, 16 * MiB}));
  EXPECT_EQ(probes::link_sizes(false, 64 * GiB, 0, true), full);
}

TEST(HostLink, ThePatternCatchesAMisplacedOrMissingWord) {
  std::vector<std::uint32_t> words(1000);
  probes::fill_pattern(words.data(), words.size(), 11);
  EXPECT_EQ(probes::first_mismatch(words.data(), words.size(), 11), words.size());
  for (std::uint32_t w : words) EXPECT_NE(w, 0u);  // a poisoned (zeroed) word is caught
  EXPECT_EQ(probes::first_mismatch(words.data(), words.size(), 23), 0u);  // the other direction's
  std::swap(words[500], words[501]);
  EXPECT_EQ(probes::first_mismatch(words.data(), words.size(), 11), 500u);
}

roofline::Result link_result(LinkDirection d, const std::string& memory, double bytes,
                             double seconds) {
  roofline::Device device;
  device.id = "cuda:0";
  device.backend = "cuda";
  const roofline::CaseInfo info = probes::link_case_info(device, d, memory, bytes);
  roofline::Result r;
  r.family = info.family;
  r.variant = info.variant;
  r.params = info.params;
  r.work = info.work;
  r.verification = {true, 0, 0, "landed"};
  r.samples = {seconds, seconds};
  r.time = roofline::summarize(r.samples);
  return r;
}

TEST(HostLink, BothWaysCountTheTwoDirectionsBytes) {
  roofline::Device device;
  device.backend = "opencl";
  const auto info = probes::link_case_info(device, LinkDirection::both, "mapped", 4096);
  EXPECT_EQ(info.variant, "both_mapped");
  EXPECT_EQ(info.level, "host_link");
  EXPECT_EQ(info.work.bytes, 8192);
  EXPECT_EQ(info.params.at("copy_bytes"), 4096);
  EXPECT_THROW(probes::link_case_info(device, LinkDirection::h2d, "copied", 4095),
               roofline::InputError);
  EXPECT_THROW(probes::link_case_info(device, LinkDirection::h2d, "copied", 0),
               roofline::InputError);
}

TEST(HostLink, EachDirectionsCeilingIsItsFastestSizeInTheChosenMemory) {
  roofline::Device device;
  device.compute_units = 132;
  std::vector<roofline::Result> results = {
      link_result(LinkDirection::h2d, "pinned", 4 * KiB, 4e-6),  // 1 GB/s
      link_result(LinkDirection::h2d, "pinned", 16 * MiB, 16 * MiB / 50e9),
      link_result(LinkDirection::h2d, "pinned", GiB, GiB / 40e9),    // slower than 16 MiB
      link_result(LinkDirection::h2d, "pageable", GiB, GiB / 60e9),  // not the chosen memory
      link_result(LinkDirection::d2h, "pinned", GiB, GiB / 45e9),
      link_result(LinkDirection::both, "pinned", GiB, 2 * GiB / 90e9)};  // no ceiling of its own
  results.push_back(link_result(LinkDirection::d2h, "pinned", 4 * KiB, 1));
  results.back().verification = {false, 1, 0, "device to host: word 3 differs"};
  std::vector<std::string> failures;
  probes::record_link(device, results, "pinned", "cudaMemcpyAsync", failures);

  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].find("word 3 differs"), std::string::npos) << failures[0];
  ASSERT_EQ(device.link.size(), 6u);  // the failed copy is no point
  EXPECT_NEAR(device.link[5].bytes_per_s[0], 90e9, 1e3);
  ASSERT_EQ(device.memory.size(), 2u);
  EXPECT_EQ(device.memory[0].level, "host_link");
  EXPECT_EQ(device.memory[0].kernel, "h2d");
  EXPECT_NEAR(device.memory[0].bytes_per_s.median, 50e9, 1e3);
  EXPECT_EQ(device.memory[0].working_set_max, 16 * MiB);
  EXPECT_EQ(device.memory[0].threads, 132);
  EXPECT_NE(device.memory[0].method.find("pinned host memory"), std::string::npos);
  EXPECT_EQ(device.memory[1].kernel, "d2h");
  EXPECT_NEAR(device.roofline().bandwidth("host_link").value(), 50e9, 1e3);
  // Probed again: the ceilings are replaced, not added to.
  probes::record_link(device, results, "pinned", "cudaMemcpyAsync", failures);
  EXPECT_EQ(device.memory.size(), 2u);
}

}  // namespace
