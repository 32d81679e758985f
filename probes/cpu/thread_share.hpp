#pragma once
// What each thread of an all-core FMA probe achieved on its own. Threads given equal work finish
// when the slowest does, so a wall-clock rate says only what the slowest thread allowed. Each
// thread times its own chains instead: the all-core ceiling adds up what every thread did on each
// call, and each thread's throughput is compared with one thread's alone at the clock each ran at.
// About 1 is expected. Much less at an unchanged clock means that thread shared its core's FMA
// units: with an SMT sibling the machine reports as a separate core, or with work outside this
// process (other guests of a virtual machine's host). The clock probe cannot see that, since an
// add chain is latency-bound and runs as fast beside a busy sibling.
#include <span>
#include <string>
#include <vector>

namespace probes::cpu {

// Per call, the FLOP rate of all threads together: Σ over threads of flops / that thread's time.
// `thread_call_seconds[t][c]` is thread t's time on call c; every thread did `flops_per_thread`.
std::vector<double> concurrent_rates(const std::vector<std::vector<double>>& thread_call_seconds,
                                     double flops_per_thread);

// Per thread, the median of its call times.
std::vector<double> median_seconds(const std::vector<std::vector<double>>& thread_call_seconds);

struct ThreadShare {
  double median = 1;   // median over threads of the clock-normalized throughput ratio
  double slowest = 1;  // the smallest ratio
  int threads = 0;
};

// Below this ratio a thread did not have its core's FMA units to itself.
constexpr double kSharedBelow = 0.85;

// `single_seconds`: one thread's median call time alone at `single_clock_hz`; `thread_seconds`:
// each thread's median call time (same work per call) with all threads running at `clock_hz`.
// A clock of 0 (not measured) is not normalized for.
ThreadShare thread_share(double single_seconds, double single_clock_hz,
                         std::span<const double> thread_seconds, double clock_hz);

// "per-thread FMA throughput vs one thread alone at the same clock: median 0.98, slowest 0.95"
std::string describe(const ThreadShare& share);

}  // namespace probes::cpu
