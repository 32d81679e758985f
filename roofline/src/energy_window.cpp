#include "roofline/energy_window.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "roofline/clock.hpp"

namespace roofline {
namespace {

// A batch lasts about this long: the host's gap between two batches (a device-timed case waits
// for its last call) is microseconds, a thousandth of it or less.
constexpr double kBatchSeconds = 0.1;

// `calls` calls of c back to back: a device-timed case enqueues them between one pair of events
// and waits for the last (Case::run_calls), a host case runs them in turn.
void run_batch(Case& c, long long calls) {
  if (c.device_timed()) {
    c.run_calls(static_cast<int>(calls));
    return;
  }
  for (long long k = 0; k < calls; ++k) c.run();
}

}  // namespace

Sensors energy_window(Case& c, Sampler& sampler, double seconds) {
  if (!(seconds > 0)) throw std::invalid_argument("an energy window of no length");
  c.prepare();
  struct Release {
    Case& c;
    ~Release() { c.release(); }
  } release{c};
  const Verification check = c.verify();
  if (!check.passed)
    throw std::runtime_error(c.info().family + " " + c.info().variant +
                             " failed its verification before its energy window: " + check.message);
  const Clock::time_point one = Clock::now();
  run_batch(c, 1);
  const long long batch = static_cast<long long>(std::clamp(
      std::ceil(kBatchSeconds / std::max(seconds_since(one), 1e-9)), 1.0, double{1 << 20}));
  run_batch(c, batch);  // untimed: the clocks reach what the window's calls run at
  long long calls = 0;
  sampler.start(seconds);
  const Clock::time_point start = Clock::now();
  while (seconds_since(start) < seconds) {
    run_batch(c, batch);
    calls += batch;
  }
  Sensors s = sampler.stop();
  s.calls = calls;
  s.flops = static_cast<double>(calls) * c.info().work.flops;
  s.bytes = static_cast<double>(calls) * c.info().work.bytes;
  return s;
}

}  // namespace roofline
