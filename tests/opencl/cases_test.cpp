// The kernel families on a real OpenCL device: every case verified against the host reference
// (sizes that are no multiple of the vector width included), and sizes refused before
// allocating.
#include <gtest/gtest.h>

#include "kernels/nested_saxpy.hpp"
#include "kernels/opencl/stream_cases.hpp"
#include "kernels/stream.hpp"
#include "probes/opencl/backend.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

namespace {

using probes::opencl::OpenClBackend;

const roofline::MeasureOptions kFast{
    .repetitions = 3, .min_sample_seconds = 0.0005, .warmup_seconds = 0};

std::vector<roofline::Result> run_family(const OpenClBackend& backend, const std::string& family,
                                         std::int64_t size) {
  const roofline::Device device = backend.devices().at(0);
  roofline::RunOptions options;
  options.families = {family};
  options.size = size;
  auto cases = backend.cases(device, options);
  return roofline::measure_all(cases, kFast, family);
}

TEST(OpenClCases, StreamOperationsVerifyInEveryPrecision) {
  const OpenClBackend backend;
  // 4099: no multiple of the vector width, so the tail path runs too.
  const auto results = run_family(backend, "stream", 4099);
  const bool fp64 = backend.devices().at(0).facts.at("fp64").get<bool>();
  // The quick widths, 2 and 4 lanes, each in every precision.
  EXPECT_EQ(results.size(), 2 * (fp64 ? 2u : 1u) * kernels::kStreamOps.size());
  for (const auto& r : results) {
    EXPECT_TRUE(r.ok()) << r.variant << " " << r.params.dump() << ": " << r.error << " "
                        << r.verification.message;
    EXPECT_EQ(r.params.at("n"), 4099);
    EXPECT_EQ(r.backend, "opencl");
    EXPECT_GT(r.time->median, 0);
  }
}

TEST(OpenClCases, MultiPassLaunchesVerifyInBothLayoutsAtEveryWidth) {
  const OpenClBackend backend;
  const roofline::Device device = backend.devices().at(0);
  const auto runtime = backend.runtime(device.id);
  for (kernels::StreamOp op : kernels::kStreamOps)
    for (bool blocked : {false, true})
      for (int width : {1, 4, 16}) {
        // 4099 elements in 5 passes: the rotation by one work-group's block per pass wraps
        // around the vectors, the last block is partial, and work-item 0 repeats the tail.
        const kernels::opencl::StreamLaunch launch{
            .width = width, .group = 64, .items = 3, .blocked = blocked, .passes = 5};
        const auto c = kernels::opencl::make_stream_case(
            roofline::case_info(device, "stream", "passes", {}, {}, 1), runtime, op,
            roofline::Precision::fp32, 4099, launch);
        const roofline::Result r = roofline::measure(*c, kFast);
        EXPECT_TRUE(r.ok()) << kernels::to_string(op) << " w" << width << " blocked " << blocked
                            << ": " << r.error << " " << r.verification.message;
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
  const bool fp64 = backend.devices().at(0).facts.at("fp64").get<bool>();
  EXPECT_EQ(results.size(), (fp64 ? 2u : 1u) * kernels::kNestedSaxpyDepths.size());
  for (const auto& r : results)
    EXPECT_TRUE(r.ok()) << r.params.dump() << ": " << r.error << " " << r.verification.message;
}

TEST(OpenClCases, BadFamiliesVariantsAndSizesAreRefusedBeforeAllocating) {
  const OpenClBackend backend;
  const roofline::Device device = backend.devices().at(0);
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
