// OpenMP pinned as `rooflab` pins it binds the main thread to one core before main(). The threads
// an OpenCL runtime on the CPU starts (PoCL's workers, while it finds its devices) must still be
// free to run on every core, not share the main thread's.
#include "roofline/affinity.hpp"

#include <dirent.h>
#include <gtest/gtest.h>
#include <omp.h>
#include <sched.h>
#include <sys/types.h>

#include <set>
#include <string>
#include <thread>

#include "kernels/opencl/runtime.hpp"
#include "roofline/provenance.hpp"

namespace {

std::set<pid_t> threads() {
  std::set<pid_t> out;
  DIR* dir = opendir("/proc/self/task");
  if (dir == nullptr) return out;
  while (const dirent* e = readdir(dir))
    if (e->d_name[0] != '.') out.insert(static_cast<pid_t>(std::stoi(e->d_name)));
  closedir(dir);
  return out;
}

int cpus_of(pid_t thread) {
  cpu_set_t set;
  return sched_getaffinity(thread, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1;
}

int cpus_of_a_new_thread() {
  int cpus = -1;
  std::thread([&] { cpus = cpus_of(0); }).join();
  return cpus;
}

class PinnedMainThread : public testing::Test {
 protected:
  void SetUp() override {
    if (omp_get_num_places() < 2) GTEST_SKIP() << "one OpenMP place: nothing to widen";
    ASSERT_EQ(cpus_of(0), 1) << "OMP_PROC_BIND=close binds the main thread to one core";
  }
};

}  // namespace

TEST_F(PinnedMainThread, ThreadsStartedInTheScopeMayRunOnEveryCpu) {
  EXPECT_EQ(cpus_of_a_new_thread(), 1);  // the premise: a new thread inherits the one core
  {
    const roofline::AllPlacesAffinity widened;
    EXPECT_EQ(cpus_of_a_new_thread(), omp_get_num_procs());
  }
  EXPECT_EQ(cpus_of(0), 1);  // restored
}

TEST_F(PinnedMainThread, AnOpenClRuntimesWorkersMayRunOnEveryCpu) {
  const std::set<pid_t> before = threads();
  const kernels::opencl::Enumeration e = kernels::opencl::enumerate_devices();
  ASSERT_FALSE(e.devices.empty()) << e.reason;
  const kernels::opencl::Runtime runtime(e.devices.front());
  int started = 0;
  for (pid_t t : threads())
    if (!before.contains(t)) {
      ++started;
      EXPECT_EQ(cpus_of(t), omp_get_num_procs()) << "thread " << t;
    }
  const std::string platform = e.devices.front().cl_platform.getInfo<CL_PLATFORM_NAME>();
  if (platform == "Portable Computing Language") {
    EXPECT_GT(started, 0) << "PoCL's workers";
  }
  EXPECT_EQ(cpus_of(0), 1);
}

int main(int argc, char** argv) {
  roofline::ensure_pinned_threads(argv);  // as rooflab runs
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
