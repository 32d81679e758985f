#pragma once
// The OpenCL cases of the stream operations: the `stream` family and the bandwidth probe's points.
#include <cstddef>
#include <memory>

#include "kernels/opencl/runtime.hpp"
#include "kernels/stream.hpp"
#include "roofline/case.hpp"

namespace kernels::opencl {

// How a stream kernel is launched: W elements per work-item as one vector, work-groups of
// `group` work-items (a power of two), each work-group a block of vectors (stream.cl).
// Strided, the GPU way: work-item l takes the vectors l, l + group, … of its block, neighbours
// loading neighbours; element-wise operations one vector per work-item, reductions `items`.
// Blocked, the CPU way: every work-item takes `items` consecutive vectors. PoCL runs a
// work-group's work-items one after the other on one thread, paying for each: on a 2-core EPYC,
// in DRAM, runs of 64–1024 vectors per work-item read at 18–22 GB/s where 16 strided ones read
// at 10–12, and their triad reached 24–30 GB/s against 21 with one vector each.
// Grid stride (groups_per_unit > 0), CUDA's grid_stride_v16 shape: groups_per_unit work-groups per
// compute unit (at most those that cover the arrays), each work-item striding over the whole
// arrays a grid apart.
struct StreamLaunch {
  int width = 1;
  std::size_t group = 256;
  unsigned items = 16;
  bool blocked = false;
  unsigned groups_per_unit = 0;  // 0: a grid of blocks that covers the arrays
  // Passes over the arrays per launch (stream.cl): a cache-resident working set needs many for a
  // launch to last long enough to time. Verification makes one.
  unsigned passes = 1;
  // Each line read once a pass by one work-group, loads not through L1 (stream.cl's L2_ONLY): the
  // GPU probe's launches inside the L2.
  bool l2_only = false;
  // The vectors a work-item of an element-wise kernel loads (a step apart) before it stores the
  // first, CUDA's Items (reductions store nothing until the end); and, L2 only, loads by inline
  // PTX ld.global.cg, CUDA's weak L2-only load, in place of volatile ones (NVIDIA's OpenCL only:
  // stream.cl).
  unsigned batch = 1;
  bool cg_loads = false;
};

// The vectors each work-item of `op` takes: `items`, but one for a strided element-wise operation
// and, in a grid stride, what reaches the end of n elements on `units` compute units.
unsigned items_per_work_item(StreamOp op, const StreamLaunch& launch, std::size_t n, int units);

// The work-groups of the launch over n elements on `units` compute units.
std::size_t stream_groups(StreamOp op, const StreamLaunch& launch, std::size_t n, int units);

// "strided", "blocked" or "grid_stride": the launch's layout, as results record it.
std::string layout_name(const StreamLaunch& launch);

// "w4_wg256", "w8_wg64_blocked", "w4_wg256_grid8", "w4_wg128_grid4_b4_cg": the launch as a name
// part.
std::string launch_name(const StreamLaunch& launch);

// The blocked launch of n elements on a device of `units` compute units: kBlockedMostItems vectors
// per work-item, fewer where a compute unit would get less than kBlockedGroupsPerUnit work-groups.
inline constexpr std::size_t kBlockedMostItems = 256, kBlockedGroupsPerUnit = 4;
StreamLaunch blocked_launch(int width, std::size_t group, std::size_t n, int units);

// A case running `op` launch.passes times per run() over n elements of precision p (fp32, or fp64
// where the device has cl_khr_fp64), verified on the host against kernels/stream.hpp's references;
// `info` names it and declares its work. Throws roofline::InputError for passes below 1, a batch
// below 1, a launch both blocked and grid-strided, or ld.global.cg loads where the device is not
// NVIDIA's (sm_70 on) or the launch not L2 only.
std::unique_ptr<roofline::Case> make_stream_case(roofline::CaseInfo info,
                                                 std::shared_ptr<Runtime> runtime, StreamOp op,
                                                 roofline::Precision p, std::size_t n,
                                                 const StreamLaunch& launch);

}  // namespace kernels::opencl
