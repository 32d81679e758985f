// The shared-read L2 probe's kernel on a real OpenCL device (PoCL here, NVIDIA's on the GPU
// machine): every work-item's sum exact, for reader counts that do and do not divide the
// work-groups; the probe's configs only where the device is a GPU with an L2.
#include "probes/opencl/l2_shared.hpp"

#include <gtest/gtest.h>

#include "family_test_support.hpp"
#include "kernels/opencl/cases.hpp"

namespace {

TEST(OpenClL2Shared, EveryWorkItemSumsItsSliceExactly) {
  const probes::opencl::OpenClBackend backend;
  roofline::Device device;
  test_support::pick_opencl_device(backend, device);
  if (HasFatalFailure()) return;
  const auto runtime = backend.runtime(device.id);
  for (int readers : {1, 2, 3, 16}) {
    const probes::L2SharedConfig config{.blocks = 2 * std::max(device.compute_units, 2),
                                        .threads = 64,
                                        .readers = readers,
                                        .passes = 9};
    const auto c = probes::opencl::make_l2_shared_case(config, device, runtime);
    EXPECT_EQ(c->info().level, probes::kL2SharedLevel);
    test_support::expect_measured(*c);
  }
}

TEST(OpenClL2Shared, OnlyAGpuWithAnL2GetsTheProbe) {
  const probes::opencl::OpenClBackend backend;
  roofline::Device device;
  test_support::pick_opencl_device(backend, device);
  if (HasFatalFailure()) return;
  const auto configs = probes::opencl::l2_shared_configs(device, *backend.runtime(device.id));
  if (!kernels::opencl::is_device_type(device, "GPU")) {
    EXPECT_TRUE(configs.empty());
    return;
  }
  ASSERT_EQ(configs.size(), std::size(probes::kL2SharedReaders));
  for (const auto& c : configs) EXPECT_NO_THROW(probes::check_l2_shared_config(c, "test"));
}

}  // namespace
