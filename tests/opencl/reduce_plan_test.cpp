// The OpenCL reduce ladder's device-free part: names, the refusals and their reasons for the
// devices OpenCL has (1.2, 2.x, 3.0 with and without the 2.x memory model), the atomic each
// element type gets, and the launch plan.
#include "kernels/opencl/reduce_plan.hpp"

#include <gtest/gtest.h>

#include <set>

#include "roofline/input_error.hpp"

namespace kernels::opencl {
namespace {

using roofline::Precision;

// An OpenCL 3.0 device with only relaxed, work-group-scope atomics and no sub-groups (as NVIDIA's
// reports), fp64 and 64-bit atomics.
DeviceSupport relaxed_3_0() {
  return {.fp64 = true,
          .c_major = 3,
          .c_minor = 0,
          .int64_atomics = true,
          .memory_model = "atomic memory capabilities: relaxed, work-group scope"};
}

TEST(OpenClReducePlan, NamesFollowTheParameters) {
  EXPECT_EQ(reduce_variant_name({}), "two_pass_local_tree_striped_v16_256x4");
  EXPECT_EQ(reduce_variant_name({.shape = {.load = BlockLoad::blocked,
                                           .width = LoadWidth::element,
                                           .loads = 16,
                                           .block = BlockReduce::sub_group},
                                 .passes = PassScheme::one_pass_last_block,
                                 .group = 128}),
            "one_pass_last_block_sub_group_blocked_e_128x16");
  EXPECT_EQ(reduce_variant_name({.shape = {.block = BlockReduce::raking, .bounds = Bounds::checked},
                                 .groups_per_unit = 4}),
            "two_pass_raking_striped_v16_256x4_checked_4_per_cu");
}

TEST(OpenClReducePlan, BadConfigsAreRefusedByValue) {
  EXPECT_THROW(check_config({.group = 96}, Precision::fp32, 1024), roofline::InputError);
  EXPECT_THROW(check_config({.group = 2048}, Precision::fp32, 1024), roofline::InputError);
  EXPECT_THROW(check_config({.shape = {.loads = 3}}, Precision::fp32, 1024), roofline::InputError);
  EXPECT_THROW(check_config({}, Precision::fp16, 1024), roofline::InputError);
  EXPECT_NO_THROW(check_config({.group = 1024}, Precision::int32, 1024));
  EXPECT_THROW(check_config({.groups_per_unit = -1}, Precision::fp32, 1024), roofline::InputError);
}

TEST(OpenClReducePlan, LastBlockNeedsTheDeviceScopeMemoryModel) {
  const ReduceConfig last{.passes = PassScheme::one_pass_last_block};
  DeviceSupport s = relaxed_3_0();
  const auto why = unsupported(last, Precision::fp32, s);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("relaxed, work-group scope"), std::string::npos) << *why;
  s.device_scope_acq_rel = true;
  EXPECT_FALSE(unsupported(last, Precision::fp32, s).has_value());
  EXPECT_EQ(cl_std_option(last, Precision::fp32, s), "-cl-std=CL3.0");
  s.c_major = 2;
  EXPECT_EQ(cl_std_option(last, Precision::fp32, s), "-cl-std=CL2.0");
  EXPECT_EQ(cl_std_option({}, Precision::fp32, s), "");
}

TEST(OpenClReducePlan, SubGroupsFp64AndDoubleAtomicsAreRequired) {
  const ReduceConfig sub{.shape = {.block = BlockReduce::sub_group}};
  const ReduceConfig atomic{.passes = PassScheme::one_pass_atomic};
  DeviceSupport s = relaxed_3_0();
  EXPECT_TRUE(unsupported(sub, Precision::fp32, s).has_value());
  s.sub_groups = true;
  EXPECT_FALSE(unsupported(sub, Precision::fp32, s).has_value());
  EXPECT_FALSE(unsupported(atomic, Precision::fp64, s).has_value());
  s.int64_atomics = false;
  EXPECT_TRUE(unsupported(atomic, Precision::fp64, s).has_value());
  s.double_atomic_add = true;  // cl_ext_float_atomics needs no exchange loop
  EXPECT_FALSE(unsupported(atomic, Precision::fp64, s).has_value());
  s.fp64 = false;
  EXPECT_TRUE(unsupported({}, Precision::fp64, s).has_value());
}

TEST(OpenClReducePlan, AtomicAddIsTheBestTheDeviceHas) {
  DeviceSupport s = relaxed_3_0();
  EXPECT_EQ(atomic_add_of(ReduceOp::sum, Precision::int32, s), AtomicAdd::native_int);
  EXPECT_EQ(atomic_add_of(ReduceOp::sum, Precision::fp32, s), AtomicAdd::exchange_loop);
  s.float_atomic_add = true;
  EXPECT_EQ(atomic_add_of(ReduceOp::sum, Precision::fp32, s), AtomicAdd::float_ext);
  EXPECT_EQ(atomic_add_of(ReduceOp::sum, Precision::fp64, s), AtomicAdd::exchange_loop);
  // A maximum: atomic_max on int, the exchange loop for floating point (no extension's add).
  EXPECT_EQ(atomic_add_of(ReduceOp::max, Precision::int32, s), AtomicAdd::native_int);
  EXPECT_EQ(atomic_add_of(ReduceOp::max, Precision::fp32, s), AtomicAdd::exchange_loop);
  const std::string text =
      reduce_description({.passes = PassScheme::one_pass_atomic}, Precision::fp64, s);
  EXPECT_NE(text.find("atomic_xchg"), std::string::npos) << text;
}

TEST(OpenClReducePlan, PlanCoversEveryElement) {
  // float4 × 4 loads × 256 work-items: tiles of 4096 floats; 132 units × 32 groups at most.
  const ReducePlan small = plan_reduce({}, Precision::fp32, 4095, 132, 1024);
  EXPECT_EQ(small.tile, 4096u);
  EXPECT_EQ(small.full_tiles, 0u);
  EXPECT_EQ(small.groups, 1u);
  EXPECT_EQ(small.partials, 1u);
  const ReducePlan big = plan_reduce({}, Precision::fp32, std::size_t{1} << 28, 132, 1024);
  EXPECT_EQ(big.full_tiles, (std::size_t{1} << 28) / 4096);
  EXPECT_EQ(big.groups, 132u * kGroupsPerUnit);
  const ReducePlan dbl = plan_reduce({.shape = {.width = LoadWidth::element, .loads = 16}},
                                     Precision::fp64, 10000, 2, 1024);
  EXPECT_EQ(dbl.tile, 4096u);
  EXPECT_EQ(dbl.full_tiles, 2u);
  EXPECT_EQ(plan_reduce({.passes = PassScheme::one_pass_atomic}, Precision::fp32, 1 << 20, 2, 1024)
                .partials,
            0u);
  EXPECT_THROW(plan_reduce({}, Precision::fp32, 1, 0, 1024), roofline::InputError);
  // A grid cap per unit; checked loads count the last partial tile as a tile.
  EXPECT_EQ(
      plan_reduce({.groups_per_unit = 4}, Precision::fp32, std::size_t{1} << 28, 132, 1024).groups,
      132u * 4);
  EXPECT_EQ(plan_reduce({.shape = {.bounds = Bounds::checked}}, Precision::fp32, 4097, 2, 1024)
                .full_tiles,
            2u);
}

TEST(OpenClReducePlan, RakingTakesOneMoreValuePerRaker) {
  EXPECT_EQ(scratch_values({}), 256u);
  EXPECT_EQ(scratch_values({.shape = {.block = BlockReduce::raking}}), 256u + 32);
  EXPECT_EQ(scratch_values({.shape = {.block = BlockReduce::raking}, .group = 16}), 32u);
}

TEST(OpenClReducePlan, LadderAndSweepNamesAreDistinct) {
  std::set<std::string> names;
  for (const ReduceConfig& c : reduce_ladder()) names.insert(reduce_variant_name(c));
  EXPECT_EQ(names.size(), reduce_ladder().size());
  // Every block reduce with one atomic pass too.
  std::set<BlockReduce> two_pass, atomic;
  for (const ReduceConfig& c : reduce_ladder())
    (c.passes == PassScheme::one_pass_atomic ? atomic : two_pass).insert(c.shape.block);
  EXPECT_EQ(atomic.size(), 3u);
  EXPECT_EQ(atomic, two_pass);
  const auto sweep = reduce_sweep();
  EXPECT_EQ(sweep.size(), 6u * 7);  // groups of 32..1024 × 1..64 items
  for (const ReduceConfig& c : sweep)
    if (reduce_variant_name(c) != reduce_variant_name({})) names.insert(reduce_variant_name(c));
  EXPECT_EQ(names.size(), reduce_ladder().size() + 41);
  for (const ReduceConfig& c : reduce_grid_sweep()) names.insert(reduce_variant_name(c));
  EXPECT_EQ(names.size(), reduce_ladder().size() + 41 + 5);
}

}  // namespace
}  // namespace kernels::opencl
