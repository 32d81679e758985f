// The tensor-core probe without a GPU: its theoretical peaks per architecture and instruction
// path, its declared work, and the configurations and precisions it refuses.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>

#include "probes/cuda/device.hpp"
#include "probes/cuda/tensor_chains.hpp"
#include "probes/cuda/tensor_gemm.hpp"
#include "probes/cuda/tensor_peak.hpp"
#include "roofline/input_error.hpp"

using namespace probes::cuda;
using roofline::Precision;

namespace {

roofline::Device gpu(const char* cc, int sms, double clock_hz) {
  roofline::Device d;
  d.id = "cuda:0";
  d.backend = "cuda";
  d.compute_units = sms;
  d.clock_hz = clock_hz;
  d.facts = {
      {"compute_capability", cc}, {"memory_clock_hz", 2619e6}, {"memory_bus_width_bits", 5120}};
  return d;
}

std::vector<std::string> paths_of(const roofline::Device& d, Precision p) {
  std::vector<std::string> out;
  for (const auto& t : d.theoretical_compute)
    if (t.precision == p) out.push_back(t.path);
  std::sort(out.begin(), out.end());
  return out;
}

double tensor_peak(const roofline::Device& d, Precision p, const std::string& path) {
  for (const auto& t : d.theoretical_compute)
    if (t.precision == p && t.path == path) return t.flops_per_s;
  return 0;
}

}  // namespace

TEST(TensorTheoretical, HopperHasMmaSyncAndWgmmaAtTheWhitepapersPerClockRates) {
  roofline::Device d = gpu("9.0", 132, 1.83e9);  // the whitepaper's tensor clock
  set_theoretical_peaks(d);
  const std::vector<std::string> both{"mma_sync", "wgmma"};
  for (Precision p : {Precision::fp16_tensor, Precision::bf16_tensor, Precision::tf32_tensor,
                      Precision::int8_tensor})
    EXPECT_EQ(paths_of(d, p), both) << to_string(p);
  // fp8 has only wgmma here (mma.sync's e4m3 shape is sm_89's, not probed).
  EXPECT_EQ(paths_of(d, Precision::fp8_tensor), (std::vector<std::string>{"wgmma"}));
  EXPECT_EQ(paths_of(d, Precision::fp64_tensor), (std::vector<std::string>{"mma_sync"}));
  // H100 SXM5 dense: 989.4 fp16/bf16, 494.7 tf32, 1978.9 int8 and fp8 at 1830 MHz.
  EXPECT_NEAR(tensor_peak(d, Precision::bf16_tensor, "wgmma"), 989.4e12, 0.1e12);
  EXPECT_NEAR(tensor_peak(d, Precision::tf32_tensor, "wgmma"), 494.7e12, 0.1e12);
  EXPECT_NEAR(tensor_peak(d, Precision::tf32_tensor, "mma_sync"), 494.7e12, 0.1e12);
  EXPECT_NEAR(tensor_peak(d, Precision::int8_tensor, "wgmma"), 1978.9e12, 0.1e12);
  EXPECT_NEAR(tensor_peak(d, Precision::fp8_tensor, "wgmma"), 1978.9e12, 0.1e12);
  roofline::Device fp64 = gpu("9.0", 132, 1.98e9);
  set_theoretical_peaks(fp64);
  EXPECT_NEAR(tensor_peak(fp64, Precision::fp64_tensor, "mma_sync"), 66.9e12, 0.1e12);
}

TEST(TensorTheoretical, AmpereHasNoWgmmaAndGa10xNoFp64Tensor) {
  roofline::Device a100 = gpu("8.0", 108, 1.41e9);
  set_theoretical_peaks(a100);
  EXPECT_EQ(paths_of(a100, Precision::fp16_tensor), (std::vector<std::string>{"mma_sync"}));
  EXPECT_NEAR(tensor_peak(a100, Precision::fp16_tensor, "mma_sync"), 312e12, 0.5e12);
  EXPECT_NEAR(tensor_peak(a100, Precision::fp64_tensor, "mma_sync"), 19.5e12, 0.05e12);
  EXPECT_TRUE(paths_of(a100, Precision::fp8_tensor).empty());
  roofline::Device ga102 = gpu("8.6", 84, 1.74e9);
  set_theoretical_peaks(ga102);
  EXPECT_TRUE(paths_of(ga102, Precision::fp64_tensor).empty());
  EXPECT_NEAR(tensor_peak(ga102, Precision::fp16_tensor, "mma_sync"), 149.7e12, 0.1e12);
}

TEST(TensorPeak, WorkCountsEveryInstructionOfEveryChain) {
  const TensorPeakConfig mma{.instruction = TensorInstruction::mma_f16,
                             .sms = 2,
                             .blocks_per_sm = 3,
                             .threads = 64,
                             .iterations = 16};
  // 2 · 3 blocks × 2 warps × 8 chains × 16 instructions × 2·16·8·16 FLOP.
  EXPECT_DOUBLE_EQ(tensor_peak_work(mma).flops, 6.0 * 2 * kMmaChains * 16 * 4096);
  EXPECT_EQ(tensor_peak_work(mma).precision, Precision::fp16_tensor);
  const TensorPeakConfig wgmma{.instruction = TensorInstruction::wgmma_bf16,
                               .sms = 2,
                               .blocks_per_sm = 3,
                               .threads = 128,
                               .iterations = 16};
  // One warpgroup per block, one chain: 6 × 16 × 2·64·128·16.
  EXPECT_DOUBLE_EQ(tensor_peak_work(wgmma).flops, 6.0 * 16 * 262144);
  EXPECT_EQ(tensor_values_per_thread(TensorInstruction::mma_f64), kMmaChains * 2);
  EXPECT_EQ(tensor_values_per_thread(TensorInstruction::wgmma_bf16), 64);
  // tf32 is k = 8, s8 and e4m3 k = 32: 6 × 16 × 2·64·128·k.
  for (auto [i, k] :
       {std::pair{TensorInstruction::wgmma_tf32, 8}, std::pair{TensorInstruction::wgmma_s8, 32},
        std::pair{TensorInstruction::wgmma_e4m3, 32}}) {
    TensorPeakConfig c = wgmma;
    c.instruction = i;
    EXPECT_DOUBLE_EQ(tensor_peak_work(c).flops, 6.0 * 16 * 2 * 64 * 128 * k);
  }
  EXPECT_EQ(tensor_peak_work({.instruction = TensorInstruction::wgmma_e4m3}).precision,
            Precision::fp8_tensor);
}

TEST(TensorPeak, ChainsEndAtTheirExactValue) {
  const TensorOperands o{.a = 3, .b = 2, .c = 5};
  // D = A·B + D from c: c + iterations·k·a·b.
  EXPECT_DOUBLE_EQ(tensor_chain_result(TensorInstruction::wgmma_s8, 1024, o), 5 + 1024.0 * 32 * 6);
  EXPECT_DOUBLE_EQ(tensor_chain_result(TensorInstruction::mma_tf32, 1024, o), 5 + 1024.0 * 8 * 6);
  // e4m3 restarts each trip: kTensorUnroll·k·a·b whatever the launch's length, far below what
  // Hopper's fp8 path adds exactly (c is overwritten by the trip's first instruction).
  EXPECT_DOUBLE_EQ(tensor_chain_result(TensorInstruction::wgmma_e4m3, 1024, o),
                   kTensorUnroll * 32.0 * 6);
  EXPECT_DOUBLE_EQ(tensor_chain_result(TensorInstruction::wgmma_e4m3, 1 << 14, o),
                   kTensorUnroll * 32.0 * 6);
  EXPECT_LT(tensor_chain_result(TensorInstruction::wgmma_e4m3, 1 << 14, {.a = 3, .b = 3, .c = 8}),
            4096);
}

TEST(TensorPeak, BadConfigurationsAreInputErrors) {
  const roofline::Device d = gpu("9.0", 132, 1.98e9);
  TensorPeakConfig c = tensor_peak_config(TensorInstruction::mma_bf16, 132);
  c.threads = 48;  // not whole warps
  EXPECT_THROW(make_tensor_peak_case(d, c), roofline::InputError);
  c = tensor_peak_config(TensorInstruction::wgmma_f16, 132);
  c.threads = 256;  // two warpgroups in a block
  EXPECT_THROW(make_tensor_peak_case(d, c), roofline::InputError);
  c.threads = 128;
  c.iterations = 12;  // not a multiple of the unroll
  EXPECT_THROW(make_tensor_peak_case(d, c), roofline::InputError);
  c.iterations = std::int64_t{1} << 17;  // accumulators past 2^24 (8 + 2^17 · 16 · 9)
  EXPECT_THROW(make_tensor_peak_case(d, c), roofline::InputError);
  c.iterations = std::int64_t{1} << 14;
  EXPECT_EQ(make_tensor_peak_case(d, c)->info().variant, "wgmma_64x128x16");
  // A chain that restarts each trip has no such bound.
  c = tensor_peak_config(TensorInstruction::wgmma_e4m3, 132);
  c.iterations = std::int64_t{1} << 17;
  EXPECT_EQ(make_tensor_peak_case(d, c)->info().variant, "wgmma_64x128x32");
}

TEST(TensorGemm, EveryTensorPrecisionHasACublasCall) {
  const roofline::Device d = gpu("9.0", 132, 1.98e9);
  for (Precision p : {Precision::fp16_tensor, Precision::bf16_tensor, Precision::tf32_tensor,
                      Precision::int8_tensor, Precision::fp64_tensor})
    EXPECT_NE(tensor_gemm_call(p).value_or("").find("cublasGemmEx"), std::string::npos);
  EXPECT_NE(tensor_gemm_call(Precision::fp8_tensor).value_or("").find("cublasLtMatmul e4m3"),
            std::string::npos);
  EXPECT_FALSE(tensor_gemm_call(Precision::fp32).has_value());
  // fp32's FMA units have a GEMM (for their sustained rate); fp64's FMA path has none.
  EXPECT_NE(gemm_call(Precision::fp32).value_or("").find("CUBLAS_COMPUTE_32F"), std::string::npos);
  EXPECT_THROW(make_tensor_gemm_case(d, Precision::fp64, 256), roofline::InputError);
  EXPECT_EQ(
      make_tensor_gemm_case(d, Precision::fp16_tensor, 256, GemmOperands::random)->info().variant,
      "cublas_random");
  EXPECT_THROW(make_tensor_gemm_case(d, Precision::fp16_tensor, 100), roofline::InputError);
  EXPECT_DOUBLE_EQ(make_tensor_gemm_case(d, Precision::bf16_tensor, 256)->info().work.flops,
                   2.0 * 256 * 256 * 256);
}
