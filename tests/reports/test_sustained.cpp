// The sustained rates in the report (per precision, the rate kept on random operands beside the
// same call's burst and the burst roof, with the clock, power and limiters read meanwhile; dashes,
// never zeros, for what was not read) are stated by tests/golden's report, whose GPU has them;
// here, nothing without sustained rates.
#include <gtest/gtest.h>

#include "reports/sustained_section.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

TEST(Sustained, NothingWithoutSustainedRates) {
  EXPECT_EQ(sustained_html(samples::sample_device()), "");
}

}  // namespace
}  // namespace reports
