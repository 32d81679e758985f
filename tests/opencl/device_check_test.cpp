// The checks on an OpenCL device (kernels/opencl/device_check.hpp) against the host's: the inputs
// bit for bit, and the same verdict (and, but for sums the host cannot take exactly, the same
// message) for right results and for results with one wrong element or a wrong sum, in every
// stream operation, the nested SAXPY and both precisions.
#include "kernels/opencl/device_check.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <type_traits>
#include <vector>

#include "family_test_support.hpp"
#include "kernels/host_inputs.hpp"
#include "kernels/inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/precision_dispatch.hpp"
#include "kernels/stream_exact.hpp"

namespace {

using kernels::StreamOp;
using kernels::StreamSeeds;
using kernels::opencl::Runtime;

constexpr std::size_t kN = 100003;  // no multiple of any work-group size
constexpr std::size_t kWrongAt = 77777;
constexpr StreamSeeds kSeeds = {11, 12, 13};

class DeviceCheck : public testing::Test {
 protected:
  void SetUp() override {
    test_support::pick_opencl_device(backend_, device_);
    if (HasFatalFailure()) return;
    runtime_ = backend_.runtime(device_.id);
    if (!kernels::opencl::checks_on_device(runtime_->device()))
      GTEST_SKIP() << device_.id << " has no fp64: its cases check on the host";
  }

  template <class T>
  cl::Buffer upload(const std::vector<T>& host) {
    cl::Buffer b = runtime_->buffer(host.size() * sizeof(T), "test array");
    runtime_->write(b, host);
    return b;
  }

  template <class T>
  void expect_same_inputs() {
    cl::Buffer a = runtime_->buffer(kN * sizeof(T), "test inputs");
    kernels::opencl::fill_inputs<T>(*runtime_, a, 5, kN);
    EXPECT_EQ(runtime_->read<T>(a, kN), kernels::host_inputs<T>(5, kN));
  }

  // The host's and the device's verdicts on `out`, right and with one element made wrong.
  template <class T>
  void expect_same_output_verdicts(StreamOp op) {
    SCOPED_TRACE(std::string(kernels::to_string(op)) + " " +
                 std::string(roofline::to_string(kernels::precision_of<T>())));
    const T s = 3;
    const std::vector<T> in1 = kernels::host_inputs<T>(kSeeds.in1, kN);
    const std::vector<T> in2 = kernels::host_inputs<T>(kSeeds.in2, kN);
    const auto out0 = [](std::size_t i) { return kernels::input_as<T>(kSeeds.out0, i); };
    std::vector<T> out(kN);
    for (std::size_t i = 0; i < kN; ++i)
      out[i] = static_cast<T>(
          kernels::exact_stream_element(op, s, in1[i], in2[i], out0(i)).hi);  // rounded once
    for (bool wrong : {false, true}) {
      if (wrong) out[kWrongAt] = out[kWrongAt] * T(1.5) + T(1);
      const auto host =
          kernels::verify_stream_output<T>(op, out.data(), in1.data(), in2.data(), kN, s, out0);
      const auto device = kernels::opencl::verify_stream_output_on_device<T>(
          *runtime_, op, upload(out), kN, s, kSeeds);
      EXPECT_EQ(device.passed, !wrong);
      EXPECT_EQ(device.passed, host.passed);
      EXPECT_EQ(device.message, host.message);
    }
  }

  template <class T>
  void expect_same_sum_verdicts(StreamOp op) {
    SCOPED_TRACE(std::string(kernels::to_string(op)) + " " +
                 std::string(roofline::to_string(kernels::precision_of<T>())));
    const std::vector<T> in1 = kernels::host_inputs<T>(kSeeds.in1, kN);
    const std::vector<T> in2 = kernels::host_inputs<T>(kSeeds.in2, kN);
    double sum = 0;
    for (std::size_t i = 0; i < kN; ++i)
      sum += op == StreamOp::dot ? double(in1[i]) * in2[i] : in1[i];
    // Wrong by kN: over a third of Σ|terms| (each term's magnitude is below 2.25).
    for (double error : {0.0, double(kN)}) {
      const auto host = kernels::verify_stream_sum<T>(op, sum + error, in1.data(), in2.data(), kN);
      const auto device =
          kernels::opencl::verify_stream_sum_on_device<T>(*runtime_, op, sum + error, kN, kSeeds);
      EXPECT_EQ(device.passed, error == 0);
      EXPECT_EQ(device.passed, host.passed);
      // The host's long-double sum is exact only for fp32 read (24-bit terms, 17 bits of count):
      // elsewhere the two exact sums differ in their last digits (about 1e-17 relative).
      if (op == StreamOp::read && std::is_same_v<T, float>) {
        EXPECT_EQ(device.message, host.message);
      }
    }
  }

  template <class T>
  void expect_same_nested_saxpy_verdicts(int m) {
    SCOPED_TRACE("nested saxpy m " + std::to_string(m));
    const auto w = kernels::nested_saxpy_weights(kernels::precision_of<T>(), m);
    const std::vector<T> x = kernels::host_inputs<T>(kSeeds.in1, kN);
    const auto y0 = [](std::size_t i) { return kernels::input_as<T>(kSeeds.in2, i); };
    std::vector<T> y(kN);
    for (std::size_t i = 0; i < kN; ++i)
      y[i] = static_cast<T>(kernels::exact_nested_saxpy(w, x[i], y0(i)).hi);
    for (bool wrong : {false, true}) {
      if (wrong) y[kWrongAt] = -y[kWrongAt];
      const auto host = kernels::verify_nested_saxpy<T>(m, x.data(), y.data(), kN, y0);
      const auto device = kernels::opencl::verify_nested_saxpy_on_device<T>(
          *runtime_, m, upload(y), kN, kSeeds.in1, kSeeds.in2);
      EXPECT_EQ(device.passed, !wrong);
      EXPECT_EQ(device.passed, host.passed);
      EXPECT_EQ(device.message, host.message);
    }
  }

  probes::opencl::OpenClBackend backend_;
  roofline::Device device_;
  std::shared_ptr<Runtime> runtime_;
};

TEST_F(DeviceCheck, InputsAreTheHostsBitForBit) {
  expect_same_inputs<float>();
  expect_same_inputs<double>();
}

TEST_F(DeviceCheck, StreamOutputsGetTheHostsVerdicts) {
  for (StreamOp op : {StreamOp::write, StreamOp::copy, StreamOp::scale, StreamOp::add,
                      StreamOp::triad, StreamOp::daxpy}) {
    expect_same_output_verdicts<float>(op);
    expect_same_output_verdicts<double>(op);
  }
}

TEST_F(DeviceCheck, StreamSumsGetTheHostsVerdicts) {
  for (StreamOp op : {StreamOp::read, StreamOp::dot}) {
    expect_same_sum_verdicts<float>(op);
    expect_same_sum_verdicts<double>(op);
  }
}

TEST_F(DeviceCheck, NestedSaxpyGetsTheHostsVerdicts) {
  for (int m : {1, 8, 1024}) {
    expect_same_nested_saxpy_verdicts<float>(m);
    expect_same_nested_saxpy_verdicts<double>(m);
  }
}

}  // namespace
