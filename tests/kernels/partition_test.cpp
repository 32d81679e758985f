#include "kernels/cpu/partition.hpp"

#include <gtest/gtest.h>

#include <cstdint>

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

}  // namespace
}  // namespace kernels::cpu
