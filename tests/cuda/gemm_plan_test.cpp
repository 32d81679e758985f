// The CUDA GEMM ladder's GPU-free part: the tuned tile per architecture, the ladder and its names,
// the launch of each kernel (edge tiles covered, 16-byte kernels refusing shapes they cannot load,
// with the reason), the tiles the kernels are compiled for, the tiling traffic declared as
// algorithm_bytes, and the family's rows in the CUDA table with the cases they expand into (a
// device described by hand: no case prepares here).
#include "kernels/cuda/gemm_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "kernels/cuda/cases.hpp"
#include "kernels/gemm.hpp"
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
  // cp.async starts with sm_80
  EXPECT_EQ(gemm_tuning(GemmKernel::warp_tiled_async, Precision::fp32, 86).tile, kAsyncTileCutlass);
  EXPECT_EQ(gemm_tuning(GemmKernel::warp_tiled_async, Precision::fp32, 90).tile.bn,
            256);  // measured
  EXPECT_EQ(gemm_tuning(GemmKernel::warp_tiled_async, Precision::fp64, 80).tile, kAsyncTileFp64);
  EXPECT_THROW(gemm_tuning(GemmKernel::warp_tiled_async, Precision::fp32, 75),
               roofline::InputError);
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
      std::vector<std::string> expected = {
          "naive_uncoalesced", "naive_coalesced",    "naive_transposed_b", "smem_tiled_16",
          "smem_tiled_32",     "register_tiled_4x4", "register_tiled_8x4", "block_tiled",
          "block_tiled_v16",   "warp_tiled_db"};
      if (cc >= 80) expected.push_back("warp_tiled_async");  // cp.async
      EXPECT_EQ(names, expected);
    }
}

TEST(GemmGroupSweep, EachGroupOfTheNaiveAndRegisterTiledKernelsIsCompiledAndNamed) {
  std::vector<std::string> names;
  for (const GemmConfig& c : gemm_group_sweep()) {
    names.push_back(gemm_variant_name(c));
    for (int element : {4, 8}) EXPECT_NO_THROW(check_tile(c, element)) << names.back();
  }
  ASSERT_EQ(names.size(), 9u);
  EXPECT_EQ(names[0], "naive_coalesced_block8x8");
  EXPECT_EQ(names[4], "register_tiled_4x4_block16x8");
  EXPECT_EQ(names[8], "register_tiled_8x4_block32x32");
  // 16 × 8 threads of 4 × 4: X's blocks of 32 rows × 64 columns
  const GemmConfig c = gemm_group_sweep()[4];
  EXPECT_EQ(gemm_group(c), (GemmGroup{.x = 16, .y = 8}));
  const GemmLaunch l = plan_gemm(c, {.m = 100, .n = 100, .k = 3}, 4);
  EXPECT_EQ(l.grid_x, 2u);
  EXPECT_EQ(l.grid_y, 4u);
  EXPECT_EQ(l.threads, 128);
  // a group no kernel is compiled for
  const GemmConfig odd{.kernel = GemmKernel::naive, .tile = naive_tile({.x = 4, .y = 4})};
  EXPECT_THROW(check_tile(odd, 4), roofline::InputError);
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

TEST(GemmSweep, HasUniqueNamesAndConsistentTilesWithEvidenceInFp32Only) {
  const std::vector<GemmConfig> sweep = gemm_sweep();
  ASSERT_EQ(sweep.size(), std::size(kGemmSweep));
  std::vector<std::string> names;
  for (const GemmConfig& c : sweep) {
    names.push_back(gemm_variant_name(c));
    EXPECT_NO_THROW(check_tile(c, 4)) << names.back();
    EXPECT_THROW(check_tile(c, 8), roofline::InputError) << names.back();
    EXPECT_TRUE(c.swept && c.vector) << names.back();
  }
  for (const GemmTuning& row : kGemmSweep) EXPECT_FALSE(row.evidence.empty());
  std::vector<std::string> unique = names;
  std::sort(unique.begin(), unique.end());
  EXPECT_EQ(std::unique(unique.begin(), unique.end()), unique.end());
  // the A6000 tile (sm_86's row) with every option; a 2D block-tiled row
  EXPECT_EQ(names[3], "warp_tiled_db_128x128x16_w64x64i4_t8x4_128_lds128_pad4_g8");
  EXPECT_EQ(names[16], "block_tiled_v16_128x128x8_t8x8_256_lds128_pad4");
  EXPECT_EQ(names[0], "warp_tiled_db_128x128x16_w64x64i4_t8x4_128");
  EXPECT_EQ(sweep[0].tile, kWarpTileA6000);  // the ladder's sm_86 instance, named
  EXPECT_EQ(names[19], "warp_tiled_async_128x128x8_w32x64i2_t4x4_256_lds128_pad4_g8_s4_b2");
  EXPECT_EQ(sweep[19].tile, kAsyncTileCutlass);  // the ladder's sm_80 … sm_90 instance, named
  EXPECT_EQ(sweep[19].options, kAsyncOptions4);
}

TEST(GemmPlan, AsyncCopiesTakeTheirRingAsDynamicSharedMemory) {
  const GemmConfig async{.kernel = GemmKernel::warp_tiled_async,
                         .tile = kAsyncTileCutlass,
                         .vector = true,
                         .options = kAsyncOptions4};
  // 4 stages of 8 k rows of A (128 + 4 pad) and of B (128)
  EXPECT_EQ(plan_gemm(async, {.m = 1000, .n = 1000, .k = 1000}, 4).shared_bytes,
            4 * 8 * (132 + 128) * 4);
  EXPECT_EQ(plan_gemm(async, {.m = 0, .n = 8, .k = 8}, 4).shared_bytes, 4 * 8 * (132 + 128) * 4);
  EXPECT_THROW(plan_gemm(async, {.m = 8, .n = 6, .k = 8}, 4), roofline::InputError);  // 16 bytes
  // bk 16 in 3 stages: above static shared memory's 48 KiB
  EXPECT_EQ(plan_gemm(gemm_sweep()[22], {.m = 8, .n = 8, .k = 8}, 4).shared_bytes,
            3 * 16 * (132 + 128) * 4);
  // the other kernels take static shared memory; stages are the ring's alone
  EXPECT_EQ(plan_gemm(gemm_sweep()[3], {.m = 8, .n = 8, .k = 8}, 4).shared_bytes, 0);
  GemmConfig warp = gemm_sweep()[3];
  warp.options.stages = 4;
  EXPECT_THROW(check_tile(warp, 4), roofline::InputError);
  GemmConfig unstaged = async;
  unstaged.options.stages = 0;
  EXPECT_THROW(check_tile(unstaged, 4), roofline::InputError);
}

TEST(GemmSweep, OptionsNeedTheirKernelsConditions) {
  GemmConfig c = gemm_sweep()[16];  // a block-tiled row's options work with element loads too
  c.vector = false;
  EXPECT_NO_THROW(check_tile(c, 4));
  EXPECT_NO_THROW(plan_gemm(c, {.m = 3, .n = 5, .k = 7}, 4));
  // options no row has are compiled for no kernel
  c = {.kernel = GemmKernel::warp_tiled, .tile = kWarpTileA6000, .vector = true};
  c.options.group_rows = 3;
  EXPECT_THROW(check_tile(c, 4), roofline::InputError);
  c = {.kernel = GemmKernel::register_tiled, .tile = kRegisterTile4x4, .options = {.a_pad = 4}};
  EXPECT_THROW(check_tile(c, 4), roofline::InputError);
  // the sweep's configs plan as the ladder's: a grid of block tiles, 16-byte rows
  const GemmConfig w = gemm_sweep()[12];  // 256 × 128
  const GemmLaunch l = plan_gemm(w, {.m = 1000, .n = 1000, .k = 1000}, 4);
  EXPECT_EQ(l.grid_x, 8u);
  EXPECT_EQ(l.grid_y, 4u);
  EXPECT_EQ(l.threads, 256);
  EXPECT_THROW(plan_gemm(w, {.m = 3, .n = 5, .k = 7}, 4), roofline::InputError);
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
  // Up to the 2D block tiling; sm_90's measured warp tile (64 × 64) gives some of it back for
  // more resident blocks, and runs faster.
  double before = 0;
  for (const GemmConfig& c : gemm_ladder(Precision::fp32, 90)) {
    if (c.kernel == GemmKernel::warp_tiled) continue;
    const double t = gemm_tile_traffic(c, s, 4);
    if (before > 0) {
      EXPECT_LE(t, before) << gemm_variant_name(c);
    }
    before = t;
  }
  // an edge tile's block loads a whole tile
  EXPECT_EQ(gemm_tile_traffic(block, {.m = 129, .n = 1, .k = 1}, 4), (129 * 1 + 1 * 2 + 129) * 4);
}

// An H100 as far as the rows ask: its compute capability and SMs.
roofline::Device hopper() {
  roofline::Device d;
  d.id = "cuda:0";
  d.backend = "cuda";
  d.compute_units = 132;
  d.facts["compute_capability"] = "9.0";
  return d;
}

const MemoryFacts kMemory = {.dram_bytes = 64 << 20,
                             .study_bytes = 128 << 20,
                             .all_arrays = {.bytes = 80e9, .what = "80 GB"},
                             .one_array = {}};

std::vector<const Variant*> gemm_rows(const std::vector<Variant>& all) {
  std::vector<const Variant*> rows;
  for (const Variant& v : all)
    if (v.family == &kGemm) rows.push_back(&v);
  return rows;
}

TEST(GemmRows, LadderThenCublasTheBaselineThenItsPedanticModeAndTensorCoresOptIn) {
  const roofline::Device device = hopper();
  const std::vector<Variant> all = variants(device);
  std::vector<std::string> names,
      expected = {"naive_uncoalesced", "naive_coalesced",    "naive_transposed_b", "smem_tiled_16",
                  "smem_tiled_32",     "register_tiled_4x4", "register_tiled_8x4", "block_tiled",
                  "block_tiled_v16",   "warp_tiled_db",      "warp_tiled_async"};
  // the group-size sweep, then cuBLAS
  for (const std::string group : {"8x8", "16x8", "32x32"})
    for (const std::string kernel : {"naive_coalesced", "register_tiled_4x4", "register_tiled_8x4"})
      expected.push_back(kernel + "_block" + group);
  expected.push_back("cublas");
  std::vector<std::string> opt_in = {"cublas_pedantic", "cublas_tf32", "cublas_bf16"};
  for (const GemmConfig& c : gemm_sweep()) opt_in.push_back(gemm_variant_name(c));
  // cuBLAS's pedantic mode, the sweep, then TF32 and BF16
  expected.insert(expected.end(), opt_in.begin(), opt_in.begin() + 1);
  expected.insert(expected.end(), opt_in.begin() + 3, opt_in.end());
  expected.insert(expected.end(), opt_in.begin() + 1, opt_in.begin() + 3);
  for (const Variant* v : gemm_rows(all)) {
    names.push_back(v->name);
    EXPECT_EQ(v->baseline, v->name == "cublas") << v->name;
    EXPECT_EQ(v->opt_in, std::find(opt_in.begin(), opt_in.end(), v->name) != opt_in.end())
        << v->name;
  }
  EXPECT_EQ(names, expected);
  roofline::Device turing = device;
  turing.facts["compute_capability"] = "7.5";
  // no cp.async, no TF32, no BF16
  EXPECT_EQ(gemm_rows(variants(turing)).size(), names.size() - 3);
}

TEST(GemmRows, ExpandIntoSquaresThenRectanglesWithDeclaredWork) {
  const roofline::Device device = hopper();
  const std::vector<Variant> all = variants(device);
  const auto cases_of = [&](const std::string& name, const Sizing& sizing) {
    Cases cases;
    for (const Variant* v : gemm_rows(all))
      if (v->name == name) v->add_cases(cases, sizing);
    return cases;
  };
  // quick: 256, 1024, 4096 and the small rectangle, in fp32 and fp64
  Cases cases = cases_of("warp_tiled_db", Sizing(kMemory, std::nullopt, true));
  ASSERT_EQ(cases.size(), 8u);
  EXPECT_EQ(cases[0]->info().params.at("n"), 256);
  EXPECT_EQ(cases[2]->info().params.at("n"), 4096);
  EXPECT_EQ(cases[3]->info().params.at("shape"), "1024x768*768x512");
  EXPECT_EQ(cases[3]->info().work.flops, 2.0 * 1024 * 512 * 768);
  EXPECT_EQ(cases[0]->info().params.at("bm"),
            gemm_tuning(GemmKernel::warp_tiled, Precision::fp32, 90).tile.bm);  // sm_90's row
  EXPECT_EQ(cases[4]->info().params.at("bk"), kWarpTileA100Fp64.bk);
  EXPECT_TRUE(cases[0]->info().params.contains("tile_evidence"));
  EXPECT_GT(cases[0]->info().work.algorithm_bytes, cases[0]->info().work.bytes);
  // full: 256 … 8192, 20000 for the tiled kernels and cuBLAS, and both rectangles; the strided
  // kernels and the group sweep to 4096
  cases = cases_of("warp_tiled_db", Sizing(kMemory, std::nullopt, false));
  ASSERT_EQ(cases.size(), 18u);
  EXPECT_EQ(cases[6]->info().params.at("n"), 20000);
  EXPECT_EQ(cases_of("cublas", Sizing(kMemory, std::nullopt, false)).size(), 18u);
  EXPECT_EQ(cases_of("register_tiled_8x4", Sizing(kMemory, std::nullopt, false)).size(), 16u);
  for (const std::string name :
       {"naive_uncoalesced", "naive_transposed_b", "register_tiled_8x4_block32x32"}) {
    cases = cases_of(name, Sizing(kMemory, std::nullopt, false));
    ASSERT_EQ(cases.size(), 14u) << name;
    EXPECT_EQ(cases.back()->info().params.at("shape"), "3000x5000*5000x4000");
  }
  // a size the user names runs alone, as a square, a multiple of no tile
  cases = cases_of("block_tiled_v16", Sizing(kMemory, 1000, false));
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[1]->info().work.precision, Precision::fp64);
  // Each cuBLAS call declared as the work of the units it runs on: BF16 tensor work with an
  // fp32 X, TF32 tensor work, and DGEMM (in either math mode) on the FP64 tensor cores from sm_80
  cases = cases_of("cublas_bf16", Sizing(kMemory, 1000, false));
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0]->info().work.precision, Precision::bf16_tensor);
  EXPECT_EQ(cases[0]->info().work.bytes, 1e6 * (2 + 2 + 4));
  cases = cases_of("cublas_tf32", Sizing(kMemory, 1000, false));
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0]->info().work.precision, Precision::tf32_tensor);
  EXPECT_EQ(cases[0]->info().params.at("tolerance"), gemm_tensor_tolerance(0x1p-10, 1000));
  for (const std::string name : {"cublas", "cublas_pedantic"}) {
    cases = cases_of(name, Sizing(kMemory, 1000, false));
    ASSERT_EQ(cases.size(), 2u);
    EXPECT_EQ(cases[0]->info().work.precision, Precision::fp32) << name;
    EXPECT_EQ(cases[1]->info().work.precision, Precision::fp64_tensor) << name;
    EXPECT_EQ(cases[1]->info().params.at("call"), name == "cublas"
                                                      ? "cublasDgemm_64 CUBLAS_DEFAULT_MATH"
                                                      : "cublasDgemm_64 CUBLAS_PEDANTIC_MATH");
  }
  roofline::Device turing = device;
  turing.facts["compute_capability"] = "7.5";
  Cases fp64;
  for (const Variant* v : gemm_rows(variants(turing)))
    if (v->name == "cublas") v->add_cases(fp64, Sizing(kMemory, 1000, false));
  ASSERT_EQ(fp64.size(), 2u);
  EXPECT_EQ(fp64[1]->info().work.precision, Precision::fp64);  // no FP64 tensor cores
}

}  // namespace
}  // namespace kernels::cuda
