#pragma once
// The OpenCL device a test runs on: ROOFLAB_TEST_OPENCL_DEVICE ("opencl:P:D", as on a GPU machine
// that also lists PoCL), else the first.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "probes/opencl/backend.hpp"

namespace test_support {

// Into `device`; a fatal failure of the calling test when the named device is not there (the
// caller's SetUp returns on HasFatalFailure()).
inline void pick_opencl_device(const probes::opencl::OpenClBackend& backend,
                               roofline::Device& device) {
  const char* wanted = std::getenv("ROOFLAB_TEST_OPENCL_DEVICE");
  const auto devices = backend.devices();
  const auto it = std::find_if(devices.begin(), devices.end(),
                               [&](const auto& d) { return wanted && d.id == wanted; });
  if (wanted) {
    ASSERT_NE(it, devices.end()) << "no device " << wanted;
  }
  device = wanted ? *it : devices.at(0);
}

}  // namespace test_support
