// The command line with the CUDA backend built in: `rooflab devices` lists the GPUs or says why
// CUDA is unavailable, and a GPU id on a machine without one is refused by name.
#include <gtest/gtest.h>

#include <string>

#include "command.hpp"
#include "probes/cuda/device.hpp"

namespace {

// Without the user's OMP_NUM_THREADS, whose warning where it exceeds the CPUs would come before
// the device list.
test_support::Outcome rooflab(const std::string& args) {
  return test_support::run_command("env -u OMP_NUM_THREADS '" ROOFLAB_BIN "' " + args);
}

}  // namespace

TEST(CudaCli, DevicesListsTheGpusOrWhyCudaIsUnavailable) {
  const auto r = rooflab("devices");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.rfind("cpu", 0), 0u) << r.output;
  const auto a = probes::cuda::cuda_availability();
  if (a.available) {
    EXPECT_NE(r.output.find("\ncuda:0 "), std::string::npos) << r.output;
  } else {
    EXPECT_NE(r.output.find("cuda: unavailable (" + a.reason + ")"), std::string::npos) << r.output;
  }
}

TEST(CudaCli, AGpuIdWithoutAGpuIsRefusedWithTheReason) {
  if (probes::cuda::cuda_availability().available) GTEST_SKIP() << "this machine has a GPU";
  const auto r = rooflab("run -d cuda:0 --family stream");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("cuda is unavailable: cudaGetDeviceCount"), std::string::npos)
      << r.output;
}
