// CPU and GPU on one buffer, without a GPU: where the CPU's share starts, each part's declared
// work and where each part is placed.
#include "kernels/one_buffer.hpp"

#include <gtest/gtest.h>

#include "kernels/nested_saxpy.hpp"

namespace kernels {
namespace {

using roofline::Precision;

constexpr std::size_t kGroup = kOneBufferAlignBytes / 4;  // fp32 elements per 2 MiB

TEST(OneBuffer, TheShareStartsOnAPageGroupAtMostItsPercentFromTheEnd) {
  const std::size_t n = 100 * kGroup + 7;
  for (int percent : kOneBufferCpuPercents) {
    const std::size_t split = one_buffer_split(n, percent, 4);
    EXPECT_EQ(split % kGroup, 0u) << percent;
    EXPECT_GE(n - split, n * percent / 100) << percent;           // at least the share
    EXPECT_LT(n - split, n * percent / 100 + kGroup) << percent;  // by less than a group
  }
  EXPECT_EQ(one_buffer_split(kGroup - 1, 1, 4), 0u);  // smaller than a group: all the CPU's
  EXPECT_EQ(one_buffer_split(n, 64, 8) % (kOneBufferAlignBytes / 8), 0u);
}

TEST(OneBuffer, EachPartDeclaresItsOwnWork) {
  const std::size_t n = 8 * kGroup, split = 6 * kGroup, share = n - split;
  const auto gpu =
      one_buffer_work(OneBufferPart::gpu, OneBufferMemory::managed, Precision::fp32, n, split);
  EXPECT_EQ(gpu.flops, nested_saxpy_work(Precision::fp32, n, kOneBufferDepth).flops);
  EXPECT_EQ(gpu.bytes, 12.0 * n);
  const auto cpu =
      one_buffer_work(OneBufferPart::cpu, OneBufferMemory::managed, Precision::fp32, n, split);
  EXPECT_EQ(cpu.flops, 2.0 * kOneBufferDepth * share);
  const auto call =
      one_buffer_work(OneBufferPart::call, OneBufferMemory::copies, Precision::fp32, n, split);
  EXPECT_EQ(call.flops, gpu.flops + cpu.flops);
  EXPECT_EQ(call.bytes, 2.0 * share * 4);  // y's share out and back
  EXPECT_EQ(
      one_buffer_work(OneBufferPart::call, OneBufferMemory::separate, Precision::fp32, n, split)
          .bytes,
      0);
}

TEST(OneBuffer, OnlyACallThatMovesTheShareIsPlacedUnderTheLink) {
  EXPECT_EQ(one_buffer_level(OneBufferPart::call, OneBufferMemory::managed), "host_link");
  EXPECT_EQ(one_buffer_level(OneBufferPart::call, OneBufferMemory::separate), kHostLevel);
  EXPECT_EQ(one_buffer_level(OneBufferPart::cpu, OneBufferMemory::copies), kHostLevel);
  EXPECT_EQ(one_buffer_level(OneBufferPart::gpu, OneBufferMemory::system), "");
  EXPECT_EQ(to_string(OneBufferMemory::managed_prefetch), "managed_prefetch");
  EXPECT_EQ(to_string(OneBufferPart::cpu), "cpu");
}

}  // namespace
}  // namespace kernels
