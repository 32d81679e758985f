#pragma once
// For tests that run pinned as `rooflab` runs (OMP_PLACES=cores, OMP_PROC_BIND=close, set by
// ROOFLAB_PINNED_TEST_MAIN's re-execution): OpenMP then binds the main thread to one core before
// main(), and the threads a library starts from it inherit that core unless it is widened
// (roofline/affinity.hpp).
#include <dirent.h>
#include <gtest/gtest.h>
#include <omp.h>
#include <sched.h>
#include <sys/types.h>

#include <set>
#include <string>

#include "roofline/provenance.hpp"

namespace pinned {

// The threads of this process.
inline std::set<pid_t> threads() {
  std::set<pid_t> out;
  DIR* dir = opendir("/proc/self/task");
  if (dir == nullptr) return out;
  while (const dirent* e = readdir(dir))
    if (e->d_name[0] != '.') out.insert(static_cast<pid_t>(std::stoi(e->d_name)));
  closedir(dir);
  return out;
}

// The CPUs a thread (0: the calling one) may run on, or -1 when that cannot be read.
inline int cpus_of(pid_t thread) {
  cpu_set_t set;
  return sched_getaffinity(thread, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1;
}

// Expects every thread started since `before` to run on every CPU OpenMP has; returns how many.
inline int expect_new_threads_on_every_cpu(const std::set<pid_t>& before) {
  int started = 0;
  for (pid_t t : threads())
    if (!before.contains(t)) {
      ++started;
      EXPECT_EQ(cpus_of(t), omp_get_num_procs()) << "thread " << t;
    }
  return started;
}

// Skips where there is one place (nothing to widen); asserts the premise elsewhere.
class MainThread : public testing::Test {
 protected:
  void SetUp() override {
    if (omp_get_num_places() < 2) GTEST_SKIP() << "one OpenMP place: nothing to widen";
    ASSERT_EQ(cpus_of(0), 1) << "OMP_PROC_BIND=close binds the main thread to one core";
  }
};

}  // namespace pinned

// The test binary's main(): re-executes pinned, as rooflab does, then runs the tests.
#define ROOFLAB_PINNED_TEST_MAIN           \
  int main(int argc, char** argv) {        \
    roofline::ensure_pinned_threads(argv); \
    testing::InitGoogleTest(&argc, argv);  \
    return RUN_ALL_TESTS();                \
  }
