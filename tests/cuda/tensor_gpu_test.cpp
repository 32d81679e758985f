// The tensor-core probe on a GPU (skipped without one): every instruction the GPU runs leaves
// every accumulator exactly at tensor_chain_result(), and cuBLAS's GEMM of every tensor precision
// the GPU has returns n·a·b in every element.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "expect_verified.hpp"
#include "probes/cuda/device.hpp"
#include "probes/cuda/sustained.hpp"
#include "probes/cuda/tensor_gemm.hpp"
#include "probes/cuda/tensor_peak.hpp"
#include "probes/nvidia/nvml.hpp"
#include "roofline/harness.hpp"

using namespace probes::cuda;
using namespace probes::nvidia;

namespace {

class TensorGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    device_ = describe_cuda_devices().at(0);
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
    const std::string cc = device_.facts.at("compute_capability").get<std::string>();
    capability_ = std::stoi(cc) * 10 + std::stoi(cc.substr(cc.find('.') + 1));
  }

  roofline::Device device_;
  int capability_ = 0;
};

}  // namespace

TEST_F(TensorGpu, EveryInstructionThisGpuRunsAccumulatesExactly) {
  int tried = 0;
  for (const TensorShape& s : kTensorShapes) {
    if (!s.runs_on(capability_)) continue;
    TensorPeakConfig c = tensor_peak_config(s.instruction, device_.compute_units);
    c.iterations = 1024;
    test_support::expect_verified(*make_tensor_peak_case(device_, c));
    ++tried;
  }
  if (tried == 0) GTEST_SKIP() << "no mma.sync or wgmma on compute capability " << capability_;
}

TEST_F(TensorGpu, CublasGemmOfEveryTensorPrecisionIsExact) {
  if (capability_ < 80) GTEST_SKIP() << "the references are for sm_80 and later";
  for (roofline::Precision p : {roofline::Precision::fp16_tensor, roofline::Precision::bf16_tensor,
                                roofline::Precision::tf32_tensor, roofline::Precision::int8_tensor,
                                roofline::Precision::fp64_tensor})
    test_support::expect_verified(*make_tensor_gemm_case(device_, p, 512));
  // fp8 GEMMs start with Ada (sm_89).
  if (capability_ >= 89)
    test_support::expect_verified(
        *make_tensor_gemm_case(device_, roofline::Precision::fp8_tensor, 512));
}

TEST_F(TensorGpu, CublasGemmOnRandomOperandsMatchesTheHostsSums) {
  if (capability_ < 80) GTEST_SKIP() << "the references are for sm_80 and later";
  std::vector<roofline::Precision> precisions{
      roofline::Precision::fp32,        roofline::Precision::fp16_tensor,
      roofline::Precision::bf16_tensor, roofline::Precision::tf32_tensor,
      roofline::Precision::int8_tensor, roofline::Precision::fp64_tensor};
  if (capability_ >= 89) precisions.push_back(roofline::Precision::fp8_tensor);
  for (roofline::Precision p : precisions)
    test_support::expect_verified(*make_tensor_gemm_case(device_, p, 512, GemmOperands::random));
}

TEST_F(TensorGpu, TheSustainedRateIsTimedAfterItsWarmUpWithTheClockRead) {
  if (capability_ < 80) GTEST_SKIP() << "the references are for sm_80 and later";
  NvmlDevice nvml(device_.facts.at("pci_bus_id").get<std::string>());
  const roofline::SustainedCompute s =
      measure_sustained(device_, roofline::Precision::fp16_tensor, nvml, 0);
  EXPECT_GE(s.seconds, kSustainedSeconds);
  EXPECT_GE(s.flops_per_s.n, 5);
  EXPECT_GT(s.flops_per_s.median, 0);
  EXPECT_NE(s.call.find("n = 8192"), std::string::npos);
  if (!nvml.available()) GTEST_SKIP() << "NVML: " << nvml.reason();
  EXPECT_GT(s.clock_hz, 0);
  EXPECT_GT(s.power_w, 0);
}

// The launch search behind tensor_peak_config's blocks per SM, and cuBLAS beside it (run by hand:
// --gtest_also_run_disabled_tests): every instruction at 1…8 resident blocks per SM, median
// FLOP/s and the SM clock NVML read meanwhile.
TEST_F(TensorGpu, DISABLED_RateByBlocksPerSm) {
  NvmlDevice clock(device_.facts.at("pci_bus_id").get<std::string>());
  const auto rate = [&](roofline::Case& c) {
    roofline::Result r;
    const ClockReading reading = clock_during(clock, [&] { r = roofline::measure(c, {}); });
    EXPECT_TRUE(r.ok()) << r.failure();
    return std::pair{r.ok() ? r.work.flops / r.time->median : 0.0, reading.hz};
  };
  for (const TensorShape& s : kTensorShapes) {
    if (!s.runs_on(capability_)) continue;
    for (int blocks : {1, 2, 3, 4, 6, 8}) {
      TensorPeakConfig c = tensor_peak_config(s.instruction, device_.compute_units);
      c.blocks_per_sm = blocks;
      const auto [flops, hz] = rate(*make_tensor_peak_case(device_, c));
      std::printf("%-12s %-8s %dx%dx%d %d blocks/SM: %8.2f TFLOP/s at %.0f MHz\n",
                  std::string(to_string(s.precision)).c_str(), std::string(s.path).c_str(), s.m,
                  s.n, s.k, blocks, flops / 1e12, hz / 1e6);
    }
    if (!tensor_gemm_call(s.precision)) continue;
    const auto [flops, hz] = rate(*make_tensor_gemm_case(device_, s.precision, 8192));
    std::printf("%-12s cublas n=8192: %8.2f TFLOP/s at %.0f MHz\n",
                std::string(to_string(s.precision)).c_str(), flops / 1e12, hz / 1e6);
  }
}
