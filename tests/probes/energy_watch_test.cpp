// The power found from a counter that updates every 50 ms, the last update 45 ms before the
// window: it is the window's, where reading the ends alone would carry 45 ms of the 700 W before
// the window into a 0.5 s window of 100 W. The reads are stamped by the test, so the figures are
// exact; the watch's own thread is checked on the real clock.
#include "probes/nvidia/energy_watch.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <thread>

namespace {

using probes::nvidia::CounterUpdates;
using probes::nvidia::EnergyWatch;
using Clock = CounterUpdates::Clock;
using Seconds = std::chrono::duration<double>;

// 700 W before t = 0, `watts` from it; at t the counter shows the energy at its last update.
struct SimulatedCounter {
  double period = 0.050, last_update_before_start = 0.045, watts = 100;  // s, s, W

  double joules_at(double t) const {
    const double update =
        std::floor((t + last_update_before_start) / period) * period - last_update_before_start;
    return update < 0 ? 700 * update : watts * update;
  }
};

Clock::time_point at(double t) {
  return Clock::time_point{} + std::chrono::duration_cast<Clock::duration>(Seconds(t));
}

TEST(CounterUpdates, TakesThePowerBetweenWholeUpdatesInsideTheWindow) {
  const SimulatedCounter counter;
  CounterUpdates updates;
  for (int ms = 0; ms < 500; ++ms) {  // a read a millisecond, stamped 0.3 ms into it
    const double t = ms * 1e-3 + 0.3e-3;
    updates.add(at(t), counter.joules_at(t));
  }
  ASSERT_TRUE(updates.mean_power());
  EXPECT_NEAR(*updates.mean_power(), 100, 1e-6);
  // The ends alone: 45.5 J at 499.3 ms less -31.5 J at 0.3 ms, 31.5 J of the time before.
  const double naive = (counter.joules_at(0.4993) - counter.joules_at(0.0003)) / 0.499;
  EXPECT_NEAR(naive, 154.3, 0.1);
}

TEST(CounterUpdates, WithFewerThanTwoUpdatesTakesTheFirstAndLastRead) {
  CounterUpdates once;
  once.add(at(0.0), 10);
  once.add(at(0.1), 10);
  once.add(at(0.2), 40);  // the only update
  once.add(at(0.3), 40);
  EXPECT_NEAR(*once.mean_power(), 100, 1e-9);
  CounterUpdates never;
  never.add(at(0.0), 10);
  never.add(at(0.5), 10);
  EXPECT_EQ(*never.mean_power(), 0);
  CounterUpdates one_read;
  EXPECT_FALSE(one_read.mean_power());
  one_read.add(at(1.0), 10);
  EXPECT_FALSE(one_read.mean_power());
}

// On the real clock, scheduling moves the stamps by milliseconds: the bounds catch a wrong unit,
// sign or interval, not the last percent.
TEST(EnergyWatch, ReadsTheCounterOnItsOwnThread) {
  const Clock::time_point start = Clock::now();
  const SimulatedCounter counter{.period = 0.010, .last_update_before_start = 0.005};
  EnergyWatch watch([&]() -> std::optional<double> {
    std::this_thread::sleep_for(std::chrono::microseconds(200));  // what a read costs
    return counter.joules_at(Seconds(Clock::now() - start).count());
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const std::optional<double> watts = watch.stop();
  ASSERT_TRUE(watts);
  EXPECT_FALSE(watch.failed());
  EXPECT_GT(*watts, 50);
  EXPECT_LT(*watts, 200);
}

TEST(EnergyWatch, GivesNothingWhenAReadFails) {
  EnergyWatch watch([] { return std::optional<double>{}; });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(watch.stop());
  EXPECT_TRUE(watch.failed());
}

}  // namespace
