// The command line with the CUDA backend built in: `rooflab devices` lists the GPUs or says why
// CUDA is unavailable, and a GPU id on a machine without one is refused by name.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "probes/cuda/device.hpp"

namespace {

struct Outcome {
  int code;
  std::string output;
};

Outcome rooflab(const std::string& args) {
  FILE* pipe = popen(("'" ROOFLAB_BIN "' " + args + " 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
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
