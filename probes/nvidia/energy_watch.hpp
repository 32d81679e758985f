#pragma once
// A window's mean power from a cumulative energy counter that its driver updates at a cadence of
// its own (NVML's: every 100 ms on an H200). A read returns the last update's value, up to a
// period old, so a window whose ends are read at arbitrary times carries up to a period of what
// ran before it and misses as much of its own end: on an H200 an idle second after a 700 W
// window read 179 W where its whole updates read 121 W, and two probes' 2 s compute windows
// differed by up to 8% (2026-11-30, docs/performance.md). The watch reads the counter on a
// thread of its own and takes the power between the first and the last update it saw, an
// interval wholly inside the window.
#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <thread>

namespace probes::nvidia {

// What stamped reads of the counter show: its first and last read, and its first and last update
// (a read whose value differs from the read before it).
class CounterUpdates {
 public:
  using Clock = std::chrono::steady_clock;

  void add(Clock::time_point at, double joules);
  // The mean power (W) between the first and the last update; with fewer than two updates,
  // between the first and the last read; nothing with fewer than two reads apart in time.
  std::optional<double> mean_power() const;

 private:
  struct Point {
    Clock::time_point at;
    double joules = 0;
  };
  std::optional<Point> first_read_, last_read_, first_update_, last_update_;
};

class EnergyWatch {
 public:
  // The counter in joules; nothing when a read fails.
  using Read = std::function<std::optional<double>()>;

  // Starts reading `read` as often as it answers.
  explicit EnergyWatch(Read read);
  ~EnergyWatch();
  EnergyWatch(const EnergyWatch&) = delete;
  EnergyWatch& operator=(const EnergyWatch&) = delete;

  // Stops reading. The reads' mean power (CounterUpdates); nothing when a read failed.
  std::optional<double> stop();
  // Whether a read failed (after stop()).
  bool failed() const { return failed_; }

 private:
  void watch();

  Read read_;
  std::atomic<bool> done_ = false;
  // Written by the thread alone and read once it has joined.
  CounterUpdates updates_;
  bool failed_ = false;
  std::thread thread_;
};

}  // namespace probes::nvidia
