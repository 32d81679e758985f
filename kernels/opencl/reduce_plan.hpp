#pragma once
// The reduce family on an OpenCL device (definition in kernels/reduce.hpp): the CUDA ladder's
// parameters (kernels/cuda/reduce_plan.hpp) where OpenCL C has them, every variant one kernel
// source (reduce.cl) built with the parameters as macros. This header is the device-free part:
// the parameters, the names derived from them, what a device must have for each, the ladder, the
// sweep and the launch planning.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/opencl/device_support.hpp"
#include "kernels/reduce.hpp"

namespace kernels::opencl {

using kernels::BlockLoad;
using kernels::Bounds;
using kernels::LoadWidth;
using kernels::PassScheme;
using kernels::ReduceOp;

// How a work-group combines its work-items' values; work-item 0 ends with the group's.
enum class BlockReduce {
  local_tree,  // log-step tree in local memory down to one value
  sub_group,   // sub_group_reduce_add (_max) in each sub-group, then in the first over theirs
  raking,      // to local memory; 32 work-items combine a segment each serially, then a tree
};

std::string_view to_string(BlockReduce b);

// How a one-pass-atomic variant combines a group's value into the result.
enum class AtomicAdd {
  native_int,    // atomic_add on uint, atomic_max on int (core OpenCL 1.1)
  float_ext,     // atomic_fetch_add_explicit on atomic_float/double (cl_ext_float_atomics)
  exchange_loop  // atomic_xchg of the value's bits: take it out, combine, put it back (reduce.cl)
};

std::string_view to_string(AtomicAdd a);

// A variant's parameters. Work-groups stride over tiles of group × loads × vector elements.
struct ReduceShape {
  BlockLoad load = BlockLoad::striped;
  LoadWidth width = LoadWidth::vec16;
  int loads = 4;  // loads per work-item and tile (a power of two), all issued before any is added
  BlockReduce block = BlockReduce::local_tree;
  Bounds bounds = Bounds::unchecked;

  friend constexpr bool operator==(const ReduceShape&, const ReduceShape&) = default;
};

inline constexpr ReduceShape kDefaultShape{};
inline constexpr int kDefaultGroup = 256;

struct ReduceConfig {
  ReduceOp op = ReduceOp::sum;
  ReduceShape shape = {};
  PassScheme passes = PassScheme::two_pass;
  int group = kDefaultGroup;  // work-items per work-group, a power of two
  int groups_per_unit = 0;    // the grid's cap: 0 for kGroupsPerUnit per compute unit

  friend constexpr bool operator==(const ReduceConfig&, const ReduceConfig&) = default;
};

// Elements per load for `element_bytes`-byte elements.
constexpr int vector_elements(LoadWidth w, int element_bytes) {
  return w == LoadWidth::vec16 ? 16 / element_bytes : 1;
}

// "two_pass_local_tree_striped_v16_256x4": pass scheme, block reduce, load, width (v16 or e),
// group × loads, then "_checked" and "_16_per_cu" where they apply, as on CUDA.
std::string reduce_variant_name(const ReduceConfig& c);

// Throws roofline::InputError naming the bad value: a precision other than fp32, fp64, int32, a
// group size that is not a power of two in 1..max_group, loads per work-item not a power of two,
// a negative grid cap.
void check_config(const ReduceConfig& c, roofline::Precision p, std::size_t max_group);

// Why the device cannot run the config in precision p; nullopt when it can.
std::optional<std::string> unsupported(const ReduceConfig& c, roofline::Precision p,
                                       const DeviceSupport& s);

// How the config's one-pass-atomic combines in precision p on the device (the best it has; no
// float extension has a maximum this takes).
AtomicAdd atomic_add_of(ReduceOp op, roofline::Precision p, const DeviceSupport& s);

// The -cl-std the config needs ("-cl-std=CL2.0", "-cl-std=CL3.0"), empty for OpenCL C 1.2.
std::string cl_std_option(const ReduceConfig& c, roofline::Precision p, const DeviceSupport& s);

// What the variant does, for its params: the block reduce and pass scheme in words, with the
// atomic it uses in precision p.
std::string reduce_description(const ReduceConfig& c, roofline::Precision p,
                               const DeviceSupport& s);

// The launch of one reduction over n elements.
struct ReducePlan {
  std::size_t tile = 0;        // elements a group consumes per step: group × loads × vector
  std::size_t full_tiles = 0;  // n / tile; the n % tile elements after them go one per work-item
  std::size_t groups = 1;      // first pass: min(full tiles, max_groups), at least 1
  std::size_t partials = 0;    // values the groups write (two_pass, one_pass_last_block)
};

// Work-groups per compute unit at most: four waves of eight resident 256-item groups on an SM of
// 2048 threads (H100, H200) as CUB's five waves of resident blocks do; a CPU device runs groups
// one after the other on its cores, which these balance.
inline constexpr int kGroupsPerUnit = 32;

// The plan for n elements of precision p on `compute_units` units (at most groups_per_unit, or
// kGroupsPerUnit, groups each). Throws roofline::InputError for a bad config (check_config) or
// compute_units below 1. With checked loads every tile, the last one partial, is a full tile.
ReducePlan plan_reduce(const ReduceConfig& c, roofline::Precision p, std::size_t n,
                       int compute_units, std::size_t max_group);

// The ladder (op set per case): the block reduces, the load algorithms, widths and bounds checks
// with two passes, every block reduce with one atomic pass, and last-block detection at the
// default shape.
std::vector<ReduceConfig> reduce_ladder();

// The sweep: group sizes 32..1024 × 1..64 items per work-item (one or two single floats, then 1
// to 16 loads of 4) at the default shape otherwise, two passes, fp32 sum (the heat map's panel).
std::vector<ReduceConfig> reduce_sweep();

// The grid sweep: the default config capped at 1, 4, 16, 64 and 256 groups per compute unit.
std::vector<ReduceConfig> reduce_grid_sweep();

// Work-group local memory the config's block reduce takes, in values.
std::size_t scratch_values(const ReduceConfig& c);

}  // namespace kernels::opencl
