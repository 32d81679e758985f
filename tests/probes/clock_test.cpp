#include "probes/cpu/clock.hpp"

#include <gtest/gtest.h>
#include <omp.h>

namespace {

// Any x86-64 core of the last two decades runs between 0.3 and 7 GHz; a chain that retired
// more or fewer adds per second would mean the measurement, not the CPU, is wrong.
TEST(Clock, SingleCoreClockIsPlausible) {
  const double hz = probes::cpu::measure_clock_hz(1, 0.01);
  EXPECT_GT(hz, 0.3e9);
  EXPECT_LT(hz, 7e9);
}

TEST(Clock, AllCoreClockIsPlausible) {
  const double hz = probes::cpu::measure_clock_hz(omp_get_num_procs(), 0.01);
  EXPECT_GT(hz, 0.3e9);
  EXPECT_LT(hz, 7e9);
}

}  // namespace
