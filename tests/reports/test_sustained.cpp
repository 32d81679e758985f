// The sustained rates in the report: per precision, the rate kept on random operands beside the
// same call's burst and the burst roof, with the clock, power and limiters read meanwhile; dashes
// (never zeros) for what was not read; nothing without sustained rates.
#include <gtest/gtest.h>

#include "count.hpp"
#include "reports/sustained_section.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

using roofline::Precision;
using samples::count;

roofline::Summary exactly(double v) { return {.median = v, .ci_low = v, .ci_high = v}; }

TEST(Sustained, ARowPerPrecisionAgainstItsBurstAndRoof) {
  roofline::Device d = samples::sample_device();  // fp32 vec256 roof: 128 GFLOP/s at 2 threads
  d.sustained = {{.precision = Precision::fp32,
                  .call = "cublasGemmEx f32 x f32 -> f32, CUBLAS_COMPUTE_32F, n = 8192",
                  .flops_per_s = exactly(96e9),
                  .burst_flops_per_s = 120e9,
                  .seconds = 0.7,
                  .clock_hz = 1.98e9,
                  .power_w = 699,
                  .power_limit_w = 700,
                  .limiters = "software power cap",
                  .method = "random operands <back to back>"},
                 {.precision = Precision::fp64,
                  .call = "a call",
                  .flops_per_s = exactly(32e9),
                  .limiters = "",
                  .method = "NVML not read"}};
  const std::string html = sustained_html(d);
  EXPECT_EQ(count(html, "<h4>Sustained: random operands, back to back</h4>"), 1);
  EXPECT_EQ(count(html, "96 GFLOP/s"), 1) << html;
  EXPECT_EQ(count(html, "80%"), 1) << html;  // of the 120 GFLOP/s burst
  EXPECT_EQ(count(html, "75%"), 1) << html;  // of the 128 GFLOP/s fp32 roof
  EXPECT_EQ(count(html, "1.98 GHz"), 1) << html;
  EXPECT_EQ(count(html, "699 W of 700"), 1) << html;
  EXPECT_EQ(count(html, "software power cap"), 1);
  EXPECT_EQ(count(html, "title=\"random operands &lt;back to back&gt;\""), 1) << html;
  // fp64: no burst, no clock, no power read; its roof is 64 GFLOP/s.
  EXPECT_EQ(count(html, "50%"), 1) << html;
  EXPECT_EQ(count(html, ">—<"), 4) << html;
  EXPECT_EQ(count(html, ">none<"), 1) << html;
  d.sustained.clear();
  EXPECT_EQ(sustained_html(d), "");
}

}  // namespace
}  // namespace reports
