// CPU and GPU on one buffer on a real GPU: every memory the device can read, each part of a call,
// verified step by step (the GPU's pass, what the CPU reads, the CPU's pass, what the GPU reads
// back) at the smallest and largest CPU shares, over a length of several 2 MiB page groups with
// a tail; a memory the device cannot read is refused with the reason its profile gives. Skipped,
// with a message, without a GPU.
#include <gtest/gtest.h>

#include <algorithm>

#include "expect_verified.hpp"
#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/one_buffer_cases.hpp"
#include "kernels/one_buffer.hpp"
#include "probes/cuda/device.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

class OneBufferGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = probes::cuda::cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    device_ = probes::cuda::describe_cuda_devices().at(0);
  }
  roofline::Device device_;
};

// 5 page groups of fp32 and a tail: the CPU's 64% starts on a group boundary inside y.
constexpr std::size_t kN = 5 * (kOneBufferAlignBytes / 4) + 1000;

TEST_F(OneBufferGpu, EveryMemoryVerifiesEveryPartAtBothEndsOfTheShares) {
  const std::vector<std::string> offered_not = device_.not_offered["one_buffer"];
  for (OneBufferMemory memory : kOneBufferMemories) {
    const auto why = one_buffer_unsupported(memory, 0);
    if (why) {
      EXPECT_NE(std::find(offered_not.begin(), offered_not.end(),
                          std::string(to_string(memory)) + ": " + *why),
                offered_not.end());
      EXPECT_THROW(
          make_one_buffer_case(device_, memory, OneBufferPart::call, 1, {}, Precision::fp32, kN),
          roofline::InputError);
      continue;
    }
    for (int percent : {kOneBufferCpuPercents.front(), kOneBufferCpuPercents.back()})
      for (OneBufferPart part : kOneBufferParts) {
        auto c = make_one_buffer_case(
            device_, memory, part, percent,
            nested_saxpy_geometry(device_, Precision::fp32, kOneBufferDepth, kN), Precision::fp32,
            kN);
        // The GPU's pass at its working set's level on the device; the rest as declared.
        if (part == OneBufferPart::gpu) {
          EXPECT_NE(c->info().level, "host_link");
          EXPECT_NE(c->info().level, kHostLevel);
        } else {
          EXPECT_EQ(c->info().level, std::string(one_buffer_level(part, memory)));
        }
        test_support::expect_verified(*c);
      }
  }
}

TEST_F(OneBufferGpu, TheFamilyRunsByNameOnly) {
  roofline::RunOptions options;
  options.families = {"one_buffer"};
  options.size = static_cast<std::int64_t>(kN);
  const auto cases = make_cases(device_, options);
  const std::size_t memories = kOneBufferMemories.size() - device_.not_offered["one_buffer"].size();
  EXPECT_EQ(cases.size(), memories * kOneBufferCpuPercents.size() * kOneBufferParts.size());
  roofline::RunOptions defaults;
  defaults.size = 4096;
  for (const auto& c : make_cases(device_, defaults)) EXPECT_NE(c->info().family, "one_buffer");
}

}  // namespace
}  // namespace kernels::cuda
