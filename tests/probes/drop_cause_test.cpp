// The cause given for a roof that drops while the neighbours run, from NVML readings planted
// alone and at once: a clock that fell, a clock that held, and nothing read.
#include "probes/nvidia/drop_cause.hpp"

#include <gtest/gtest.h>

namespace {

using probes::nvidia::Reading;
using probes::nvidia::WindowReading;
using Clock = std::chrono::steady_clock;

TEST(DropCause, KeepsTheReadingsOfTheWindowOnly) {
  const auto t0 = Clock::now();
  const auto at = [&](int ms) { return t0 + std::chrono::milliseconds(ms); };
  const std::vector<Reading> readings{{at(0), 1.2e9, 100, 0x1},  // idle, before the window
                                      {at(10), 1.98e9, 600, 0},
                                      {at(12), 1.97e9, 0, 0x4},  // power not read
                                      {at(14), 1.96e9, 620, 0},
                                      {at(30), 1.1e9, 90, 0x1}};
  const WindowReading w = probes::nvidia::within(readings, at(10), at(14));
  EXPECT_EQ(w.samples, 3);
  EXPECT_DOUBLE_EQ(w.sm_hz, 1.97e9);
  EXPECT_DOUBLE_EQ(w.power_w, 620);  // the upper median of 600 and 620
  EXPECT_EQ(w.limiters, 0x4u);
}

TEST(DropCause, NamesAFallenClockWithPowerAndLimiters) {
  const WindowReading alone{1.98e9, 650, 0, 20}, together{1.755e9, 700, 0x4, 20};
  const std::string cause = probes::nvidia::drop_cause(alone, together, 700.0);
  EXPECT_EQ(cause,
            "the SM clock fell from 1.980 to 1.755 GHz (power 650 W alone, 700 W at once of its "
            "700 W limit; NVML names software power cap)");
}

TEST(DropCause, PointsAtTheHostWhenTheClockHeld) {
  const WindowReading alone{1.98e9, 650, 0, 20}, together{1.975e9, 655, 0x1, 20};
  const std::string cause = probes::nvidia::drop_cause(alone, together, std::nullopt);
  EXPECT_EQ(cause.rfind("the SM clock held at 1.975 GHz (power 650 W alone, 655 W at once): not "
                        "the board's power or heat; the host",
                        0),
            0u)
      << cause;
  EXPECT_EQ(probes::nvidia::limiter_names(0x1 | 0x2 | 0x100), "");  // idle and set clocks
  EXPECT_EQ(probes::nvidia::limiter_names(0x40 | 0x8),
            "hardware slowdown, hardware thermal slowdown");
}

TEST(DropCause, SaysWhenNvmlReadNothing) {
  EXPECT_EQ(probes::nvidia::drop_cause({}, {1.9e9, 600, 0, 5}, std::nullopt),
            "cause unknown: NVML read no SM clock while it ran");
}

}  // namespace
