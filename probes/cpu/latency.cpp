#include "probes/cpu/latency.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "kernels/cpu/team.hpp"
#include "probes/latency.hpp"

namespace probes::cpu {

namespace {

const char* kind_name(SyncKind kind) {
  switch (kind) {
    case SyncKind::fork_join:
      return "fork_join";
    case SyncKind::barrier:
      return "barrier";
    case SyncKind::team_wake:
      return "team_wake";
  }
  throw std::logic_error("unknown synchronization kind");
}

const char* kind_method(SyncKind kind) {
  switch (kind) {
    case SyncKind::fork_join:
      return "an empty OpenMP parallel region (proc_bind close), forked and joined";
    case SyncKind::barrier:
      return "an OpenMP barrier inside one parallel region (proc_bind close)";
    case SyncKind::team_wake:
      return "a call of the persistent team (spinning members) running an empty job";
  }
  throw std::logic_error("unknown synchronization kind");
}

class LatencyCase final : public roofline::Case {
 public:
  LatencyCase(roofline::CaseInfo info, SyncKind kind, int threads)
      : Case(std::move(info)), kind_(kind), threads_(threads) {}

  void run() override { calls(); }

  // Every call must reach every thread: the threads' arrivals counted over one run.
  roofline::Verification verify() override {
    const long long counted = calls();
    const long long expected = static_cast<long long>(kCallsPerRun) * threads_;
    char message[200];
    std::snprintf(message, sizeof message, "%lld of %lld thread arrivals in %d calls", counted,
                  expected, kCallsPerRun);
    return {.passed = counted == expected, .max_error = 0, .tolerance = 0, .message = message};
  }

 private:
  // Runs kCallsPerRun calls; returns the arrivals of threads counted in them.
  long long calls() {
    std::atomic<long long> arrived{0};
    switch (kind_) {
      case SyncKind::fork_join:
        for (int i = 0; i < kCallsPerRun; ++i) {
#pragma omp parallel num_threads(threads_) proc_bind(close)
          arrived.fetch_add(1, std::memory_order_relaxed);
        }
        break;
      case SyncKind::barrier:
#pragma omp parallel num_threads(threads_) proc_bind(close)
        for (int i = 0; i < kCallsPerRun; ++i) {
#pragma omp barrier
          arrived.fetch_add(1, std::memory_order_relaxed);
        }
        break;
      case SyncKind::team_wake: {
        kernels::cpu::Team& team = kernels::cpu::Team::of(threads_);
        auto job = [&arrived](int) { arrived.fetch_add(1, std::memory_order_relaxed); };
        for (int i = 0; i < kCallsPerRun; ++i) team.run(job);
        break;
      }
    }
    return arrived.load();
  }

  SyncKind kind_;
  int threads_;
};

}  // namespace

std::vector<int> latency_thread_counts(int most) {
  std::vector<int> counts;
  for (int t = 1; t < most; t *= 2) counts.push_back(t);
  counts.push_back(std::max(most, 1));
  return counts;
}

std::unique_ptr<roofline::Case> make_latency_case(const roofline::Device& device, SyncKind kind,
                                                  int threads) {
  roofline::CaseInfo info{.family = "latency",
                          .variant = kind_name(kind),
                          .backend = "cpu",
                          .device = device.id,
                          .params = {{"threads", threads}, {"calls_per_run", kCallsPerRun}},
                          .work = {},
                          .level = ""};
  return std::make_unique<LatencyCase>(std::move(info), kind, threads);
}

roofline::LatencyCeiling latency_ceiling(const roofline::Result& r) {
  const int threads = r.params.at("threads").get<int>();
  SyncKind kind = SyncKind::fork_join;
  for (SyncKind k : kSyncKinds)
    if (r.variant == kind_name(k)) kind = k;
  return probes::latency_ceiling(r, kCallsPerRun, threads,
                                 std::string(kind_method(kind)) + " with " +
                                     std::to_string(threads) + " thread(s); " +
                                     std::to_string(kCallsPerRun) +
                                     " calls per timed run, each run's thread arrivals counted; "
                                     "host clock");
}

}  // namespace probes::cpu
