#include "kernels/opencl/reduce_plan.hpp"

#include <algorithm>
#include <bit>

#include "roofline/input_error.hpp"

namespace kernels::opencl {
namespace {

using roofline::InputError;
using roofline::Precision;

constexpr std::size_t kRakers = 32;  // reduce.cl's RAKERS

bool at_least(const DeviceSupport& s, int major, int minor) {
  return s.c_major > major || (s.c_major == major && s.c_minor >= minor);
}

}  // namespace

std::string_view to_string(BlockReduce b) {
  switch (b) {
    case BlockReduce::local_tree:
      return "local_tree";
    case BlockReduce::sub_group:
      return "sub_group";
    case BlockReduce::raking:
      return "raking";
  }
  return "?";
}

std::string_view to_string(AtomicAdd a) {
  switch (a) {
    case AtomicAdd::native_int:
      return "atomic_add on uint or atomic_max on int (core OpenCL)";
    case AtomicAdd::float_ext:
      return "atomic_fetch_add_explicit (cl_ext_float_atomics)";
    case AtomicAdd::exchange_loop:
      return "an exchange loop on the bits (atomic_xchg, atom_xchg for double): no "
             "cl_ext_float_atomics add on the device, or a maximum";
  }
  return "?";
}

std::string reduce_variant_name(const ReduceConfig& c) {
  const ReduceShape& s = c.shape;
  std::string name = std::string(to_string(c.passes)) + "_" + std::string(to_string(s.block)) +
                     "_" + std::string(to_string(s.load)) + "_" + std::string(to_string(s.width)) +
                     "_" + std::to_string(c.group) + "x" + std::to_string(s.loads);
  if (s.bounds == Bounds::checked) name += "_checked";
  if (c.groups_per_unit > 0) name += "_" + std::to_string(c.groups_per_unit) + "_per_cu";
  return name;
}

void check_config(const ReduceConfig& c, Precision p, std::size_t max_group) {
  if (p != Precision::fp32 && p != Precision::fp64 && p != Precision::int32)
    throw InputError("reduce on OpenCL has no " + std::string(to_string(p)) + " kernels");
  // The local tree halves the group at each step.
  if (c.group < 1 || static_cast<std::size_t>(c.group) > max_group ||
      !std::has_single_bit(unsigned(c.group)))
    throw InputError("reduce: work-group size " + std::to_string(c.group) +
                     " is not a power of two in 1.." + std::to_string(max_group));
  if (c.shape.loads < 1 || !std::has_single_bit(unsigned(c.shape.loads)))
    throw InputError("reduce: loads per work-item " + std::to_string(c.shape.loads) +
                     " is not a power of two");
  if (c.groups_per_unit < 0)
    throw InputError("reduce: work-groups per compute unit " + std::to_string(c.groups_per_unit) +
                     " is negative");
}

AtomicAdd atomic_add_of(ReduceOp op, Precision p, const DeviceSupport& s) {
  if (p == Precision::int32) return AtomicAdd::native_int;
  if (op == ReduceOp::max) return AtomicAdd::exchange_loop;
  const bool ext = p == Precision::fp32 ? s.float_atomic_add : s.double_atomic_add;
  return ext ? AtomicAdd::float_ext : AtomicAdd::exchange_loop;
}

std::optional<std::string> unsupported(const ReduceConfig& c, Precision p, const DeviceSupport& s) {
  if (p == Precision::fp64 && !s.fp64) return "the device has no cl_khr_fp64";
  if (c.shape.block == BlockReduce::sub_group && !s.sub_groups)
    return "sub_group_reduce_add needs cl_khr_subgroups or OpenCL C 3.0's __opencl_c_subgroups, "
           "which the device lacks";
  if (c.passes == PassScheme::one_pass_atomic && p == Precision::fp64 &&
      atomic_add_of(c.op, p, s) == AtomicAdd::exchange_loop && !s.int64_atomics)
    return "a double atomic add or maximum needs cl_ext_float_atomics (an add) or the 64-bit "
           "exchange of cl_khr_int64_base_atomics, which the device lacks";
  if (c.passes == PassScheme::one_pass_last_block && !s.device_scope_acq_rel)
    return "last-block detection needs OpenCL 2.x acquire/release fences and atomics at device "
           "scope, which the device does not report (" +
           s.memory_model + ")";
  return std::nullopt;
}

std::string cl_std_option(const ReduceConfig& c, Precision p, const DeviceSupport& s) {
  const bool needs_2x = c.passes == PassScheme::one_pass_last_block ||
                        (c.passes == PassScheme::one_pass_atomic &&
                         atomic_add_of(c.op, p, s) == AtomicAdd::float_ext) ||
                        (c.shape.block == BlockReduce::sub_group && at_least(s, 2, 0));
  if (!needs_2x) return "";
  return at_least(s, 3, 0) ? "-cl-std=CL3.0" : "-cl-std=CL2.0";
}

std::string reduce_description(const ReduceConfig& c, Precision p, const DeviceSupport& s) {
  std::string text = [&]() -> std::string {
    switch (c.shape.block) {
      case BlockReduce::local_tree:
        return "work-group reduction by a log-step tree in local memory";
      case BlockReduce::sub_group:
        return "work-group reduction by sub_group_reduce_add (_max)";
      case BlockReduce::raking:
        return "work-group reduction by raking: 32 work-items combine a segment of local memory "
               "each, then a log-step tree";
    }
    return "?";
  }();
  if (c.shape.bounds == Bounds::checked) text += ", every load compared with n";
  switch (c.passes) {
    case PassScheme::two_pass:
      return text + "; partials in global memory, combined by a second launch of one work-group";
    case PassScheme::one_pass_atomic:
      return text + "; each group's value combined into the result with " +
             std::string(to_string(atomic_add_of(c.op, p, s)));
    case PassScheme::one_pass_last_block:
      return text +
             "; partials in global memory, a release fence and a device-scope ticket "
             "(atomic_fetch_add_explicit); the group drawing the last ticket combines them after "
             "an acquire fence";
  }
  return text;
}

ReducePlan plan_reduce(const ReduceConfig& c, Precision p, std::size_t n, int compute_units,
                       std::size_t max_group) {
  check_config(c, p, max_group);
  if (compute_units < 1)
    throw InputError("reduce: " + std::to_string(compute_units) + " compute units is no device");
  ReducePlan plan;
  plan.tile = static_cast<std::size_t>(c.group) * c.shape.loads *
              vector_elements(c.shape.width, roofline::size_of(p));
  plan.full_tiles =
      c.shape.bounds == Bounds::checked ? (n + plan.tile - 1) / plan.tile : n / plan.tile;
  const int per_unit = c.groups_per_unit > 0 ? c.groups_per_unit : kGroupsPerUnit;
  plan.groups = std::clamp<std::size_t>(plan.full_tiles, 1,
                                        static_cast<std::size_t>(compute_units) * per_unit);
  plan.partials = c.passes == PassScheme::one_pass_atomic ? 0 : plan.groups;
  return plan;
}

std::vector<ReduceConfig> reduce_ladder() {
  constexpr BlockReduce kBlocks[] = {BlockReduce::local_tree, BlockReduce::sub_group,
                                     BlockReduce::raking};
  std::vector<ReduceConfig> ladder;
  for (BlockReduce b : kBlocks) ladder.push_back({.shape = {.block = b}});
  for (const ReduceShape& s :
       {ReduceShape{.load = BlockLoad::blocked},
        ReduceShape{.width = LoadWidth::element, .loads = 16},
        ReduceShape{.load = BlockLoad::blocked, .width = LoadWidth::element, .loads = 16},
        ReduceShape{.bounds = Bounds::checked}})
    ladder.push_back({.shape = s});
  for (BlockReduce b : kBlocks)
    ladder.push_back({.shape = {.block = b}, .passes = PassScheme::one_pass_atomic});
  ladder.push_back({.shape = kDefaultShape, .passes = PassScheme::one_pass_last_block});
  return ladder;
}

std::vector<ReduceConfig> reduce_sweep() {
  std::vector<ReduceConfig> sweep;
  for (int group : kReduceSweepThreads)
    for (const SweepLoads& l : kReduceSweepLoads)
      sweep.push_back({.shape = {.width = l.width, .loads = l.loads}, .group = group});
  return sweep;
}

std::vector<ReduceConfig> reduce_grid_sweep() {
  std::vector<ReduceConfig> sweep;
  for (int groups : kReduceGridPerUnit) sweep.push_back({.groups_per_unit = groups});
  return sweep;
}

std::size_t scratch_values(const ReduceConfig& c) {
  const auto group = static_cast<std::size_t>(c.group);
  return c.shape.block == BlockReduce::raking ? group + std::min(group, kRakers) : group;
}

}  // namespace kernels::opencl
