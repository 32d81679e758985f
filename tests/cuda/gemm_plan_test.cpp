// The CUDA GEMM ladder's GPU-free part: the tuned tile per architecture, the ladder and its names,
// the launch of each kernel (edge tiles covered, 16-byte kernels refusing shapes they cannot load,
// with the reason), the tiles the kernels are compiled for, and the tiling traffic declared as
// algorithm_bytes.
#include "kernels/cuda/gemm_plan.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

constexpr int kArchitectures[] = {75, 80, 86, 89, 90, 100};

TEST(GemmTuning, PicksTheRowOfTheNewestArchitectureAtOrBelow) {
  EXPECT_EQ(gemm_tuning(GemmKernel::warp_tiled, Precision::fp32, 75).tile, kWarpTileA100);
  EXPECT_EQ(gemm_tuning(GemmKernel::warp_tiled, Precision::fp32, 80).tile, kWarpTileA100);
  EXPECT_EQ(gemm_tuning(GemmKernel::warp_tiled, Precision::fp32, 86).tile, kWarpTileA6000);
  EXPECT_EQ(gemm_tuning(GemmKernel::warp_tiled, Precision::fp32, 90).min_cc, 90);
  EXPECT_EQ(gemm_tuning(GemmKernel::warp_tiled, Precision::fp64, 90).tile, kWarpTileA100Fp64);
  EXPECT_EQ(gemm_tuning(GemmKernel::block_tiled, Precision::fp64, 90).tile, kBlockTile64);
  EXPECT_THROW(gemm_tuning(GemmKernel::naive, Precision::fp32, 90), roofline::InputError);
  EXPECT_THROW(gemm_tuning(GemmKernel::warp_tiled, Precision::bf16, 90), roofline::InputError);
  for (const GemmTuning& row : kGemmTunings) EXPECT_FALSE(row.evidence.empty());
}

TEST(GemmLadder, ClimbsTheStudyWithUniqueNamesAndConsistentTiles) {
  for (int cc : kArchitectures)
    for (Precision p : {Precision::fp32, Precision::fp64}) {
      std::vector<std::string> names;
      for (const GemmConfig& c : gemm_ladder(p, cc)) {
        names.push_back(gemm_variant_name(c));
        EXPECT_NO_THROW(check_tile(c, roofline::size_of(p))) << names.back();
      }
      EXPECT_EQ(names, (std::vector<std::string>{
                           "naive_uncoalesced", "naive_coalesced", "smem_tiled_16", "smem_tiled_32",
                           "register_tiled_4x4", "register_tiled_8x4", "block_tiled",
                           "block_tiled_v16", "warp_tiled_db"}));
    }
}

TEST(GemmTile, OnlyCompiledAndConsistentTilesPass) {
  GemmConfig c{.kernel = GemmKernel::smem_tiled,
               .tile = {.bm = 8, .bn = 8, .bk = 8, .threads = 64}};
  EXPECT_THROW(check_tile(c, 4), roofline::InputError);  // no 8 × 8 instance
  // a tuned fp32 tile is not compiled for fp64
  c = {.kernel = GemmKernel::warp_tiled, .tile = kWarpTileA6000, .vector = true};
  EXPECT_NO_THROW(check_tile(c, 4));
  EXPECT_THROW(check_tile(c, 8), roofline::InputError);
  c = {.kernel = GemmKernel::block_tiled, .tile = kBlockTile64};
  EXPECT_THROW(check_tile(c, 4), roofline::InputError);
  EXPECT_NO_THROW(check_tile(c, 8));
}

TEST(GemmPlan, CoversEdgeTilesWithAGridOverXsColumnsAndRows) {
  const GemmShape s{.m = 1000, .n = 1000, .k = 1000};
  const GemmConfig block{.kernel = GemmKernel::block_tiled, .tile = kBlockTile128};
  GemmLaunch l = plan_gemm(block, s, 4);
  EXPECT_EQ(l.grid_x, 8u);  // ⌈1000 / 128⌉
  EXPECT_EQ(l.grid_y, 8u);
  EXPECT_EQ(l.threads, 256);
  const GemmConfig reg{.kernel = GemmKernel::register_tiled, .tile = kRegisterTile8x4};
  l = plan_gemm(reg, {.m = 129, .n = 65, .k = 3}, 8);
  EXPECT_EQ(l.grid_x, 2u);  // ⌈65 / 64⌉ columns
  EXPECT_EQ(l.grid_y, 2u);  // ⌈129 / 128⌉ rows
  // the uncoalesced naive kernel's x runs along X's rows
  const GemmConfig naive{.kernel = GemmKernel::naive, .index = NaiveIndex::uncoalesced};
  l = plan_gemm(naive, {.m = 1000, .n = 17, .k = 5}, 4);
  EXPECT_EQ(l.grid_x, 63u);
  EXPECT_EQ(l.grid_y, 2u);
  l = plan_gemm({.kernel = GemmKernel::naive}, {.m = 1000, .n = 17, .k = 5}, 4);
  EXPECT_EQ(l.grid_x, 2u);
  EXPECT_EQ(l.grid_y, 63u);
  EXPECT_TRUE(plan_gemm(block, {.m = 0, .n = 8, .k = 8}, 4).empty());
  EXPECT_FALSE(plan_gemm(block, {.m = 8, .n = 8, .k = 0}, 4).empty());  // X = 0 is written
}

TEST(GemmPlan, SixteenByteKernelsRefuseRowsOffSixteenBytesWithTheReason) {
  const GemmConfig v16{.kernel = GemmKernel::block_tiled, .tile = kBlockTile128, .vector = true};
  EXPECT_NO_THROW(plan_gemm(v16, {.m = 1001, .n = 1000, .k = 1000}, 4));  // m is free
  try {
    plan_gemm(v16, {.m = 1001, .n = 1001, .k = 1001}, 4);
    ADD_FAILURE() << "1001 accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("multiples of 4 elements"), std::string::npos) << e.what();
  }
  EXPECT_THROW(plan_gemm(v16, {.m = 8, .n = 8, .k = 1002}, 4), roofline::InputError);
  const GemmConfig warp{
      .kernel = GemmKernel::warp_tiled, .tile = kWarpTileA100Fp64, .vector = true};
  EXPECT_NO_THROW(plan_gemm(warp, {.m = 8, .n = 1002, .k = 1002}, 8));  // 2 doubles
  EXPECT_THROW(plan_gemm(warp, {.m = 8, .n = 1003, .k = 1002}, 8), roofline::InputError);
  // the scalar kernels take any shape
  const GemmConfig block{.kernel = GemmKernel::block_tiled, .tile = kBlockTile128};
  EXPECT_NO_THROW(plan_gemm(block, {.m = 1001, .n = 1001, .k = 1001}, 4));
  EXPECT_THROW(plan_gemm(block, {.m = 1, .n = -1, .k = 1}, 4), roofline::InputError);
  EXPECT_THROW(plan_gemm(block, {.m = 70000, .n = 70000, .k = 4}, 4), roofline::InputError);
}

TEST(GemmTraffic, EachStepOfTheLadderMovesLess) {
  const GemmShape s{.m = 1024, .n = 1024, .k = 1024};
  const double x = 1024.0 * 1024;
  const GemmConfig smem32{.kernel = GemmKernel::smem_tiled, .tile = kSmemTile32};
  EXPECT_EQ(gemm_tile_traffic(smem32, s, 4), (x * 32 + x * 32 + x) * 4);
  const GemmConfig block{.kernel = GemmKernel::block_tiled, .tile = kBlockTile128};
  EXPECT_EQ(gemm_tile_traffic(block, s, 4), (x * 8 + x * 8 + x) * 4);
  double before = 0;
  for (const GemmConfig& c : gemm_ladder(Precision::fp32, 90)) {
    const double t = gemm_tile_traffic(c, s, 4);
    if (before > 0) {
      EXPECT_LE(t, before) << gemm_variant_name(c);
    }
    before = t;
  }
  // an edge tile's block loads a whole tile
  EXPECT_EQ(gemm_tile_traffic(block, {.m = 129, .n = 1, .k = 1}, 4), (129 * 1 + 1 * 2 + 129) * 4);
}

}  // namespace
}  // namespace kernels::cuda
