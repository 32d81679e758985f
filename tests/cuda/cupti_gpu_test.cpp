// The CUPTI provider on a real GPU: calibration on the CUDA calibration kernels, then the counts
// of the nested SAXPY and of a DFMA loop against their declared work (FLOPs and L1 bytes exactly,
// DRAM bytes within 5%). Skipped, with a message, on a machine without a GPU; fails with CUPTI's
// reason where the device cannot be profiled.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "kernels/cuda/calibration_cases.hpp"
#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/nested_saxpy_cases.hpp"
#include "probes/cuda/cupti_library.hpp"
#include "probes/cuda/cupti_metrics.hpp"
#include "probes/cuda/cupti_provider.hpp"
#include "probes/cuda/device.hpp"
#include "probes/cuda/peak_flops.hpp"
#include "roofline/counting.hpp"

using roofline::Precision;

namespace {

constexpr double kDramTolerance = 0.05;  // issue 5's target

class CuptiGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = probes::cuda::cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    ASSERT_TRUE(probes::cuda::cupti_library().loaded()) << probes::cuda::cupti_library().error();
    device_ = probes::cuda::describe_cuda_devices().at(0);
    counting_ = std::make_unique<roofline::Counting>(
        probes::cuda::make_cupti_provider(device_, probes::cuda::cupti_library()),
        probes::cuda::cupti_default_events());
    for (const auto& note : counting_->provider().notes()) std::printf("note: %s\n", note.c_str());
  }

  // Prepares, verifies and counts one call of the case.
  roofline::Result count(roofline::Case& c) {
    roofline::Result r;
    c.prepare();
    const auto v = c.verify();
    EXPECT_TRUE(v.passed) << v.message;
    counting_->count(c, r);
    c.release();
    for (const auto& [name, counter] : r.counters)
      std::printf("%-55s %18.0f  %s\n", name.c_str(), counter.value.value_or(NAN),
                  counter.note.c_str());
    return r;
  }

  // The sum of the counted events that add to `quantity` (weight × value).
  static double quantity(const roofline::Result& r, const std::string& quantity) {
    double sum = 0;
    for (const auto& e : probes::cuda::cupti_default_events()) {
      if (e.quantity != quantity) continue;
      const auto& counter = r.counters.at(e.name);
      EXPECT_TRUE(counter.value.has_value()) << e.name << ": " << counter.note;
      sum += e.weight * counter.value.value_or(NAN);
    }
    return sum;
  }

  roofline::Device device_;
  std::unique_ptr<roofline::Counting> counting_;
};

}  // namespace

TEST_F(CuptiGpu, CalibrationAgreesOnFlopsL1AndDram) {
  auto cases = kernels::cuda::calibration_cases(device_);
  ASSERT_EQ(cases.size(), 3u);
  std::vector<std::string> failures;
  const auto records = counting_->calibrate(cases, device_.id, failures);
  EXPECT_TRUE(failures.empty()) << failures.front();
  for (const auto& r : records) {
    std::printf("%-12s %-40s expected %.6g measured %.6g ratio %.4f\n", r.quantity.c_str(),
                r.kernel.c_str(), r.expected, r.measured, r.ratio());
    // lts__t_bytes also counts L2 traffic the SMs did not request: shown, not required to agree.
    if (r.quantity != "bytes.L2") {
      EXPECT_TRUE(r.agrees()) << r.quantity << " on " << r.kernel;
    }
  }
}

TEST_F(CuptiGpu, NestedSaxpyFlopsAndL1BytesExactDramWithin5Percent) {
  for (Precision p : {Precision::fp32, Precision::fp64}) {
    const std::size_t n = std::size_t{1} << 25;  // 256 MiB of fp64 arrays: beyond the L2
    auto c = kernels::cuda::make_nested_saxpy_case(
        device_, 8, kernels::cuda::nested_saxpy_geometry(device_, p, 8, n), p, n);
    const roofline::Work w = c->info().work;
    const roofline::Result r = count(*c);
    EXPECT_EQ(quantity(r, roofline::kFlops), w.flops) << to_string(p);
    EXPECT_EQ(quantity(r, "bytes.L1"), w.bytes) << to_string(p);
    EXPECT_NEAR(quantity(r, "bytes.DRAM") / w.bytes, 1, kDramTolerance) << to_string(p);
  }
}

TEST_F(CuptiGpu, DfmaLoopFlopsExact) {
  const probes::cuda::PeakFlopsConfig config{.precision = Precision::fp64,
                                             .sms = device_.compute_units,
                                             .blocks_per_sm = 4,
                                             .threads = 256,
                                             .iterations = 1 << 10};
  auto c = probes::cuda::make_peak_flops_case(device_, config);
  const roofline::Result r = count(*c);
  EXPECT_EQ(quantity(r, roofline::kFlops), c->info().work.flops);
  EXPECT_GT(r.counters.at("gpu__time_duration.sum").value.value_or(0), 0);
}
