// The persistent team: every member runs every call once, members sit on OpenMP's places as
// OpenMP's threads would, and an idle team sleeps instead of spinning. Runs pinned, as rooflab.
#include "kernels/cpu/team.hpp"

#include <sched.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <thread>
#include <vector>

#include "pinned_threads.hpp"

namespace kernels::cpu {
namespace {

using PinnedMainThread = pinned::MainThread;

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
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

TEST(Team, SleepsWhenIdleAndWakesForTheNextCall) {
  const int threads = std::max(2, omp_get_num_procs());
  Team team(threads);
  std::atomic<int> total{0};
  auto job = [&](int) { total.fetch_add(1, std::memory_order_relaxed); };
  team.run(job);
  std::this_thread::sleep_for(4 * Team::kSpinBeforeSleep);
  const double before = process_cpu_seconds();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const double idle_cpu = process_cpu_seconds() - before;
  // Spinning members would use about 0.1 s of CPU each in this window.
  EXPECT_LT(idle_cpu, 0.02) << "CPU seconds used by an idle team of " << threads;
  team.run(job);
  EXPECT_EQ(total.load(), 2 * threads);
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
