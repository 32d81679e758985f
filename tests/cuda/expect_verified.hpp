#pragma once
// A CUDA family test's check of one case: verified (two launches), then run once more with its
// device time read back (0 allowed: an empty input launches nothing).
#include <gtest/gtest.h>

#include "roofline/case.hpp"

namespace test_support {

inline void expect_verified(roofline::Case& c) {
  SCOPED_TRACE(c.info().variant + " " + c.info().params.dump());
  c.prepare();
  const roofline::Verification v = c.verify();
  EXPECT_TRUE(v.passed) << v.message;
  c.run();
  ASSERT_TRUE(c.last_device_seconds().has_value());
  EXPECT_GE(*c.last_device_seconds(), 0);
  c.release();
}

}  // namespace test_support
