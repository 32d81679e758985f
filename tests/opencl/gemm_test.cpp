// The OpenCL GEMM ladder, its group-size sweep and CLBlast on a real device (PoCL in CI): every
// rung the device offers, in fp32 and (with cl_khr_fp64) fp64, verified with kernels/gemm's check
// at shapes that are multiples of no tile (one entry, a thin k, edges of every work-group), X
// poisoned first so an entry left unwritten fails; the traffic each rung declares; a rung refused
// with its reason; the family by name. ROOFLAB_TEST_OPENCL_DEVICE picks the device (the first by
// default).
#include <gtest/gtest.h>

#include <set>

#include "family_test_support.hpp"
#include "kernels/opencl/cases.hpp"
#include "kernels/opencl/gemm_cases.hpp"
#include "probes/opencl/backend.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

namespace kernels::opencl {
namespace {

using probes::opencl::OpenClBackend;
using roofline::Precision;

TEST(GemmClLadder, NamesAndTraffic) {
  std::set<std::string> names;
  for (const GemmClConfig& c : gemm_cl_ladder()) names.insert(gemm_variant_name(c));
  EXPECT_EQ(
      names,
      (std::set<std::string>{
          "naive", "naive_transposed_b", "tiled_16", "tiled_32", "register_4x4", "register_8x4",
          "block_64x64x8_4x4", "block_128x128x8_8x8", "warp_128x128x8_w32x64i2_t4x4_pad4_g8",
          "warp_128x128x16_w64x64i2_t8x4_pad4_g8", "warp_64x128x16_w32x64i2_t4x4_pad4_g8",
          "warp_64x64x16_w32x32i1_t4x4_pad4_g8", "warp_64x64x8_w32x32i1_t4x4_pad4_g8", "clblast"}));
  const GemmShape s{.m = 256, .n = 128, .k = 64};
  const auto bytes = [&](const GemmClConfig& c) {
    return gemm_work(Precision::fp32, s, gemm_cl_traffic(c, s)).algorithm_bytes;
  };
  // naive: A read once per column of X, B once per row; tiled 16: A 128/16 = 8 times, B 256/16
  // = 16 times; register 8x4: A 128/4 = 32 times, B 256/8 = 32 times; X written once.
  const double a = 256.0 * 64 * 4, b = 64.0 * 128 * 4, x = 256.0 * 128 * 4;
  EXPECT_EQ(bytes({.technique = GemmClTechnique::naive}), a * 128 + b * 256 + x);
  EXPECT_EQ(bytes({.technique = GemmClTechnique::tiled, .tile = 16}), a * 8 + b * 16 + x);
  EXPECT_EQ(bytes({.technique = GemmClTechnique::register_tiled, .rows = 8, .cols = 4}),
            a * 32 + b * 32 + x);
  // block 64x64: A 128/64 = 2 times, B 256/64 = 4 times
  EXPECT_EQ(bytes({.technique = GemmClTechnique::block_tiled}), a * 2 + b * 4 + x);
  EXPECT_EQ(bytes({.technique = GemmClTechnique::clblast}), 0);  // its own: not modelled
  const GemmClConfig warp{.technique = GemmClTechnique::warp_tiled,
                          .block_rows = 128,
                          .block_cols = 128,
                          .warp_rows = 32,
                          .warp_cols = 64,
                          .warp_col_iters = 2};
  EXPECT_EQ(bytes(warp), a * 1 + b * 2 + x);  // A 128/128 = 1 time, B 256/128 = 2 times
  // The group-size sweep: naive and register-tiled 4x4 and 8x4 at each group, named by it.
  std::vector<std::string> swept;
  for (const GemmClConfig& c : gemm_cl_group_sweep()) swept.push_back(gemm_variant_name(c));
  EXPECT_EQ(swept, (std::vector<std::string>{
                       "naive_wg8x8", "register_4x4_wg8x8", "register_8x4_wg8x8", "naive_wg16x8",
                       "register_4x4_wg16x8", "register_8x4_wg16x8", "naive_wg32x32",
                       "register_4x4_wg32x32", "register_8x4_wg32x32"}));
  // a work-item reads its own rows and columns whatever its group: register 8x4 as above
  EXPECT_EQ(bytes(gemm_cl_group_sweep()[5]), a * 32 + b * 32 + x);
  // A work-group or local memory the device does not allow is refused with the reason.
  const GemmClLimits limits{.max_group = 256, .local_bytes = 48 * 1024};
  const auto why =
      gemm_unsupported({.technique = GemmClTechnique::tiled, .tile = 32}, Precision::fp32, limits);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("32x32"), std::string::npos) << *why;
  EXPECT_FALSE(
      gemm_unsupported({.technique = GemmClTechnique::register_tiled}, Precision::fp32, limits));
  EXPECT_TRUE(gemm_unsupported({.technique = GemmClTechnique::block_tiled, .rows = 3, .cols = 4},
                               Precision::fp32, {.max_group = 1024, .local_bytes = 1 << 20}));
  // warp: 8 warps of 32 work-items, 2 × 8 × (128 + 128) floats of local memory.
  EXPECT_FALSE(gemm_unsupported(warp, Precision::fp32, limits));
  EXPECT_FALSE(gemm_unsupported(warp, Precision::fp64, limits));
  const auto local =
      gemm_unsupported(warp, Precision::fp64, {.max_group = 256, .local_bytes = 16384});
  ASSERT_TRUE(local.has_value());
  EXPECT_NE(local->find("32768 bytes of local memory in fp64"), std::string::npos) << *local;
  EXPECT_TRUE(gemm_unsupported(warp, Precision::fp32, {.max_group = 128, .local_bytes = 1 << 20}));
  // 32 work-items of 4 × 4 cover 512 entries: a 32 × 32 warp tile is none of their multiples.
  GemmClConfig uncovered = warp;
  uncovered.warp_cols = 32;
  uncovered.warp_col_iters = 1;
  uncovered.rows = 8;
  uncovered.cols = 8;
  const auto lanes =
      gemm_unsupported(uncovered, Precision::fp32, {.max_group = 1024, .local_bytes = 1 << 20});
  ASSERT_TRUE(lanes.has_value());
  EXPECT_NE(lanes->find("do not cover"), std::string::npos) << *lanes;
}

class OpenClGemm : public ::testing::Test {
 protected:
  void SetUp() override {
    test_support::pick_opencl_device(backend_, device_);
    if (HasFatalFailure()) return;
    runtime_ = backend_.runtime(device_.id);
    limits_ = gemm_cl_limits(runtime_->device());
  }

  std::vector<Precision> types() const {
    std::vector<Precision> out = {Precision::fp32};
    if (supports(runtime_->device(), Precision::fp64)) out.push_back(Precision::fp64);
    return out;
  }

  OpenClBackend backend_;
  roofline::Device device_;
  std::shared_ptr<Runtime> runtime_;
  GemmClLimits limits_;
};

TEST_F(OpenClGemm, EveryRungVerifiesAtShapesThatAreMultiplesOfNoTile) {
  // A single entry; k = 1; a row and a column; sizes past one and two work-groups of every rung
  // (16, 32, 64, 128 and 256 entries) by a few; k past two block depths (8, 16) by a few. The
  // last four keep n and k multiples of 4 (warp_tiled's 16-byte vectors in both precisions):
  // edges of every block, k over many steps, more block rows than a group of 8 and a shorter last
  // group.
  const GemmShape shapes[] = {{1, 1, 1},     {37, 19, 1},   {1, 77, 13},    {77, 1, 13},
                              {131, 67, 45}, {33, 130, 70}, {260, 9, 19},   {129, 68, 36},
                              {65, 260, 20}, {37, 20, 260}, {2100, 136, 20}};
  const auto cache = std::make_shared<HostInputCache>();
  int verified = 0;
  std::vector<GemmClConfig> configs = gemm_cl_ladder();
  for (const GemmClConfig& c : gemm_cl_group_sweep()) configs.push_back(c);
  for (const GemmClConfig& c : configs) {
    for (Precision p : types()) {
      if (gemm_unsupported(c, p, limits_)) continue;
      for (const GemmShape& s : shapes) {
        test_support::expect_measured(*make_gemm_case(device_, runtime_, c, p, s, cache));
        ++verified;
      }
    }
  }
  EXPECT_GE(verified, 11 * 11);
}

TEST_F(OpenClGemm, RefusesWhatItCannotRun) {
  EXPECT_THROW(make_gemm_case(device_, runtime_, {}, Precision::fp32, {0, 4, 4}),
               roofline::InputError);
  EXPECT_THROW(make_gemm_case(device_, runtime_, {}, Precision::int32, {4, 4, 4}),
               roofline::InputError);
  const GemmClConfig too_big{.technique = GemmClTechnique::tiled, .tile = 128};  // 16384 items
  ASSERT_TRUE(gemm_unsupported(too_big, Precision::fp32, limits_));
  EXPECT_THROW(make_gemm_case(device_, runtime_, too_big, Precision::fp32, {4, 4, 4}),
               roofline::InputError);
}

TEST_F(OpenClGemm, FamilyRunsByNameWithClblastTheBaseline) {
  roofline::RunOptions options;
  options.families = {"gemm"};
  options.size = 40;
  const auto cases = backend_.cases(device_, options);
  std::set<std::string> variants;
  for (const auto& c : cases) {
    EXPECT_EQ(c->info().family, "gemm");
    EXPECT_EQ(c->info().params.at("n"), 40);
    EXPECT_EQ(c->info().params.at("shape"), "square");
    variants.insert(c->info().variant);
  }
  EXPECT_TRUE(variants.count("clblast"));
  EXPECT_TRUE(variants.count("register_8x4"));
  // Each variant in each precision the device runs it in (fp64's large blocks may exceed its
  // local memory); on a CPU device the quick suite leaves out the group sweep.
  std::size_t runnable = 0;
  if (device_.facts.value("device_type", "") == "GPU")
    for (const GemmClConfig& c : gemm_cl_group_sweep())
      for (Precision p : types()) runnable += !gemm_unsupported(c, p, limits_);
  for (const GemmClConfig& c : gemm_cl_ladder())
    for (Precision p : types()) runnable += !gemm_unsupported(c, p, limits_);
  EXPECT_EQ(cases.size(), runnable);
  // The default suite leaves gemm out.
  roofline::RunOptions defaults;
  defaults.size = 40;
  const auto default_cases = backend_.cases(device_, defaults);
  EXPECT_TRUE(std::none_of(default_cases.begin(), default_cases.end(),
                           [](const auto& c) { return c->info().family == "gemm"; }));
}

}  // namespace
}  // namespace kernels::opencl
