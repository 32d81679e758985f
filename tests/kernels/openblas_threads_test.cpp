// The reduce family's OpenBLAS baseline under rooflab's pinning: OpenBLAS (built NO_AFFINITY)
// starts the workers it lacks when asked for more threads, from the main thread that OpenMP bound
// to one core; they must run on every core, or openblas_Nt is N threads on one core. (Whether it
// has a pool before that depends on whether its constructor ran before OpenMP bound the main
// thread: in rooflab it had none, in this binary it has one; one thread more than the CPUs makes
// it start a worker either way.)
#include <vector>

#include "kernels/cpu/openblas.hpp"
#include "pinned_threads.hpp"

namespace {
using PinnedMainThread = pinned::MainThread;
}  // namespace

TEST_F(PinnedMainThread, OpenBlasWorkersMayRunOnEveryCpu) {
  const std::set<pid_t> before = pinned::threads();
  const std::vector<float> x(1 << 20, 1.0f);
  const float sum = kernels::cpu::openblas_reduce(kernels::ReduceOp::sum, omp_get_num_procs() + 1,
                                                  x.data(), nullptr, x.size());
  EXPECT_EQ(sum, float(1 << 20));
  EXPECT_GT(pinned::expect_new_threads_on_every_cpu(before), 0) << "OpenBLAS's workers";
  EXPECT_EQ(pinned::cpus_of(0), 1);
}

ROOFLAB_PINNED_TEST_MAIN
