#include "roofline/at_once.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <latch>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "roofline/budget.hpp"
#include "roofline/clock.hpp"
#include "roofline/stats.hpp"

namespace roofline {
namespace {

// One call's seconds: the device's where the case keeps them, else the host's.
double timed_call(Case& c) {
  const auto start = Clock::now();
  c.run();
  if (!c.device_timed()) return seconds_since(start);
  const std::optional<double> seconds = c.last_device_seconds();
  if (!seconds) throw std::runtime_error("the case reported no device time");
  return *seconds;
}

// What the threads share: who is ready, who failed before timing, who has its samples.
struct Group {
  explicit Group(std::size_t n) : ready(static_cast<std::ptrdiff_t>(n)), size(n) {}
  std::latch ready;
  std::size_t size;
  std::atomic<std::size_t> sampled = 0;
  std::mutex mutex;
  std::string failed;  // the devices that failed before timing
};

void measure_one(const AtOnce& member, AtOnceResult& out, Group& group,
                 const MeasureOptions& options) {
  Case& c = *member.c;
  Result& r = out.result;
  try {
    member.enter();
    c.prepare();
    r.verification = c.verify();
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  if (!r.verification.passed || !r.error.empty()) {
    std::lock_guard lock(group.mutex);
    group.failed += (group.failed.empty() ? "" : ", ") + c.info().device;
  }
  group.ready.arrive_and_wait();
  bool timed = false;
  if (group.failed.empty()) {
    try {
      const auto warm = Clock::now();
      while (seconds_since(warm) < options.warmup_seconds) c.run();
      out.first_sample = Clock::now();
      for (int k = 0; k < options.repetitions; ++k) {
        double seconds = 0;
        int calls = 0;
        while (seconds < options.min_sample_seconds) {
          seconds += timed_call(c);
          ++calls;
        }
        r.samples.push_back(seconds / calls);
      }
      out.last_sample = Clock::now();
      r.time = summarize(r.samples);
      timed = true;
    } catch (const std::exception& e) {
      r.error = std::string("run failed: ") + e.what();
      r.samples.clear();
    }
  } else if (r.verification.passed && r.error.empty()) {
    r.error = "not timed: " + group.failed + " failed before the devices could run at once";
  }
  ++group.sampled;
  try {
    while (timed && group.sampled.load() < group.size) c.run();
  } catch (const std::exception&) {
    // Its samples are kept; only the neighbours' last ones lose its company.
  }
  try {
    c.release();
  } catch (const std::exception& e) {
    if (r.error.empty()) r.error = std::string("release failed: ") + e.what();
  }
}

}  // namespace

std::vector<AtOnceResult> measure_at_once(const std::vector<AtOnce>& cases,
                                          const MeasureOptions& options) {
  if (options.budget) options.budget->expect_at_least(1);
  const MeasureOptions used = options.budget ? options.budget->fit(options) : options;
  const auto start = Clock::now();
  std::vector<AtOnceResult> results(cases.size());
  for (std::size_t k = 0; k < cases.size(); ++k) results[k].result = result_of(cases[k].c->info());
  Group group(cases.size());
  {
    std::vector<std::jthread> threads;
    for (std::size_t k = 0; k < cases.size(); ++k)
      threads.emplace_back([&, k] { measure_one(cases[k], results[k], group, used); });
  }
  if (options.budget) {
    double slowest = 0;
    for (const AtOnceResult& r : results)
      if (r.result.time) slowest = std::max(slowest, r.result.time->median);
    options.budget->finished(used, seconds_since(start), {slowest});
  }
  return results;
}

}  // namespace roofline
