#pragma once
// Whether the threads of an all-core FMA probe had their cores' FMA units to themselves: each
// thread's chain throughput is compared with one thread's alone, at the clock each ran at. About 1
// is expected; about 0.5 at an unchanged clock means two threads shared one core's FMA units: SMT
// siblings that the (virtual) machine reports as separate cores, or other work on the host. The
// clock probe cannot see that, since an add chain is latency-bound and runs as fast beside a busy
// sibling.
#include <span>
#include <string>

namespace probes::cpu {

struct ThreadShare {
  double median = 1;   // median over threads of the clock-normalized throughput ratio
  double slowest = 1;  // the smallest ratio
  int threads = 0;
};

// Below this median ratio the threads are reported as sharing FMA units.
constexpr double kSharedBelow = 0.85;

// `single_seconds`: one thread's median call time alone at `single_clock_hz`; `thread_seconds`:
// each thread's median call time (same work per call) with all threads running at `clock_hz`.
// A clock of 0 (not measured) is not normalized for.
ThreadShare thread_share(double single_seconds, double single_clock_hz,
                         std::span<const double> thread_seconds, double clock_hz);

// "per-thread FMA throughput vs one thread alone at the same clock: median 0.98, slowest 0.95"
std::string describe(const ThreadShare& share);

}  // namespace probes::cpu
