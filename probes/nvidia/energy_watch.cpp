#include "probes/nvidia/energy_watch.hpp"

#include <utility>

namespace probes::nvidia {

void CounterUpdates::add(Clock::time_point at, double joules) {
  const Point p{at, joules};
  if (last_read_ && p.joules != last_read_->joules) {
    if (!first_update_) first_update_ = p;
    last_update_ = p;
  }
  if (!first_read_) first_read_ = p;
  last_read_ = p;
}

std::optional<double> CounterUpdates::mean_power() const {
  const bool updated_twice = first_update_ && last_update_->at > first_update_->at;
  const std::optional<Point>&from = updated_twice ? first_update_ : first_read_,
        &to = updated_twice ? last_update_ : last_read_;
  if (!from || !(to->at > from->at)) return std::nullopt;
  return (to->joules - from->joules) / std::chrono::duration<double>(to->at - from->at).count();
}

EnergyWatch::EnergyWatch(Read read) : read_(std::move(read)), thread_([this] { watch(); }) {}

EnergyWatch::~EnergyWatch() { stop(); }

// A read takes milliseconds (4 ms on an H200), a hundredth of the counter's period or less: each
// value is stamped at the middle of its read, and the reads follow each other without a pause.
void EnergyWatch::watch() {
  using Clock = CounterUpdates::Clock;
  while (!done_.load()) {
    const Clock::time_point before = Clock::now();
    const std::optional<double> joules = read_();
    if (!joules) {
      failed_ = true;
      return;
    }
    updates_.add(before + (Clock::now() - before) / 2, *joules);
  }
}

std::optional<double> EnergyWatch::stop() {
  done_ = true;
  if (thread_.joinable()) thread_.join();
  if (failed_) return std::nullopt;
  return updates_.mean_power();
}

}  // namespace probes::nvidia
