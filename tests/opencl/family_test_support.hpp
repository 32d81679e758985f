#pragma once
// What the OpenCL family tests share: the device they run on and a quick verified measurement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "probes/opencl/backend.hpp"
#include "roofline/harness.hpp"

namespace test_support {

// Few and short samples: the tests check verification and timing, not speed.
inline const roofline::MeasureOptions kFast{
    .repetitions = 2, .min_sample_seconds = 0.0002, .warmup_seconds = 0};

// The device: ROOFLAB_TEST_OPENCL_DEVICE ("opencl:P:D", as on a GPU machine that also lists
// PoCL), else the first. Into `device`; a fatal failure of the calling test when the named device
// is not there (the caller's SetUp returns on HasFatalFailure()).
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

// Measures the case (verified first), expecting it verified and timed.
inline void expect_measured(roofline::Case& c) {
  SCOPED_TRACE(c.info().variant + " " + c.info().params.dump());
  const roofline::Result r = roofline::measure(c, kFast);
  EXPECT_TRUE(r.ok()) << r.error << " " << r.verification.message;
  ASSERT_TRUE(r.time.has_value());
  EXPECT_GT(r.time->median, 0);
}

}  // namespace test_support
