#pragma once
// The reduce family on an NVIDIA GPU (definition in kernels/reduce.hpp): every variant is one
// kernel template whose parameters are the steps of the ladder (CUDA Handbook ch. 12, CUB's
// design space): how a thread loads its items, how the block combines its threads' sums, and how
// the blocks' sums become one (the pass scheme). This header is the GPU-free part: the
// parameters, the names derived from them, the ladder and the sweep, and the launch planning.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/cuda/common/block_reduce_algorithm.hpp"
#include "kernels/reduce.hpp"

namespace kernels::cuda {

using kernels::BlockLoad;
using kernels::Bounds;
using kernels::LoadWidth;
using kernels::PassScheme;
using kernels::ReduceOp;

// How a block combines its threads' sums: the ladder's steps are the common block reduces.
using BlockReduce = BlockReduceAlgorithm;

std::string_view to_string(BlockReduce b);

// What a kernel is compiled for. Every shape the variants use is instantiated (reduce.cu builds
// its table from kLadderShapes and kSweepShapes); others are refused.
struct ReduceShape {
  BlockLoad load = BlockLoad::striped;
  LoadWidth width = LoadWidth::vec16;
  int loads = 4;  // loads per thread and tile (a power of two), all issued before any is added
  BlockReduce block = BlockReduce::warp_shfl;
  Bounds bounds = Bounds::unchecked;

  friend constexpr bool operator==(const ReduceShape&, const ReduceShape&) = default;
};

// CUB's sm_90 policy for a 4-byte sum (cub/device/dispatch/tuning/tuning_reduce.cuh, CCCL 3.0):
// 16 items per thread in float4 loads, striped, 256 threads, warp reductions. The ladder's
// steps change one parameter of it at a time.
inline constexpr ReduceShape kDefaultShape{};
inline constexpr int kDefaultThreads = 256;

// Shapes of the ladder, compiled for every element type and operation (warp_redux for int32):
// every block reduce, then the loads' layouts, widths and bounds checks.
inline constexpr ReduceShape kLadderShapes[] = {
    {.block = BlockReduce::gmem_tree},
    {.block = BlockReduce::smem_tree},
    {.block = BlockReduce::smem_tree_shfl},
    {.block = BlockReduce::raking},
    {.block = BlockReduce::warp_shfl},
    {.block = BlockReduce::warp_cg},
    {.block = BlockReduce::warp_redux},
    {.load = BlockLoad::blocked, .width = LoadWidth::vec16, .loads = 4},
    {.load = BlockLoad::striped, .width = LoadWidth::element, .loads = 16},
    {.load = BlockLoad::blocked, .width = LoadWidth::element, .loads = 16},
    {.bounds = Bounds::checked},
};

// The heat map's shapes (kReduceSweepLoads) that are not in kLadderShapes (its 4 loads of 4
// floats are the default), compiled for the fp32 sum only (the heat map's panel).
inline constexpr auto kSweepShapes = [] {
  std::array<ReduceShape, std::size(kReduceSweepLoads) - 1> shapes{};
  std::size_t i = 0;
  for (const SweepLoads& l : kReduceSweepLoads)
    if (ReduceShape s{.width = l.width, .loads = l.loads}; s != kDefaultShape) shapes[i++] = s;
  return shapes;
}();

struct ReduceConfig {
  ReduceOp op = ReduceOp::sum;
  ReduceShape shape;
  PassScheme passes = PassScheme::two_pass;
  int threads = kDefaultThreads;  // per block; a power of two in 32..1024
  int blocks_per_sm = 0;          // the grid's cap: 0 for kSubscription waves of resident blocks

  friend constexpr bool operator==(const ReduceConfig&, const ReduceConfig&) = default;
};

// Elements per load of an element type of `element_bytes` bytes.
constexpr int vector_elements(LoadWidth w, int element_bytes) {
  return w == LoadWidth::vec16 ? 16 / element_bytes : 1;
}

// True when reduce.cu has a kernel for the shape, element type and operation.
bool shape_compiled(const ReduceShape& s, roofline::Precision p, ReduceOp op);

// Throws roofline::InputError naming the bad value: threads not a power of two in 32..1024, loads
// per thread not a power of two, warp_redux for a floating-point type, a negative grid cap, a
// shape with no compiled kernel.
void check_config(const ReduceConfig& c, roofline::Precision p);

// The variant's name, from its parameters: "two_pass_warp_shfl_striped_v16_256x4",
// "one_pass_last_block_warp_shfl_striped_v16_256x4", "two_pass_smem_tree_blocked_e_256x16"
// (pass scheme, block reduce, load, width (v16 or e: one element), threads × loads), then
// "_checked" for checked loads and "_16_per_sm" for a grid capped at 16 blocks per SM.
std::string reduce_variant_name(const ReduceConfig& c);

// The launch of one reduction over n elements.
struct ReducePlan {
  std::size_t tile = 0;        // elements a block consumes per step: threads × loads × vector
  std::size_t full_tiles = 0;  // n / tile; the n % tile elements after them run element-wise
  int blocks = 1;              // first pass: min(full tiles, max_blocks), at least 1
  int shared_bytes = 0;        // dynamic shared memory per block
  std::size_t partials = 0;    // device values the blocks write (two_pass, one_pass_last_block)
  std::size_t scratch = 0;     // gmem_tree's device scratch: threads values per block
};

// CUB's subscription: a grid of at most 5 waves of resident blocks, each block striding over
// tiles (CUB_SUBSCRIPTION_FACTOR, cub/util_arch.cuh; GridEvenShare's strip-mine mapping).
inline constexpr int kSubscription = 5;

// The most blocks the config launches on `sms` SMs that each hold `resident` of its blocks:
// resident × sms × kSubscription, or blocks_per_sm × sms.
int max_blocks(const ReduceConfig& c, int resident, int sms);

// The plan for n elements of precision p when at most `max_blocks` blocks are launched. Throws
// roofline::InputError for a bad config (check_config's rules) or max_blocks below 1. With
// checked loads, every tile (the last one partial) is a full tile of the plan.
ReducePlan plan_reduce(const ReduceConfig& c, roofline::Precision p, std::size_t n, int max_blocks);

// Dynamic shared memory of a block reduce with `threads` threads and `value_bytes`-byte values:
// one value per thread for the shared-memory trees, one more per warp for raking, one per warp
// for the warp reduces, none for gmem_tree.
int block_shared_bytes(BlockReduce b, int threads, int value_bytes);

// The ladder (op set per case): every shape of kLadderShapes with two passes, every block reduce
// with one atomic pass too, and last-block detection at the default shape. warp_redux runs for
// int32 only.
std::vector<ReduceConfig> reduce_ladder();

// The sweep: kReduceSweepThreads × kReduceSweepLoads, two passes, fp32 sum.
std::vector<ReduceConfig> reduce_sweep();

// The grid sweep: the default config capped at each of kReduceGridPerUnit blocks per SM, beside
// the default of kSubscription waves of resident blocks (40 per SM at 256 threads).
std::vector<ReduceConfig> reduce_grid_sweep();

// The element types a config runs: fp32, fp64 and int32; int32 only for warp_redux.
std::vector<roofline::Precision> reduce_precisions(const ReduceConfig& c);

}  // namespace kernels::cuda
