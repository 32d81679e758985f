// The host link and launch latency probes on a real GPU: every copy and launch verified, the
// ceilings and the link's theoretical rate from NVML in the profile. Skipped, with a message, on
// a machine without a GPU.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "probes/cuda/device.hpp"
#include "probes/cuda/host_link.hpp"
#include "probes/cuda/latency.hpp"
#include "roofline/harness.hpp"

namespace {

using probes::LinkDirection;
using probes::cuda::HostMemory;

class GpuLink : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = probes::cuda::cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    device_ = probes::cuda::describe_cuda_devices().at(0);
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
  }
  roofline::Device device_;
  roofline::ProbeOptions options_{
      .quick = true,
      .max_working_set = 1 << 20,
      .measure = {.repetitions = 3, .min_sample_seconds = 0.0005, .warmup_seconds = 0}};
};

TEST_F(GpuLink, EveryCopyVerifiesInEveryDirectionAndHostMemory) {
  for (double bytes : {4096.0, 4.0 * (1 << 20) + 4})
    for (LinkDirection d : probes::kLinkDirections)
      for (HostMemory m : probes::cuda::kHostMemories) {
        auto c = probes::cuda::make_link_case(device_, {d, m, bytes});
        const roofline::Result r = roofline::measure(*c, options_.measure);
        EXPECT_TRUE(r.ok()) << c->info().variant << " " << bytes << ": " << r.failure();
        EXPECT_NE(r.verification.message.find("landed"), std::string::npos);
      }
}

TEST_F(GpuLink, TheProbeRecordsTheSweepItsCeilingsAndTheLinksRate) {
  std::vector<std::string> failures;
  probes::cuda::probe_host_link(device_, options_, failures);
  EXPECT_TRUE(failures.empty()) << failures.front();
  EXPECT_EQ(device_.link.size(), 3u * 3 * 2);  // 4 KiB, 64 KiB and 1 MiB (quick, up to 1 MiB)
  int ceilings = 0;
  for (const auto& m : device_.memory) ceilings += m.level == "host_link";
  EXPECT_EQ(ceilings, 2);
  // NVML reads the link on a GPU machine; where it cannot, the note says why.
  const bool rate = std::ranges::any_of(device_.theoretical_memory,
                                        [](const auto& t) { return t.level == "host_link"; });
  const bool note = device_.facts.value("probe_notes", nlohmann::json::array())
                        .dump()
                        .find("host_link theoretical unavailable") != std::string::npos;
  EXPECT_NE(rate, note);
  for (const auto& t : device_.theoretical_memory) {
    if (t.level == "host_link") {
      EXPECT_NE(t.basis.find("PCIe Gen"), std::string::npos);
    }
  }
}

TEST_F(GpuLink, EveryLaunchKindVerifiesAndARoundTripCostsMoreThanALaunchGap) {
  std::vector<std::string> failures;
  probes::cuda::probe_launch_latency(device_, options_, failures);
  EXPECT_TRUE(failures.empty()) << failures.front();
  ASSERT_EQ(device_.latency.size(), 3u);
  EXPECT_EQ(device_.latency[0].kind, "launch_round_trip");
  EXPECT_EQ(device_.latency[1].kind, "launch_gap");
  EXPECT_EQ(device_.latency[2].kind, "graph_launch");
  for (const auto& l : device_.latency) {
    EXPECT_GT(l.seconds.median, 0);
    EXPECT_LT(l.seconds.median, 1e-3) << l.kind;  // per launch, not per run
  }
  EXPECT_GT(device_.latency[0].seconds.median, device_.latency[1].seconds.median);
}

}  // namespace
