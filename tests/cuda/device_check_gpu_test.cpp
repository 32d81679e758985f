// The device checks (kernels/cuda/stream_check.hpp, nested_saxpy_check.hpp) judge as the host
// checks do: on a kernel's correct output they find the same largest error, bit for bit, and on
// an output with one wrong element they name that element. The 16-bit nested SAXPY, which has no
// host check, is judged against its bound. Skipped without a GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/fill.hpp"
#include "kernels/cuda/half.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/nested_saxpy_check.hpp"
#include "kernels/cuda/stream.hpp"
#include "kernels/cuda/stream_check.hpp"
#include "kernels/host_inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/stream.hpp"
#include "probes/cuda/device.hpp"

namespace {

using kernels::StreamOp;
using kernels::cuda::DeviceBuffer;
using roofline::Precision;

constexpr std::size_t kN = (1 << 20) + 3;
constexpr std::size_t kWrong = 777'777;  // the element a test spoils
const kernels::StreamSeeds kSeeds{11, 12, 13};

class DeviceCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = probes::cuda::cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
    sms_ = probes::cuda::describe_cuda_devices().at(0).compute_units;
  }
  int sms_ = 0;
};

// Replaces element i of `data` (device memory) by `value`.
template <class T>
void spoil(T* data, std::size_t i, T value) {
  ASSERT_EQ(cudaMemcpy(data + i, &value, sizeof value, cudaMemcpyHostToDevice), cudaSuccess);
}

template <class T>
void expect_stream_checks_agree(StreamOp op, int sms) {
  const std::string what = std::string(kernels::to_string(op)) + " " + typeid(T).name();
  DeviceBuffer<T> in1(kN), in2(kN), out(kN);
  kernels::cuda::fill_random(in1.data(), kN, kSeeds.in1);
  kernels::cuda::fill_random(in2.data(), kN, kSeeds.in2);
  kernels::cuda::fill_random(out.data(), kN, kSeeds.out0);
  const kernels::cuda::Geometry g{.sms = sms, .blocks_per_sm = 2, .threads = 128};
  kernels::cuda::stream_launch<T>(op, g, 1, out.data(), in1.data(), in2.data(), kN, T(3), nullptr);
  const auto device =
      kernels::cuda::verify_stream_output_on_device<T>(op, out.data(), kN, T(3), kSeeds);
  const std::vector<T> x = kernels::host_inputs<T>(kSeeds.in1, kN);
  const std::vector<T> y = kernels::host_inputs<T>(kSeeds.in2, kN);
  const std::vector<T> out0 = kernels::host_inputs<T>(kSeeds.out0, kN);
  const auto host =
      kernels::verify_stream_output<T>(op, out.to_host().data(), x.data(), y.data(), kN, T(3),
                                       [&](std::size_t i) { return out0[i]; });
  EXPECT_TRUE(device.passed) << what << ": " << device.message;
  EXPECT_TRUE(host.passed) << what << ": " << host.message;
  EXPECT_EQ(device.max_error, host.max_error) << what;
  EXPECT_EQ(device.message, host.message) << what;
  // 128ε off: past every operation's tolerance (at most about ε relative to Σ|terms| ≤ 6).
  const T right = out.to_host()[kWrong];
  spoil(out.data(), kWrong, right + 128 * std::numeric_limits<T>::epsilon());
  spoil(out.data(), kWrong + 1, std::numeric_limits<T>::quiet_NaN());
  const auto wrong =
      kernels::cuda::verify_stream_output_on_device<T>(op, out.data(), kN, T(3), kSeeds);
  EXPECT_FALSE(wrong.passed) << what;
  EXPECT_NE(wrong.message.find("element " + std::to_string(kWrong) + " is"), std::string::npos)
      << what << ": " << wrong.message;
  EXPECT_TRUE(std::isinf(wrong.max_error)) << what << ": the NaN counts as infinitely wrong";
}

template <class T>
void expect_stream_sums_judged(StreamOp op) {
  const std::string what = std::string(kernels::to_string(op)) + " " + typeid(T).name();
  const std::vector<T> x = kernels::host_inputs<T>(kSeeds.in1, kN);
  const std::vector<T> y = kernels::host_inputs<T>(kSeeds.in2, kN);
  long double exact = 0;
  for (std::size_t i = 0; i < kN; ++i)
    exact += op == StreamOp::dot ? static_cast<long double>(x[i]) * y[i] : x[i];
  const auto right = kernels::cuda::verify_stream_sum_on_device<T>(op, double(exact), kN, kSeeds);
  EXPECT_TRUE(right.passed) << what << ": " << right.message;
  EXPECT_LT(right.max_error, 1e-15) << what << ": the device's exact sum is the host's";
  const auto host = kernels::verify_stream_sum<T>(op, double(exact), x.data(), y.data(), kN);
  EXPECT_EQ(right.tolerance, host.tolerance) << what;
  // Off by 1% of Σ|terms| (about n): far past λ·√(kn)·u (3.7e-4 for fp32 at this n).
  const auto wrong =
      kernels::cuda::verify_stream_sum_on_device<T>(op, double(exact) + 0.01 * kN, kN, kSeeds);
  EXPECT_FALSE(wrong.passed) << what << ": " << wrong.message;
}

template <class T>
void expect_nested_saxpy_checks_agree(int m, int sms) {
  const std::string what = "m=" + std::to_string(m) + " " + typeid(T).name();
  DeviceBuffer<T> x(kN), y(kN);
  kernels::cuda::fill_random(x.data(), kN, kSeeds.in1);
  kernels::cuda::fill_random(y.data(), kN, kSeeds.in2);
  const kernels::cuda::Geometry g{.sms = sms, .blocks_per_sm = 2, .threads = 128};
  kernels::cuda::nested_saxpy_launch<T>(m, g, y.data(), x.data(), kN, T(kernels::kNestedSaxpyA));
  const auto device =
      kernels::cuda::verify_nested_saxpy_on_device<T>(m, y.data(), kN, kSeeds.in1, kSeeds.in2);
  const std::vector<T> hx = kernels::host_inputs<T>(kSeeds.in1, kN);
  const std::vector<T> y0 = kernels::host_inputs<T>(kSeeds.in2, kN);
  const auto host = kernels::verify_nested_saxpy<T>(m, hx.data(), y.to_host().data(), kN,
                                                    [&](std::size_t i) { return y0[i]; });
  EXPECT_TRUE(device.passed) << what << ": " << device.message;
  EXPECT_EQ(device.max_error, host.max_error) << what;
  EXPECT_EQ(device.message, host.message) << what;
  // A wrong depth is caught (kernels/nested_saxpy.hpp: depths differ by about a^m·|(a − 1)x + y|).
  kernels::cuda::fill_random(y.data(), kN, kSeeds.in2);
  kernels::cuda::nested_saxpy_launch<T>(m * 2, g, y.data(), x.data(), kN,
                                        T(kernels::kNestedSaxpyA));
  const auto wrong =
      kernels::cuda::verify_nested_saxpy_on_device<T>(m, y.data(), kN, kSeeds.in1, kSeeds.in2);
  EXPECT_FALSE(wrong.passed) << what;
  EXPECT_NE(wrong.message.find("element "), std::string::npos) << what << ": " << wrong.message;
}

// A 16-bit nested SAXPY has no host check to agree with: its device check passes the kernel of
// depth m within the bound for that precision and depth, and fails the kernel of depth 2m.
template <class T>
void expect_half_nested_saxpy_judged(int m, int sms) {
  constexpr Precision p = kernels::precision_of<T>();
  const std::string what = std::string(to_string(p)) + " m=" + std::to_string(m);
  const T a(kernels::nested_saxpy_a(p));
  DeviceBuffer<T> x(kN), y(kN);
  kernels::cuda::fill_random(x.data(), kN, kSeeds.in1);
  kernels::cuda::fill_random(y.data(), kN, kSeeds.in2);
  const kernels::cuda::Geometry g{.sms = sms, .blocks_per_sm = 2, .threads = 128};
  kernels::cuda::nested_saxpy_launch<T>(m, g, y.data(), x.data(), kN, a);
  const auto right =
      kernels::cuda::verify_nested_saxpy_on_device<T>(m, y.data(), kN, kSeeds.in1, kSeeds.in2);
  EXPECT_TRUE(right.passed) << what << ": " << right.message;
  EXPECT_EQ(right.tolerance, kernels::nested_saxpy_tolerance(p, m)) << what;
  kernels::cuda::fill_random(y.data(), kN, kSeeds.in2);
  kernels::cuda::nested_saxpy_launch<T>(m * 2, g, y.data(), x.data(), kN, a);
  const auto wrong =
      kernels::cuda::verify_nested_saxpy_on_device<T>(m, y.data(), kN, kSeeds.in1, kSeeds.in2);
  EXPECT_FALSE(wrong.passed) << what << ": " << wrong.message;
}

}  // namespace

TEST_F(DeviceCheck, HalfNestedSaxpyPassesItsBoundAndCatchesAWrongDepth) {
  // Depths whose double differs by more than the bound (kernels/nested_saxpy.hpp).
  for (int m : {1, 4, 16}) {
    expect_half_nested_saxpy_judged<__half>(m, sms_);
    expect_half_nested_saxpy_judged<__nv_bfloat16>(m, sms_);
  }
  expect_half_nested_saxpy_judged<__half>(64, sms_);
}

TEST_F(DeviceCheck, StreamOutputsAreJudgedAsOnTheHost) {
  for (StreamOp op : kernels::kStreamOps) {
    if (!kernels::stream_stores(op)) continue;
    expect_stream_checks_agree<float>(op, sms_);
    expect_stream_checks_agree<double>(op, sms_);
  }
}

TEST_F(DeviceCheck, StreamSumsAreJudgedAsOnTheHost) {
  for (StreamOp op : {StreamOp::read, StreamOp::dot}) {
    expect_stream_sums_judged<float>(op);
    expect_stream_sums_judged<double>(op);
  }
}

TEST_F(DeviceCheck, NestedSaxpyIsJudgedAsOnTheHost) {
  for (int m : {1, 16, 512}) {
    expect_nested_saxpy_checks_agree<float>(m, sms_);
    expect_nested_saxpy_checks_agree<double>(m, sms_);
  }
}
