#pragma once
// The CPU's synchronization latency per thread count: forking and joining an empty OpenMP
// parallel region, one OpenMP barrier, and one call of the persistent team
// (kernels/cpu/team.hpp). Each case runs kCallsPerRun calls per timed run; each run is checked:
// every call reached every thread.
#include <memory>
#include <string>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cpu {

inline constexpr int kCallsPerRun = 2000;

enum class SyncKind { fork_join, barrier, team_wake };
// In the order they are measured: the team first, before OpenMP's threads spin after a region.
inline constexpr SyncKind kSyncKinds[] = {SyncKind::team_wake, SyncKind::fork_join,
                                          SyncKind::barrier};

// 1, 2, 4, … and `most` itself.
std::vector<int> latency_thread_counts(int most);

std::unique_ptr<roofline::Case> make_latency_case(const roofline::Device& device, SyncKind kind,
                                                  int threads);

// The latency ceiling of a measured latency case: its per-call times.
roofline::LatencyCeiling latency_ceiling(const roofline::Result& r);

}  // namespace probes::cpu
