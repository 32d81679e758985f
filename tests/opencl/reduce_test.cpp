// The OpenCL reduce ladder and CLBlast on a real device (PoCL in CI): every variant the device
// offers, in every operation and element type, verified against kernels/reduce's reference at
// sizes 0, 1 and no multiple of any vector, group or tile size, with several tiles per group;
// the variants the device cannot run are left out with their reason; the family runs by name.
// ROOFLAB_TEST_OPENCL_DEVICE picks the device (the first by default).
#include <gtest/gtest.h>

#include <algorithm>

#include "family_test_support.hpp"
#include "kernels/opencl/cases.hpp"
#include "kernels/opencl/device_support.hpp"
#include "kernels/opencl/reduce_cases.hpp"
#include "probes/opencl/backend.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

namespace kernels::opencl {
namespace {

using probes::opencl::OpenClBackend;
using roofline::Precision;

class OpenClReduce : public ::testing::Test {
 protected:
  void SetUp() override {
    test_support::pick_opencl_device(backend_, device_);
    if (HasFatalFailure()) return;
    runtime_ = backend_.runtime(device_.id);
    support_ = query_device_support(runtime_->device());
  }

  std::vector<Precision> types(const ReduceConfig& c) const {
    std::vector<Precision> out;
    for (Precision p : {Precision::fp32, Precision::fp64, Precision::int32})
      if (!unsupported(c, p, support_)) out.push_back(p);
    return out;
  }

  OpenClBackend backend_;
  roofline::Device device_;
  std::shared_ptr<Runtime> runtime_;
  DeviceSupport support_;
};

TEST_F(OpenClReduce, EverySupportedVariantVerifiesAtEdgeSizes) {
  // 0 and 1; below a vector; a group's elements + 1; a float4 tile − 1 and + 1; several tiles
  // with a tail; more full tiles than PoCL's 2 units × kGroupsPerUnit groups, so groups stride.
  const std::size_t sizes[] = {0, 1, 3, 257, 4095, 4097, 40013, 300007};
  const auto cache = std::make_shared<HostInputCache>();
  int variants = 0;
  for (std::size_t n : sizes)
    for (ReduceOp op : kReduceOps)
      for (Precision p : {Precision::fp32, Precision::fp64, Precision::int32}) {
        for (ReduceConfig c : reduce_ladder()) {
          c.op = op;
          const auto ok = types(c);
          if (std::find(ok.begin(), ok.end(), p) == ok.end()) continue;
          test_support::expect_measured(
              *make_reduce_case(device_, runtime_, support_, c, p, n, false, cache));
          ++variants;
        }
      }
  EXPECT_GT(variants, 0);
}

TEST_F(OpenClReduce, ClblastVerifiesInFloatAndDouble) {
  const auto cache = std::make_shared<HostInputCache>();
  for (std::size_t n : {std::size_t{1}, std::size_t{4097}, std::size_t{300007}})
    for (ReduceOp op : {ReduceOp::sum, ReduceOp::dot})
      for (Precision p : {Precision::fp32, Precision::fp64}) {
        if (!supports(runtime_->device(), p)) continue;
        test_support::expect_measured(
            *make_clblast_reduce_case(device_, runtime_, op, p, n, cache));
      }
  EXPECT_THROW(make_clblast_reduce_case(device_, runtime_, ReduceOp::sum, Precision::int32, 8),
               roofline::InputError);
}

// The heat map's corners (32 work-items with one element each, 1024 with 16 float4 loads) and
// every grid cap, at a length of many tiles with a tail.
TEST_F(OpenClReduce, SweepCornersAndGridCapsVerify) {
  const auto cache = std::make_shared<HostInputCache>();
  for (const ReduceConfig& c : reduce_sweep())
    if ((c.group == 32 && c.shape.loads == 1 && c.shape.width == LoadWidth::element) ||
        (c.group == 1024 && c.shape.loads == 16))
      test_support::expect_measured(
          *make_reduce_case(device_, runtime_, support_, c, Precision::fp32, 70001, true, cache));
  for (const ReduceConfig& c : reduce_grid_sweep())
    test_support::expect_measured(
        *make_reduce_case(device_, runtime_, support_, c, Precision::fp32, 70001, false, cache));
}

TEST_F(OpenClReduce, UnsupportedVariantsAreRefusedWithTheReason) {
  const auto found = device_.not_offered.find("reduce");
  const std::vector<std::string> facts =
      found == device_.not_offered.end() ? std::vector<std::string>() : found->second;
  std::size_t refused = 0;
  for (const ReduceConfig& c : reduce_ladder())
    for (Precision p : {Precision::fp32, Precision::fp64, Precision::int32}) {
      const auto why = unsupported(c, p, support_);
      if (!why) continue;
      ++refused;
      const std::string line =
          reduce_variant_name(c) + " " + std::string(to_string(p)) + ": " + *why;
      EXPECT_NE(std::find(facts.begin(), facts.end(), line), facts.end()) << line;
      try {
        make_reduce_case(device_, runtime_, support_, c, p, 1024, false);
        ADD_FAILURE() << reduce_variant_name(c) << " was accepted";
      } catch (const roofline::InputError& e) {
        EXPECT_NE(std::string(e.what()).find(*why), std::string::npos) << e.what();
      }
    }
  EXPECT_EQ(facts.size(), refused);
}

TEST_F(OpenClReduce, FamilyRunsByNameAndNotByDefault) {
  roofline::RunOptions options;
  options.families = {"reduce"};
  options.size = 5000;
  options.variants = {"two_pass_local_tree_striped_v16_256x4", "clblast"};
  const auto cases = backend_.cases(device_, options);
  // Ours: sum, dot and max in each type; CLBlast: sum and dot in fp32 and fp64. The sweep's
  // point of the same name is ours' fp32 sum, run once: a sweep point where the sweep runs in a
  // quick run (a GPU), a plain case elsewhere.
  const std::size_t fp64 = supports(runtime_->device(), Precision::fp64) ? 1 : 0;
  const auto sweep = std::count_if(
      cases.begin(), cases.end(), [](const auto& c) { return c->info().params.contains("sweep"); });
  EXPECT_EQ(sweep, device_.facts.value("device_type", "") == "GPU" ? 1 : 0);
  EXPECT_EQ(cases.size(), 3 * (2 + fp64) + 2 * (1 + fp64));
  for (const auto& c : cases) EXPECT_EQ(c->info().params.at("n"), 5000);
  // The default suite leaves reduce out.
  roofline::RunOptions defaults;
  defaults.size = 5000;
  const auto default_cases = backend_.cases(device_, defaults);
  EXPECT_FALSE(default_cases.empty());
  EXPECT_TRUE(std::none_of(default_cases.begin(), default_cases.end(),
                           [](const auto& c) { return c->info().family == "reduce"; }));
}

}  // namespace
}  // namespace kernels::opencl
