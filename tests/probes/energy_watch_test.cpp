// The watch on a simulated counter that updates every 50 ms, the last update 45 ms before the
// window: the power it finds is the window's, where reading the ends alone would carry 45 ms of
// the 700 W before the window into a 0.5 s window of 100 W.
#include "probes/nvidia/energy_watch.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;
using probes::nvidia::EnergyWatch;

// 700 W until `start`, 100 W from it; the counter shows the energy at its last update.
struct SimulatedCounter {
  Clock::time_point start = Clock::now();
  double period = 0.050, last_update_before_start = 0.045;  // seconds

  double joules_until(double t) const { return t < 0 ? 700 * t : 100 * t; }
  std::optional<double> read() const {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));  // what a read costs
    const double t = std::chrono::duration<double>(Clock::now() - start).count();
    const double update =
        std::floor((t + last_update_before_start) / period) * period - last_update_before_start;
    return joules_until(update);
  }
};

TEST(EnergyWatch, TakesThePowerBetweenWholeUpdatesInsideTheWindow) {
  const SimulatedCounter counter;
  EnergyWatch watch([&] { return counter.read(); });
  const double naive_start = *counter.read();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double naive = (*counter.read() - naive_start) /
                       std::chrono::duration<double>(Clock::now() - counter.start).count();
  const std::optional<double> watts = watch.stop();
  ASSERT_TRUE(watts);
  EXPECT_FALSE(watch.failed());
  EXPECT_NEAR(*watts, 100, 5);
  EXPECT_GT(naive, 140);  // the ends alone: 31.5 J of the window before
}

TEST(EnergyWatch, GivesNothingWhenAReadFails) {
  EnergyWatch watch([] { return std::optional<double>{}; });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(watch.stop());
  EXPECT_TRUE(watch.failed());
}

}  // namespace
