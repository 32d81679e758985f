#pragma once
// The OpenCL cases of the stream operations: the `stream` family and the bandwidth probe's points.
#include <cstddef>
#include <memory>

#include "kernels/opencl/runtime.hpp"
#include "kernels/stream.hpp"
#include "roofline/case.hpp"

namespace kernels::opencl {

// How a stream kernel is launched: W elements per work-item as one vector, work-groups of
// `group` work-items (a power of two). Element-wise operations take one vector per work-item;
// reductions (read, dot) `items` vectors per work-item, a block per work-group (stream.cl).
struct StreamLaunch {
  int width = 1;
  std::size_t group = 256;
  unsigned items = 16;
  // Passes over the arrays per launch (stream.cl): a cache-resident working set needs many for a
  // launch to last long enough to time. Verification makes one.
  unsigned passes = 1;
};

// "w4_wg256": the launch as a name part.
std::string launch_name(const StreamLaunch& launch);

// A case running `op` launch.passes times per run() over n elements of precision p (fp32, or fp64
// where the device has cl_khr_fp64), verified on the host against kernels/stream.hpp's references;
// `info` names it and declares its work.
std::unique_ptr<roofline::Case> make_stream_case(roofline::CaseInfo info,
                                                 std::shared_ptr<Runtime> runtime, StreamOp op,
                                                 roofline::Precision p, std::size_t n,
                                                 const StreamLaunch& launch);

}  // namespace kernels::opencl
