// Theoretical peaks need the architecture; a device the table does not know stays unknown.
#include "probes/opencl/gpu_architecture.hpp"

#include <gtest/gtest.h>

using probes::opencl::gpu_architecture;

TEST(GpuArchitecture, NvidiaDataCentrePartsAreMatchedByName) {
  const auto h100 = gpu_architecture("NVIDIA Corporation", "NVIDIA H100 80GB HBM3");
  ASSERT_TRUE(h100);
  EXPECT_EQ(h100->fp32_lanes, 128);
  EXPECT_EQ(h100->fp64_lanes, 64);
  EXPECT_EQ(h100->l2_bytes, 50.0 * 1024 * 1024);
  const auto h200 = gpu_architecture("NVIDIA Corporation", "NVIDIA H200");
  ASSERT_TRUE(h200);
  EXPECT_EQ(h200->l2_bytes, 60.0 * 1024 * 1024);
  EXPECT_EQ(gpu_architecture("NVIDIA Corporation", "NVIDIA A100-SXM4-40GB")->fp64_lanes, 32);
}

TEST(GpuArchitecture, OtherDevicesAreUnknown) {
  EXPECT_FALSE(gpu_architecture("NVIDIA Corporation", "NVIDIA GeForce GT 710"));
  EXPECT_FALSE(gpu_architecture("AuthenticAMD", "pthread-haswell-AMD EPYC H100"));
  EXPECT_FALSE(gpu_architecture("Advanced Micro Devices, Inc.", "gfx90a"));
}
