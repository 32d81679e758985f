// The kernel families on a real OpenCL device: every case verified against the host reference
// (sizes that are no multiple of the vector width included), and sizes refused before
// allocating.
#include "kernels/opencl/cases.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "family_test_support.hpp"
#include "kernels/gpu_dram.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/opencl/device_check.hpp"
#include "kernels/opencl/device_support.hpp"
#include "kernels/opencl/nested_saxpy_cases.hpp"
#include "kernels/opencl/stream_cases.hpp"
#include "kernels/stream.hpp"
#include "probes/opencl/backend.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

namespace {

using probes::opencl::OpenClBackend;

// The device the tests run on (ROOFLAB_TEST_OPENCL_DEVICE, else the first).
roofline::Device test_device(const OpenClBackend& backend) {
  roofline::Device device;
  test_support::pick_opencl_device(backend, device);
  return device;
}

const roofline::MeasureOptions kFast{
    .repetitions = 3, .min_sample_seconds = 0.0005, .warmup_seconds = 0};

std::vector<roofline::Result> run_family(const OpenClBackend& backend, const std::string& family,
                                         std::int64_t size, bool quick = true) {
  const roofline::Device device = test_device(backend);
  roofline::RunOptions options;
  options.quick = quick;
  options.families = {family};
  options.size = size;
  auto cases = backend.cases(device, options);
  return roofline::measure_all(cases, kFast, family);
}

TEST(OpenClCases, StreamOperationsVerifyInEveryPrecision) {
  const OpenClBackend backend;
  // 4099: no multiple of the vector width, so the tail path runs too.
  const auto results = run_family(backend, "stream", 4099);
  const roofline::Device device = test_device(backend);
  const bool fp64 = device.facts.at("fp64").get<bool>();
  // The quick rows, each in every precision: a CPU device's 2 and 4 lanes, a GPU's 16 bytes.
  const unsigned rows = device.facts.value("device_type", "") == "GPU" ? 1 : 2;
  EXPECT_EQ(results.size(), rows * (fp64 ? 2u : 1u) * kernels::kStreamOps.size());
  for (const auto& r : results) {
    EXPECT_TRUE(r.ok()) << r.variant << " " << r.params.dump() << ": " << r.error << " "
                        << r.verification.message;
    EXPECT_EQ(r.params.at("n"), 4099);
    EXPECT_EQ(r.backend, "opencl");
    EXPECT_GT(r.time->median, 0);
  }
}

TEST(OpenClCases, MultiPassLaunchesVerifyInEveryLayoutAtEveryWidth) {
  const OpenClBackend backend;
  const roofline::Device device = test_device(backend);
  const auto runtime = backend.runtime(device.id);
  using kernels::opencl::StreamLaunch;
  // Strided, blocked, and a grid stride of one work-group per compute unit: far fewer work-items
  // than vectors, so each strides over the arrays several times; and strided with each block kept
  // by its work-group every pass through volatile loads, strided and grid-strided (a GPU's L2
  // side), the grid stride also in batches of 4 vectors (runs of no multiple of 4: the last batch
  // runs past the end);
  // on NVIDIA's OpenCL each L2 launch with ld.global.cg loads too.
  std::vector<StreamLaunch> layouts = {
      StreamLaunch{},
      StreamLaunch{.blocked = true},
      StreamLaunch{.groups_per_unit = 1},
      StreamLaunch{.l2_only = true},
      StreamLaunch{.groups_per_unit = 1, .l2_only = true},
      StreamLaunch{.groups_per_unit = 1, .l2_only = true, .batch = 4}};
  const bool cg = kernels::opencl::query_device_support(runtime->device()).nv_ptx_warps;
  for (std::size_t k = 3, n = layouts.size(); cg && k < n; ++k) {
    layouts.push_back(layouts[k]);
    layouts.back().cg_loads = true;
  }
  for (const StreamLaunch& layout : layouts)
    for (kernels::StreamOp op : kernels::kStreamOps)
      for (int width : {1, 4, 16}) {
        // 4099 elements in 5 passes: the rotation by one work-group's block per pass wraps
        // around the vectors, the last block is partial, and work-item 0 repeats the tail.
        StreamLaunch launch = layout;
        launch.width = width;
        launch.group = 16;
        launch.items = 3;
        launch.passes = 5;
        const auto c = kernels::opencl::make_stream_case(
            roofline::case_info(device, "stream", "passes", {}, {}, 1), runtime, op,
            roofline::Precision::fp32, 4099, launch);
        const roofline::Result r = roofline::measure(*c, kFast);
        EXPECT_TRUE(r.ok()) << kernels::to_string(op) << " w" << width << " "
                            << kernels::opencl::layout_name(launch)
                            << (launch.l2_only ? " L2 only " : " ")
                            << kernels::opencl::launch_name(launch) << ": " << r.error << " "
                            << r.verification.message;
      }
}

TEST(OpenClCases, AGridStrideLaunchesItsWavesOrWhatCoversTheArrays) {
  using kernels::StreamOp;
  using kernels::opencl::items_per_work_item;
  using kernels::opencl::stream_groups;
  const kernels::opencl::StreamLaunch grid{.width = 4, .group = 256, .groups_per_unit = 8};
  // 2^26 floats on 132 units: 1056 groups of 256 take 2^24 vectors in 63 steps (the last partial).
  const std::size_t n = std::size_t{1} << 26;
  EXPECT_EQ(stream_groups(StreamOp::triad, grid, n, 132), 1056u);
  EXPECT_EQ(items_per_work_item(StreamOp::triad, grid, n, 132), 63u);
  EXPECT_EQ(stream_groups(StreamOp::read, grid, n, 132), 1056u);  // reductions alike
  // A small array: the groups that cover it, one vector each.
  EXPECT_EQ(stream_groups(StreamOp::copy, grid, 4096, 132), 4u);
  EXPECT_EQ(items_per_work_item(StreamOp::copy, grid, 4096, 132), 1u);
  EXPECT_EQ(kernels::opencl::launch_name(grid), "w4_wg256_grid8");
  EXPECT_EQ(kernels::opencl::layout_name(grid), "grid_stride");
}

TEST(OpenClCases, ALaunchBothBlockedAndGridStridedIsRefused) {
  const OpenClBackend backend;
  const roofline::Device device = test_device(backend);
  try {
    kernels::opencl::make_stream_case(roofline::case_info(device, "stream", "both", {}, {}, 1),
                                      backend.runtime(device.id), kernels::StreamOp::copy,
                                      roofline::Precision::fp32, 4099,
                                      {.width = 4, .blocked = true, .groups_per_unit = 8});
    FAIL() << "accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("grid stride of 8"), std::string::npos) << e.what();
  }
}

TEST(OpenClCases, BlockedLaunchesGiveEveryComputeUnitWorkGroupsUpToTheMostItems) {
  using kernels::opencl::blocked_launch;
  using kernels::opencl::kBlockedGroupsPerUnit;
  using kernels::opencl::kBlockedMostItems;
  // 2^26 floats, 8 wide in 64s on 2 units: 2^23 vectors fill 512 blocks of the most items.
  EXPECT_EQ(blocked_launch(8, 64, std::size_t{1} << 26, 2).items, kBlockedMostItems);
  for (std::size_t n : {std::size_t{1} << 16, std::size_t{12345}}) {
    const auto launch = blocked_launch(8, 64, n, 2);
    const std::size_t blocks = (n / 8 + 64 * launch.items - 1) / (64 * launch.items);
    EXPECT_GE(blocks, kBlockedGroupsPerUnit * 2) << n;
    EXPECT_LT(blocks, 2 * kBlockedGroupsPerUnit * 2) << n;  // and no smaller runs than that needs
    EXPECT_TRUE(launch.blocked);
  }
  EXPECT_EQ(blocked_launch(16, 64, 100, 64).items, 1u);  // too little to share: one vector each
}

TEST(OpenClCases, NestedSaxpyVerifiesAtEveryDepth) {
  const OpenClBackend backend;
  const auto results = run_family(backend, "nested_saxpy", 1000);
  const bool fp64 = test_device(backend).facts.at("fp64").get<bool>();
  EXPECT_EQ(results.size(), (fp64 ? 2u : 1u) * kernels::kNestedSaxpyDepths.size());
  for (const auto& r : results)
    EXPECT_TRUE(r.ok()) << r.params.dump() << ": " << r.error << " " << r.verification.message;
}

// Plain SAXPY's size study runs by name; a user's size runs alone.
TEST(OpenClCases, PlainSaxpySizeStudyVerifies) {
  const OpenClBackend backend;
  const auto results = run_family(backend, "nested_saxpy_size", 4099);
  const bool fp64 = test_device(backend).facts.at("fp64").get<bool>();
  ASSERT_EQ(results.size(), fp64 ? 2u : 1u);
  for (const auto& r : results) {
    EXPECT_TRUE(r.ok()) << r.params.dump() << ": " << r.error << " " << r.verification.message;
    EXPECT_EQ(r.params.at("m"), kernels::kNestedSaxpySizeDepth);
    EXPECT_EQ(r.params.at("n"), 4099);
  }
}

// A GPU sweeps the stream and plain SAXPY lengths from 1 K elements to its DRAM case (every 8× in
// a quick run: the quick rows, in the launch CUDA's grid_stride_v16 matches); a CPU device's quick
// run keeps the DRAM case alone, as the CPU backend's. Nothing is allocated: the cases are only
// made.
TEST(OpenClCases, AGpuSweepsStreamAndSaxpyLengthsToItsDramCase) {
  const OpenClBackend backend;
  roofline::Device device = test_device(backend);
  const std::vector<std::int64_t> quick_sweep = {1024, 8192, 65536, 524288, 4194304};
  for (const std::string type : {"CPU", "GPU"}) {
    device.facts["device_type"] = type;
    for (const std::string family : {"stream", "nested_saxpy_size"}) {
      roofline::RunOptions options;
      options.families = {family};
      // the lengths of each op and precision of each row
      std::map<std::string, std::vector<std::int64_t>> lengths;
      for (const auto& c : backend.cases(device, options)) {
        const nlohmann::json& p = c->info().params;
        lengths[c->info().variant + " " + p.value("op", "") + " " +
                p.at("precision").get<std::string>()]
            .push_back(p.at("n").get<std::int64_t>());
      }
      ASSERT_FALSE(lengths.empty()) << type << " " << family;
      for (const auto& [what, n] : lengths) {
        if (type == "CPU") {
          EXPECT_EQ(n.size(), 1u) << type << " " << what;
          continue;
        }
        ASSERT_GT(n.size(), quick_sweep.size()) << what;
        EXPECT_EQ(std::vector(n.begin(), n.begin() + 5), quick_sweep) << what;
        EXPECT_GT(n.back(), n[n.size() - 2]) << what;
      }
    }
  }
}

// A GPU's every row of both families, the grid strides of 16-byte vectors among them (a CPU
// device, PoCL in CI, runs the layouts in the tests above: its rows are the quick ones and the
// widths).
TEST(OpenClCases, CgLoadsAreRefusedOutsideNvidiasL2OnlyKernels) {
  const OpenClBackend backend;
  const roofline::Device device = test_device(backend);
  const auto runtime = backend.runtime(device.id);
  const auto make = [&](bool l2_only) {
    return kernels::opencl::make_stream_case(
        roofline::case_info(device, "stream", "cg", {}, {}, 1), runtime, kernels::StreamOp::copy,
        roofline::Precision::fp32, 4099,
        kernels::opencl::StreamLaunch{.l2_only = l2_only, .cg_loads = true});
  };
  EXPECT_THROW(make(false), roofline::InputError);
  if (kernels::opencl::query_device_support(runtime->device()).nv_ptx_warps)
    EXPECT_NO_THROW(make(true));
  else
    EXPECT_THROW(make(true), roofline::InputError);
  EXPECT_EQ(kernels::opencl::launch_name({.width = 4,
                                          .group = 128,
                                          .groups_per_unit = 4,
                                          .l2_only = true,
                                          .batch = 4,
                                          .cg_loads = true}),
            "w4_wg128_grid4_b4_cg");
}

TEST(OpenClCases, EveryGpuStreamAndNestedSaxpyRowVerifies) {
  const OpenClBackend backend;
  if (test_device(backend).facts.value("device_type", "") != "GPU") GTEST_SKIP() << "not a GPU";
  for (const auto& [family, size] : {std::pair{"stream", 4099}, {"nested_saxpy", 1000}})
    for (const auto& r : run_family(backend, family, size, false))
      EXPECT_TRUE(r.ok()) << r.variant << " " << r.params.dump() << ": " << r.error << " "
                          << r.verification.message;
}

TEST(OpenClCases, NestedSaxpyVerifiesInAGridStrideOfChains) {
  const OpenClBackend backend;
  const roofline::Device device = test_device(backend);
  const auto runtime = backend.runtime(device.id);
  // One group of 16 per compute unit, 4 chains of 4 lanes: 4099 elements take every work-group
  // several blocks, the last partial.
  kernels::opencl::NestedSaxpyLaunch launch{
      .width = 4, .chains = 4, .group = 16, .groups_per_unit = 1};
  EXPECT_EQ(kernels::opencl::nested_saxpy_launch_name(launch), "w4_c4_wg16_grid1");
  // The depth loop as the compiler likes and unrolled by 32: depths below, at and past it.
  for (int unroll : {1, 32}) {
    launch.unroll = unroll;
    for (int m : {1, 64, 1024}) {
      const auto c = kernels::opencl::make_nested_saxpy_case(
          roofline::case_info(device, "nested_saxpy", "grid", {}, {}, 1), runtime, m,
          roofline::Precision::fp32, 4099, launch);
      const roofline::Result r = roofline::measure(*c, kFast);
      EXPECT_TRUE(r.ok()) << m << " unroll " << unroll << ": " << r.error << " "
                          << r.verification.message;
    }
  }
  EXPECT_EQ(kernels::opencl::nested_saxpy_launch_name(launch), "w4_c4_wg16_grid1_u32");
  launch.unroll = 0;
  EXPECT_THROW(kernels::opencl::make_nested_saxpy_case(
                   roofline::case_info(device, "nested_saxpy", "grid", {}, {}, 1), runtime, 1,
                   roofline::Precision::fp32, 4099, launch),
               roofline::InputError);
}

// The reduce ladder's default shape is also a point of the sweep: one row, not two of one name.
TEST(OpenClCases, EveryRowOfTheSuiteIsOneConfiguration) {
  const OpenClBackend backend;
  const roofline::Device device = test_device(backend);
  std::set<std::pair<std::string, std::string>> rows;
  for (const kernels::Variant& v : kernels::opencl::variants(device, backend.runtime(device.id)))
    EXPECT_TRUE(rows.emplace(v.family->name, v.name).second) << v.family->name << " " << v.name;
}

// A GPU's DRAM cases are as large as CUDA's (kernels/gpu_dram.hpp) but in quick runs on a device
// that cannot check them itself, a CPU device's STREAM's. The runtime is PoCL's, with fp64.
TEST(OpenClCases, AGpuSizesItsDramCasesAsCudaDoes) {
  const OpenClBackend backend;
  roofline::Device device = test_device(backend);
  const auto runtime = backend.runtime(device.id);
  device.caches = {{.level = "L2", .size_bytes = 50.0 * (1 << 20), .instances = 1}};
  device.facts.erase("dram_from");
  const double stream_rule = 200.0 * (1 << 20);
  for (bool quick : {true, false}) {
    device.facts["device_type"] = "CPU";
    EXPECT_DOUBLE_EQ(kernels::opencl::memory_facts(device, *runtime, quick).dram_bytes,
                     stream_rule);
    device.facts["device_type"] = "GPU";
    ASSERT_TRUE(kernels::opencl::checks_on_device(runtime->device()));
    EXPECT_DOUBLE_EQ(kernels::opencl::memory_facts(device, *runtime, quick).dram_bytes,
                     kernels::gpu_dram_smallest(50.0 * (1 << 20)));
    EXPECT_DOUBLE_EQ(kernels::opencl::memory_facts(device, *runtime, quick).study_bytes, 1 << 30);
  }
}

TEST(OpenClCases, BadFamiliesVariantsAndSizesAreRefusedBeforeAllocating) {
  const OpenClBackend backend;
  const roofline::Device device = test_device(backend);
  roofline::RunOptions options;
  options.families = {"no_such_family"};
  EXPECT_THROW(backend.cases(device, options), roofline::InputError);
  options.families = {"stream"};
  options.variants = {"fast"};
  EXPECT_THROW(backend.cases(device, options), roofline::InputError);
  options.variants = {};
  options.size = device.facts.at("max_alloc_bytes").get<std::int64_t>();  // 4 bytes per element
  try {
    backend.cases(device, options);
    FAIL() << "a size beyond the largest allocation was accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), std::string::npos)
        << e.what();
  }
}

}  // namespace
