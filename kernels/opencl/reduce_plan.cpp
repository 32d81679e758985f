#include "kernels/opencl/reduce_plan.hpp"

#include <algorithm>
#include <bit>

#include "roofline/input_error.hpp"

namespace kernels::opencl {
namespace {

using roofline::InputError;
using roofline::Precision;

constexpr int kSweepLoads[] = {1, 2, 4, 8, 16};
constexpr int kSweepGroups[] = {64, 128, 256, 512, 1024};

bool at_least(const DeviceSupport& s, int major, int minor) {
  return s.c_major > major || (s.c_major == major && s.c_minor >= minor);
}

}  // namespace

std::string_view to_string(BlockReduce b) {
  return b == BlockReduce::local_tree ? "local_tree" : "sub_group";
}

std::string_view to_string(AtomicAdd a) {
  switch (a) {
    case AtomicAdd::native_int:
      return "atomic_add on uint (core OpenCL)";
    case AtomicAdd::float_ext:
      return "atomic_fetch_add_explicit (cl_ext_float_atomics)";
    case AtomicAdd::exchange_loop:
      return "an exchange loop on the bits (atomic_xchg, atom_xchg for double): the device has no "
             "cl_ext_float_atomics add";
  }
  return "?";
}

std::string reduce_variant_name(const ReduceConfig& c) {
  const ReduceShape& s = c.shape;
  return std::string(to_string(c.passes)) + "_" + std::string(to_string(s.block)) + "_" +
         std::string(to_string(s.load)) + "_" + std::string(to_string(s.width)) + "_" +
         std::to_string(c.group) + "x" + std::to_string(s.loads);
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
}

AtomicAdd atomic_add_of(Precision p, const DeviceSupport& s) {
  if (p == Precision::int32) return AtomicAdd::native_int;
  const bool ext = p == Precision::fp32 ? s.float_atomic_add : s.double_atomic_add;
  return ext ? AtomicAdd::float_ext : AtomicAdd::exchange_loop;
}

std::optional<std::string> unsupported(const ReduceConfig& c, Precision p, const DeviceSupport& s) {
  if (p == Precision::fp64 && !s.fp64) return "the device has no cl_khr_fp64";
  if (c.shape.block == BlockReduce::sub_group && !s.sub_groups)
    return "sub_group_reduce_add needs cl_khr_subgroups or OpenCL C 3.0's __opencl_c_subgroups, "
           "which the device lacks";
  if (c.passes == PassScheme::one_pass_atomic && p == Precision::fp64 &&
      atomic_add_of(p, s) == AtomicAdd::exchange_loop && !s.int64_atomics)
    return "a double atomic add needs cl_ext_float_atomics or the 64-bit exchange of "
           "cl_khr_int64_base_atomics, which the device lacks";
  if (c.passes == PassScheme::one_pass_last_block && !s.device_scope_acq_rel)
    return "last-block detection needs OpenCL 2.x acquire/release fences and atomics at device "
           "scope, which the device does not report (" +
           s.memory_model + ")";
  return std::nullopt;
}

std::string cl_std_option(const ReduceConfig& c, Precision p, const DeviceSupport& s) {
  const bool needs_2x =
      c.passes == PassScheme::one_pass_last_block ||
      (c.passes == PassScheme::one_pass_atomic && atomic_add_of(p, s) == AtomicAdd::float_ext) ||
      (c.shape.block == BlockReduce::sub_group && at_least(s, 2, 0));
  if (!needs_2x) return "";
  return at_least(s, 3, 0) ? "-cl-std=CL3.0" : "-cl-std=CL2.0";
}

std::string reduce_description(const ReduceConfig& c, Precision p, const DeviceSupport& s) {
  std::string text = c.shape.block == BlockReduce::local_tree
                         ? "work-group sum by a log-step tree in local memory"
                         : "work-group sum by sub_group_reduce_add";
  switch (c.passes) {
    case PassScheme::two_pass:
      return text + "; partials in global memory, summed by a second launch of one work-group";
    case PassScheme::one_pass_atomic:
      return text + "; each group's sum added to the result with " +
             std::string(to_string(atomic_add_of(p, s)));
    case PassScheme::one_pass_last_block:
      return text +
             "; partials in global memory, a release fence and a device-scope ticket "
             "(atomic_fetch_add_explicit); the group drawing the last ticket sums them after an "
             "acquire fence";
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
  plan.full_tiles = n / plan.tile;
  plan.groups = std::clamp<std::size_t>(plan.full_tiles, 1,
                                        static_cast<std::size_t>(compute_units) * kGroupsPerUnit);
  plan.partials = c.passes == PassScheme::one_pass_atomic ? 0 : plan.groups;
  return plan;
}

std::vector<ReduceConfig> reduce_ladder() {
  return {
      {.shape = kDefaultShape},
      {.shape = {.block = BlockReduce::sub_group}},
      {.shape = {.load = BlockLoad::blocked}},
      {.shape = {.width = LoadWidth::element, .loads = 16}},
      {.shape = {.load = BlockLoad::blocked, .width = LoadWidth::element, .loads = 16}},
      {.shape = kDefaultShape, .passes = PassScheme::one_pass_atomic},
      {.shape = kDefaultShape, .passes = PassScheme::one_pass_last_block},
  };
}

std::vector<ReduceConfig> reduce_sweep() {
  std::vector<ReduceConfig> sweep;
  for (int group : kSweepGroups)
    for (int loads : kSweepLoads) {
      ReduceShape s = kDefaultShape;
      s.loads = loads;
      sweep.push_back({.shape = s, .group = group});
    }
  return sweep;
}

}  // namespace kernels::opencl
