#include "kernels/cpu/partition.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace kernels::cpu {
namespace {

TEST(ThreadBlock, CoversEveryElementOnceWithInteriorCutsOnCacheLines) {
  alignas(64) static float storage[4096];
  for (std::size_t offset : {0, 1, 5, 15})
    for (std::size_t n : {0, 1, 7, 16, 17, 1000, 4000})
      for (int threads : {1, 2, 3, 8}) {
        SCOPED_TRACE(testing::Message()
                     << "offset " << offset << " n " << n << " threads " << threads);
        const float* base = storage + offset;
        std::size_t expected_begin = 0;
        for (int t = 0; t < threads; ++t) {
          const Range r = thread_block(base, n, sizeof(float), t, threads);
          EXPECT_EQ(r.begin, expected_begin);
          EXPECT_LE(r.begin, r.end);
          if (t > 0 && r.begin < n) {
            EXPECT_EQ(reinterpret_cast<std::uintptr_t>(base + r.begin) % 64, 0u);
          }
          expected_begin = r.end;
        }
        EXPECT_EQ(expected_begin, n);
      }
}

TEST(ThreadBlock, SplitsEvenlyToWithinOneCacheLine) {
  alignas(64) static double storage[8];
  const std::size_t n = 1 << 20;
  const Range first = thread_block(storage, n, sizeof(double), 0, 2);
  const Range second = thread_block(storage, n, sizeof(double), 1, 2);
  EXPECT_EQ(first.end - first.begin, n / 2);
  EXPECT_EQ(second.end - second.begin, n / 2);
}

TEST(ChunkedBlocks, HandsOutEveryElementOnceInChunksCutOnCacheLines) {
  alignas(64) static float storage[4096];
  constexpr std::size_t kChunkBytes = 256;  // 64 floats
  for (std::size_t offset : {0, 3})
    for (std::size_t n : {0, 1, 63, 64, 1000, 4000})
      for (int threads : {1, 3}) {
        SCOPED_TRACE(testing::Message()
                     << "offset " << offset << " n " << n << " threads " << threads);
        const float* base = storage + offset;
        ChunkedBlocks blocks(base, n, sizeof(float), threads, kChunkBytes);
        std::size_t expected_begin = 0;
        for (int t = 0; t < threads; ++t) {
          const Range own = thread_block(base, n, sizeof(float), t, threads);
          for (Range c; (c = blocks.take(t)).begin < c.end;) {
            EXPECT_EQ(c.begin, expected_begin);  // in order, no gap, no overlap
            EXPECT_LE(c.end - c.begin, kChunkBytes / sizeof(float) + 15);
            if (c.end < own.end) {
              EXPECT_EQ(reinterpret_cast<std::uintptr_t>(base + c.end) % 64, 0u);
            }
            expected_begin = c.end;
          }
          EXPECT_EQ(expected_begin, own.end);
          EXPECT_GE(blocks.take(t).begin, blocks.take(t).end);  // stays empty once done
        }
        EXPECT_EQ(expected_begin, n);
      }
}

// One thread alone drains every block, its own first; after reset() the chunks come out again.
TEST(ChunkedBlocks, DrainTakesItsOwnBlockFirstThenTheOthersAndResetRestarts) {
  alignas(64) static float storage[4000];
  constexpr int kThreads = 3;
  ChunkedBlocks blocks(storage, 4000, sizeof(float), kThreads, 256);
  for (int t : {1, 2}) {
    SCOPED_TRACE(testing::Message() << "thread " << t);
    std::vector<int> taken(4000, 0);
    std::vector<Range> chunks;
    blocks.drain(t, [&](Range c) {
      chunks.push_back(c);
      for (std::size_t i = c.begin; i < c.end; ++i) ++taken[i];
    });
    EXPECT_EQ(std::ranges::count(taken, 1), 4000);  // every element once
    const Range own = thread_block(storage, 4000, sizeof(float), t, kThreads);
    ASSERT_FALSE(chunks.empty());
    EXPECT_EQ(chunks.front().begin, own.begin);
    EXPECT_GE(blocks.take(0).begin, blocks.take(0).end);  // nothing left until reset
    blocks.reset();
  }
}

}  // namespace
}  // namespace kernels::cpu
