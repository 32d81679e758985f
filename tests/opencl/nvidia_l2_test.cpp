// NVIDIA's OpenCL gives no L2 size: the listed parts are known by name, others stay unknown.
#include "probes/opencl/nvidia_l2.hpp"

#include <gtest/gtest.h>

using probes::opencl::nvidia_l2_bytes;

TEST(NvidiaL2, DataCentrePartsAreMatchedByName) {
  EXPECT_EQ(nvidia_l2_bytes("NVIDIA H100 80GB HBM3"), 50.0 * 1024 * 1024);
  EXPECT_EQ(nvidia_l2_bytes("NVIDIA H200"), 60.0 * 1024 * 1024);
  EXPECT_EQ(nvidia_l2_bytes("NVIDIA A100-SXM4-40GB"), 40.0 * 1024 * 1024);
}

TEST(NvidiaL2, OtherPartsAreUnknown) {
  EXPECT_FALSE(nvidia_l2_bytes("NVIDIA GeForce GT 710"));
  EXPECT_FALSE(nvidia_l2_bytes("gfx90a"));
}
