// The CUDA reduce ladder and CUB on a real GPU: every variant, operation and element type
// verified against kernels/reduce's reference at sizes 0, 1, below a warp, around a tile and
// across many blocks, then timed by device events. Skipped, with a message, without a GPU.
// The EdgeSizes tests are short enough for compute-sanitizer.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/reduce.hpp"
#include "kernels/cuda/reduce_cases.hpp"
#include "probes/cuda/device.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

class ReduceGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = probes::cuda::cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    device_ = probes::cuda::describe_cuda_devices().at(0);
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
  }

  // Verifies the case (two launches), then runs it once more and checks its device time.
  static void expect_verified(roofline::Case& c) {
    SCOPED_TRACE(c.info().variant + " " + c.info().params.dump());
    c.prepare();
    const roofline::Verification v = c.verify();
    EXPECT_TRUE(v.passed) << v.message;
    c.run();
    ASSERT_TRUE(c.last_device_seconds().has_value());
    EXPECT_GT(*c.last_device_seconds(), 0);
    c.release();
  }

  // Every ladder variant and CUB, in every op and precision, at each size (ordered so that the
  // host inputs of one length and type serve all its variants).
  void expect_ladder_verified(const std::vector<std::size_t>& sizes) {
    const auto cache = std::make_shared<HostInputCache>();
    for (std::size_t n : sizes)
      for (ReduceOp op : kReduceOps)
        for (Precision p : {Precision::fp32, Precision::fp64, Precision::int32}) {
          for (const ReduceConfig& base : reduce_ladder()) {
            const auto precisions = reduce_precisions(base);
            if (std::find(precisions.begin(), precisions.end(), p) == precisions.end()) continue;
            ReduceConfig c = base;
            c.op = op;
            expect_verified(*make_reduce_case(device_, c, p, n, false, cache));
          }
          expect_verified(*make_cub_reduce_case(device_, op, p, n, cache));
        }
  }

  roofline::Device device_;
};

// A float v16 tile of the default shape: 256 threads × 4 loads × 4 floats.
constexpr std::size_t kTile = 4096;

TEST_F(ReduceGpu, EdgeSizesVerifyInEveryVariant) {
  expect_ladder_verified({0, 1, 31, kTile - 1, kTile + 1, 3 * kTile + 7});
}

TEST_F(ReduceGpu, EdgeSizesVerifyAcrossTheSweeps) {
  for (const ReduceConfig& c : reduce_sweep())
    expect_verified(*make_reduce_case(device_, c, Precision::fp32, 5 * kTile + 3, true));
  for (const ReduceConfig& c : reduce_grid_sweep())
    for (std::size_t n : {std::size_t{1}, 5 * kTile + 3, (std::size_t{1} << 24) + 5})
      expect_verified(*make_reduce_case(device_, c, Precision::fp32, n, false));
}

// A grid capped at blocks per SM is that many blocks per SM (the tiles allowing).
TEST_F(ReduceGpu, GridSweepCapsTheBlocksPerSm) {
  for (const ReduceConfig& c : reduce_grid_sweep()) {
    ReduceKernel<float> k(c, std::size_t{1} << 28);
    EXPECT_EQ(k.plan().blocks,
              std::min<std::size_t>(c.blocks_per_sm * device_.compute_units, k.plan().full_tiles));
  }
}

// More tiles than the grid has blocks: each block strides over several tiles, and the
// last-block variant's ticket runs over thousands of blocks; int32 sums wrap modulo 2^32.
TEST_F(ReduceGpu, LargeSizesVerifyInEveryVariant) {
  expect_ladder_verified({(std::size_t{1} << 24) + 5});
}

TEST_F(ReduceGpu, GridIsFiveWavesOfResidentBlocks) {
  ReduceKernel<float> k(ReduceConfig{}, std::size_t{1} << 28);
  ASSERT_GE(k.resident_blocks_per_sm(), 1);
  EXPECT_EQ(k.plan().blocks, k.resident_blocks_per_sm() * device_.compute_units * kSubscription);
}

TEST_F(ReduceGpu, RefusedConfigsNameTheValue) {
  EXPECT_THROW(make_reduce_case(device_, {.shape = {.block = BlockReduce::warp_redux}},
                                Precision::fp64, 100, false),
               roofline::InputError);
  ReduceConfig odd;
  odd.threads = 100;
  EXPECT_THROW(make_reduce_case(device_, odd, Precision::fp32, 100, false), roofline::InputError);
}

TEST_F(ReduceGpu, FamilyRunsTheLadderCubAndTheSweep) {
  roofline::RunOptions options;
  options.families = {"reduce"};
  options.size = 1000;
  const auto cases = make_cases(device_, options);
  std::size_t cub = 0, sweep = 0;
  for (const auto& c : cases) {
    EXPECT_EQ(c->info().family, "reduce");
    EXPECT_EQ(c->info().params.at("n").get<std::size_t>(), 1000u);
    cub += c->info().variant == "cub";
    sweep += c->info().params.contains("sweep");
  }
  EXPECT_EQ(cub, 9u);  // sum, dot and max × fp32, fp64, int32
  EXPECT_EQ(sweep, std::size(kReduceSweepThreads) * std::size(kReduceSweepLoads));
  options.variants = {"no_such_variant"};
  EXPECT_THROW(make_cases(device_, options), roofline::InputError);
}

TEST_F(ReduceGpu, MeasuredCaseKeepsDeviceTimedSamples) {
  ReduceConfig last_block;
  last_block.passes = PassScheme::one_pass_last_block;
  auto c = make_reduce_case(device_, last_block, Precision::fp32, std::size_t{1} << 22, false);
  const roofline::Result r = roofline::measure(*c, {.repetitions = 3});
  ASSERT_TRUE(r.ok()) << r.error << r.verification.message;
  EXPECT_EQ(r.samples.size(), 3u);
}

}  // namespace
}  // namespace kernels::cuda
