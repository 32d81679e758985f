// The CUDA GEMM family and cuBLAS on a real GPU: every ladder variant and cuBLAS (pedantic) in fp32
// and fp64 verified at edge tiles (sizes that are multiples of no tile, k = 0, empty X, one row)
// and rectangular shapes; shapes off 16 bytes verified by the scalar kernels and refused, with the
// reason, by the 16-byte ones; cuBLAS TF32 and BF16 verified against their tolerance on sm_80 and
// later. Skipped, with a message, without a GPU. EdgeShapes and OddShapes are short enough for
// compute-sanitizer.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "expect_verified.hpp"
#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/gemm_cases.hpp"
#include "kernels/gemm.hpp"
#include "probes/cuda/device.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

// n and k multiples of 4: every variant takes them. Small enough for compute-sanitizer.
constexpr GemmShape kEdgeShapes[] = {{.m = 1, .n = 4, .k = 4},     {.m = 7, .n = 12, .k = 0},
                                     {.m = 0, .n = 8, .k = 8},     {.m = 129, .n = 68, .k = 36},
                                     {.m = 65, .n = 132, .k = 20}, {.m = 37, .n = 20, .k = 260},
                                     {.m = 130, .n = 260, .k = 24}};
// Rows off 16 bytes: the 16-byte kernels refuse them.
constexpr GemmShape kOddShapes[] = {
    {.m = 1, .n = 1, .k = 1}, {.m = 3, .n = 5, .k = 7}, {.m = 67, .n = 33, .k = 45}};

class GemmGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = probes::cuda::cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    device_ = probes::cuda::describe_cuda_devices().at(0);
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
    const std::string cc = device_.facts.at("compute_capability").get<std::string>();
    cc_ = std::stoi(cc) * 10 + std::stoi(cc.substr(cc.find('.') + 1));
  }

  // The ladder and the group-size sweep in precision p, and in fp32 the tuning sweep after them.
  std::vector<GemmConfig> configs(Precision p) const {
    std::vector<GemmConfig> out = gemm_ladder(p, cc_);
    for (const GemmConfig& c : gemm_group_sweep()) out.push_back(c);
    if (p == Precision::fp32)
      for (const GemmConfig& c : gemm_sweep()) out.push_back(c);
    return out;
  }

  // Every ladder variant (and sweep config) and cuBLAS (both math modes) at each shape, in fp32
  // and fp64.
  void expect_ladder_verified(const std::vector<GemmShape>& shapes) {
    for (Precision p : {Precision::fp32, Precision::fp64})
      for (const GemmShape& s : shapes) {
        for (const GemmConfig& c : configs(p))
          test_support::expect_verified(*make_gemm_case(device_, c, p, s));
        for (CublasGemmMath m : {CublasGemmMath::standard, CublasGemmMath::pedantic})
          test_support::expect_verified(*make_cublas_gemm_case(device_, m, p, s));
      }
  }

  // Not a check: the TFLOP/s of each config in precision p (each verified first) at 4096 and 8192
  // and its fraction of cuBLAS (default math) measured in the same process, fastest first.
  void print_speed_against_cublas(Precision p, const std::vector<GemmConfig>& candidates) {
    for (std::int64_t n : {4096, 8192}) {
      const GemmShape s{.m = n, .n = n, .k = n};
      const auto tflops = [&](roofline::Case& c) {
        const roofline::Result r = roofline::measure(c, {.repetitions = 5});
        EXPECT_TRUE(r.ok()) << c.info().variant << ": " << r.error << r.verification.message;
        return r.ok() ? c.info().work.flops / r.time->median / 1e12 : 0.0;
      };
      const double cublas = tflops(*make_cublas_gemm_case(device_, CublasGemmMath::standard, p, s));
      std::vector<std::pair<double, std::string>> rows;
      for (const GemmConfig& c : candidates)
        rows.emplace_back(tflops(*make_gemm_case(device_, c, p, s)),
                          gemm_variant_name(c) + (c.swept ? "" : " (ladder)"));
      std::sort(rows.begin(), rows.end(), std::greater<>());
      const std::string type(roofline::to_string(p));
      std::printf("%s n = %lld: %-62s %6.2f TFLOP/s\n", type.c_str(), static_cast<long long>(n),
                  "cublas", cublas);
      for (const auto& [t, name] : rows)
        std::printf("%s n = %lld: %-62s %6.2f TFLOP/s  %.3f of cuBLAS\n", type.c_str(),
                    static_cast<long long>(n), name.c_str(), t, t / cublas);
      std::fflush(stdout);
    }
  }

  roofline::Device device_;
  int cc_ = 0;
};

// The sweep's configs alone (they are in every test above too), with shapes of more block rows
// than a group of 8 (a full group and a shorter last one):
//   cuda_gemm_gpu_test --gtest_filter='*Sweep*'
TEST_F(GemmGpu, SweepConfigsVerifyAtEdgeTilesAndRowGroups) {
  std::vector<GemmShape> shapes(std::begin(kEdgeShapes), std::end(kEdgeShapes));
  shapes.push_back({.m = 1000, .n = 1000, .k = 1000});
  shapes.push_back({.m = 2100, .n = 136, .k = 20});
  shapes.push_back({.m = 4100, .n = 1028, .k = 260});
  for (const GemmShape& s : shapes)
    for (const GemmConfig& c : gemm_sweep())
      test_support::expect_verified(*make_gemm_case(device_, c, Precision::fp32, s));
}

// The asynchronous copies' configs alone (the ladder's in fp32 and fp64, the sweep's in fp32) at
// the edge shapes: k tiles cut short, rings wrapped many times (k 260), blocks beyond m and n.
// Short enough for compute-sanitizer's memcheck and racecheck:
//   compute-sanitizer --tool racecheck cuda_gemm_gpu_test --gtest_filter='*AsyncCopies*'
TEST_F(GemmGpu, AsyncCopiesVerifyAtEdgeTiles) {
  if (cc_ < 80) GTEST_SKIP() << "cp.async starts with sm_80";
  std::size_t verified = 0;
  for (Precision p : {Precision::fp32, Precision::fp64})
    for (const GemmConfig& c : configs(p))
      if (c.kernel == GemmKernel::warp_tiled_async)
        for (const GemmShape& s : kEdgeShapes) {
          test_support::expect_verified(*make_gemm_case(device_, c, p, s));
          ++verified;
        }
  EXPECT_GT(verified, 2 * std::size(kEdgeShapes));  // the sweep's rows too
}

TEST_F(GemmGpu, EdgeShapesVerifyInEveryVariant) {
  expect_ladder_verified({std::begin(kEdgeShapes), std::end(kEdgeShapes)});
}

// A demanding user's square, a multiple of no tile, and the study's rectangles.
TEST_F(GemmGpu, SquareOffEveryTileAndStudyRectanglesVerifyInEveryVariant) {
  expect_ladder_verified({{.m = 1000, .n = 1000, .k = 1000}, kGemmRectangle, kGemmLargeRectangle});
}

// 2049 × 2048 checks a sample; 4096 runs the tuned tiles over many blocks.
TEST_F(GemmGpu, LargeShapesVerifyInEveryVariant) {
  expect_ladder_verified({{.m = 2049, .n = 2048, .k = 516}, {.m = 4096, .n = 4096, .k = 4096}});
}

TEST_F(GemmGpu, OddShapesVerifyInScalarKernelsAndAreRefusedWithTheReasonBy16ByteOnes) {
  for (Precision p : {Precision::fp32, Precision::fp64})
    for (const GemmShape& s : kOddShapes)
      for (const GemmConfig& c : configs(p)) {
        auto gemm = make_gemm_case(device_, c, p, s);
        if (!gemm_vector_loads(c)) {
          test_support::expect_verified(*gemm);
          continue;
        }
        SCOPED_TRACE(gemm->info().variant + " " + gemm->info().params.dump());
        try {
          gemm->prepare();
          ADD_FAILURE() << "a shape off 16 bytes was accepted";
        } catch (const roofline::InputError& e) {
          EXPECT_NE(std::string(e.what()).find("start on 16 bytes"), std::string::npos) << e.what();
        }
        gemm->release();
      }
}

TEST_F(GemmGpu, TensorCoreReferencesVerifyAgainstTheirTolerance) {
  if (cc_ < 80) GTEST_SKIP() << "TF32 and BF16 tensor cores start with sm_80";
  std::vector<GemmShape> shapes(std::begin(kEdgeShapes), std::end(kEdgeShapes));
  shapes.insert(shapes.end(), std::begin(kOddShapes), std::end(kOddShapes));
  shapes.push_back({.m = 1000, .n = 1000, .k = 1000});
  shapes.push_back(kGemmRectangle);
  shapes.push_back({.m = 2048, .n = 2048, .k = 8192});
  for (const GemmShape& s : shapes) {
    auto tf32 = make_cublas_gemm_case(device_, CublasGemmMath::tf32, Precision::fp32, s);
    EXPECT_EQ(tf32->info().work.precision, Precision::tf32_tensor);
    test_support::expect_verified(*tf32);
    auto bf16 = make_cublas_gemm_case(device_, CublasGemmMath::bf16, Precision::bf16, s);
    EXPECT_EQ(bf16->info().work.precision, Precision::bf16_tensor);
    test_support::expect_verified(*bf16);
  }
  EXPECT_THROW(make_cublas_gemm_case(device_, CublasGemmMath::tf32, Precision::fp64, {1, 1, 1}),
               roofline::InputError);
}

TEST_F(GemmGpu, FamilyRunsTheLadderAndCublasButTensorCoresOnlyWhenNamed) {
  roofline::RunOptions options;
  options.families = {"gemm"};
  options.size = 1000;
  options.quick = false;
  const auto cases = make_cases(device_, options);
  std::size_t cublas = 0;
  for (const auto& c : cases) {
    EXPECT_EQ(c->info().family, "gemm");
    EXPECT_EQ(c->info().params.at("n").get<std::int64_t>(), 1000);
    EXPECT_EQ(c->info().params.at("shape"), "square");
    cublas += c->info().variant == "cublas";
  }
  EXPECT_EQ(cublas, 2u);
  // the ladder, the group-size sweep and cuBLAS, in fp32 and fp64
  EXPECT_EQ(cases.size(),
            (gemm_ladder(Precision::fp32, cc_).size() + gemm_group_sweep().size() + 1) * 2);
  if (cc_ < 80) return;
  options.variants = {"cublas_tf32", "cublas_bf16"};
  EXPECT_EQ(make_cases(device_, options).size(), 2u);
}

TEST_F(GemmGpu, MeasuredCaseKeepsDeviceTimedSamples) {
  const GemmConfig c = gemm_ladder(Precision::fp32, cc_).back();
  auto gemm = make_gemm_case(device_, c, Precision::fp32, {.m = 2048, .n = 2048, .k = 2048});
  const roofline::Result r = roofline::measure(*gemm, {.repetitions = 3});
  ASSERT_TRUE(r.ok()) << r.error << r.verification.message;
  EXPECT_EQ(r.samples.size(), 3u);
}

// Not a check: every variant's and every sweep config's TFLOP/s in fp32 against cuBLAS SGEMM.
// For tuning on a GPU (about a minute and a half on an H100):
//   cuda_gemm_gpu_test --gtest_also_run_disabled_tests --gtest_filter='*.DISABLED_Speed*'
TEST_F(GemmGpu, DISABLED_SpeedAgainstCublas) {
  std::vector<GemmConfig> candidates;
  for (const GemmConfig& c : configs(Precision::fp32))
    // the study's slow steps: seconds at 8192, nothing to tune
    if (c.kernel != GemmKernel::naive && c.kernel != GemmKernel::naive_transposed_b &&
        c.kernel != GemmKernel::smem_tiled)
      candidates.push_back(c);
  print_speed_against_cublas(Precision::fp32, candidates);
}

// Not a check: the asynchronous copies' configs alone in fp32 against cuBLAS SGEMM, and the
// ladder's tiled kernels in fp64 against cuBLAS DGEMM (which runs on the FP64 tensor cores of
// sm_80 and later, our kernels on the FP64 FMA units):
//   cuda_gemm_gpu_test --gtest_also_run_disabled_tests --gtest_filter='*AsyncSpeed*'
TEST_F(GemmGpu, DISABLED_AsyncSpeedAgainstCublas) {
  if (cc_ < 80) GTEST_SKIP() << "cp.async starts with sm_80";
  std::vector<GemmConfig> fp32, fp64;
  for (const GemmConfig& c : configs(Precision::fp32))
    if (c.kernel == GemmKernel::warp_tiled_async) fp32.push_back(c);
  for (const GemmConfig& c : configs(Precision::fp64))
    if (c.kernel == GemmKernel::block_tiled || c.kernel == GemmKernel::warp_tiled ||
        c.kernel == GemmKernel::warp_tiled_async)
      fp64.push_back(c);
  print_speed_against_cublas(Precision::fp32, fp32);
  print_speed_against_cublas(Precision::fp64, fp64);
}

}  // namespace
}  // namespace kernels::cuda
