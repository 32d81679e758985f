// The persistent team: every member runs every call once, members sit on OpenMP's places as
// OpenMP's threads would, and an idle team sleeps instead of spinning. Runs pinned, as rooflab.
#include "kernels/cpu/team.hpp"

#include <sched.h>
#include <sys/types.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "pinned_threads.hpp"

namespace kernels::cpu {
namespace {

using PinnedMainThread = pinned::MainThread;

// The scheduler state of one of this process's threads: 'R' running or runnable, 'S' asleep…
char state_of(pid_t thread) {
  std::ifstream stat("/proc/self/task/" + std::to_string(thread) + "/stat");
  std::string line;
  std::getline(stat, line);
  const std::size_t name_end = line.rfind(')');  // the name may hold spaces and parentheses
  return name_end == std::string::npos || name_end + 2 >= line.size() ? '?' : line[name_end + 2];
}

// Whether every thread of `threads` is asleep.
bool all_asleep(const std::set<pid_t>& threads) {
  return std::all_of(threads.begin(), threads.end(), [](pid_t t) { return state_of(t) == 'S'; });
}

TEST(Team, EveryMemberRunsEveryCallOnce) {
  for (int threads : {1, 2, 3, 5}) {  // 3 and 5: more members than a 2-CPU machine has
    Team team(threads);
    ASSERT_EQ(team.size(), threads);
    std::vector<int> runs(static_cast<std::size_t>(threads), 0);  // each member its own slot
    int calls = 0;
    auto job = [&](int member) { ++runs[static_cast<std::size_t>(member)]; };
    for (; calls < 500; ++calls) {
      team.run(job);
      // run returns only when every member is done: no member is a call behind or ahead.
      for (int m = 0; m < threads; ++m) ASSERT_EQ(runs[static_cast<std::size_t>(m)], calls + 1);
    }
  }
  EXPECT_THROW(Team(0), std::invalid_argument);
}

TEST(Team, IsKeptPerSize) {
  EXPECT_EQ(&Team::of(2), &Team::of(2));
  EXPECT_NE(&Team::of(2), &Team::of(3));
  EXPECT_EQ(Team::of(3).size(), 3);
}

// Observed through the scheduler, not a CPU-time budget: a spinning member is never asleep,
// however long the host keeps it off its vCPU, and a sleeping one uses no CPU.
TEST(Team, SleepsWhenIdleAndWakesForTheNextCall) {
  const int threads = std::max(2, omp_get_num_procs());
  const std::set<pid_t> before = pinned::threads();
  Team team(threads);
  std::set<pid_t> members;
  for (pid_t t : pinned::threads())
    if (!before.contains(t)) members.insert(t);
  ASSERT_EQ(members.size(), static_cast<std::size_t>(threads - 1));
  std::atomic<int> total{0};
  auto job = [&](int) { total.fetch_add(1, std::memory_order_relaxed); };
  for (int call = 1; call <= 3; ++call) {
    team.run(job);
    EXPECT_EQ(total.load(), call * threads);
    // Members sleep kSpinBeforeSleep after the call; a loaded machine may delay that by a
    // scheduler slice or two, never by seconds.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!all_asleep(members) && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(Team::kSpinBeforeSleep);
    ASSERT_TRUE(all_asleep(members)) << "an idle team of " << threads << " after call " << call;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_TRUE(all_asleep(members)) << "a member woke with no call";
  }
}

TEST_F(PinnedMainThread, MembersRunOnTheirOpenMpPlaces) {
  const int threads = omp_get_num_places();
  Team team(threads);
  std::vector<std::array<int, 2>> where(static_cast<std::size_t>(threads));  // cpu, allowed
  auto job = [&](int member) {
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    where[static_cast<std::size_t>(member)] = {sched_getcpu(), CPU_COUNT(&set)};
  };
  team.run(job);
  for (int m = 0; m < threads; ++m) {
    std::vector<int> ids(static_cast<std::size_t>(omp_get_place_num_procs(m)));
    omp_get_place_proc_ids(m, ids.data());
    const auto [cpu, allowed] = where[static_cast<std::size_t>(m)];
    EXPECT_EQ(allowed, static_cast<int>(ids.size())) << "member " << m;
    EXPECT_NE(std::find(ids.begin(), ids.end(), cpu), ids.end()) << "member " << m << " on " << cpu;
  }
}

}  // namespace
}  // namespace kernels::cpu

ROOFLAB_PINNED_TEST_MAIN
