// OpenMP pinned as `rooflab` pins it binds the main thread to one core before main(). The threads
// an OpenCL runtime on the CPU starts (PoCL's workers, while it finds its devices) must still be
// free to run on every core, not share the main thread's.
#include "roofline/affinity.hpp"

#include <thread>

#include "kernels/opencl/runtime.hpp"
#include "pinned_threads.hpp"

namespace {

int cpus_of_a_new_thread() {
  int cpus = -1;
  std::thread([&] { cpus = pinned::cpus_of(0); }).join();
  return cpus;
}

using PinnedMainThread = pinned::MainThread;

}  // namespace

TEST_F(PinnedMainThread, ThreadsStartedInTheScopeMayRunOnEveryCpu) {
  EXPECT_EQ(cpus_of_a_new_thread(), 1);  // the premise: a new thread inherits the one core
  {
    const roofline::PlacesAffinity widened;
    EXPECT_EQ(cpus_of_a_new_thread(), omp_get_num_procs());
  }
  EXPECT_EQ(pinned::cpus_of(0), 1);  // restored
}

TEST_F(PinnedMainThread, AnOpenClRuntimesWorkersMayRunOnEveryCpu) {
  const std::set<pid_t> before = pinned::threads();
  const kernels::opencl::Enumeration e = kernels::opencl::enumerate_devices();
  ASSERT_FALSE(e.devices.empty()) << e.reason;
  const kernels::opencl::Runtime runtime(e.devices.front());
  const int started = pinned::expect_new_threads_on_every_cpu(before);
  const std::string platform = e.devices.front().cl_platform.getInfo<CL_PLATFORM_NAME>();
  if (platform == "Portable Computing Language") {
    EXPECT_GT(started, 0) << "PoCL's workers";
  }
  EXPECT_EQ(pinned::cpus_of(0), 1);
}

ROOFLAB_PINNED_TEST_MAIN
