#pragma once
// Local-memory bandwidth: every work-item reads a work-group's tile in local memory
// (local_bandwidth.cl); every sum is a known exact value.
#include <cstddef>
#include <memory>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::opencl {

struct LocalBandwidthConfig {
  int width = 4;                        // floats per read
  std::size_t group = 256, groups = 1;  // work-group size and count
  int tile = 1024;                      // vectors in the tile (a power of two ≥ 8)
  int reads = 4096;                     // per work-item per call (a multiple of 8)
};

// Bytes read from local memory per call: groups × group × reads × width × 4.
roofline::Work local_bandwidth_work(const LocalBandwidthConfig& config);

std::unique_ptr<roofline::Case> make_local_bandwidth_case(
    const LocalBandwidthConfig& config, const roofline::Device& device,
    std::shared_ptr<kernels::opencl::Runtime> runtime);

// Widths 1 and 4 (full: 1, 2, 4, 8), tiles that fit half of CL_DEVICE_LOCAL_MEM_SIZE.
std::vector<LocalBandwidthConfig> local_bandwidth_configs(const roofline::Device& device,
                                                          const kernels::opencl::Runtime& runtime,
                                                          bool quick);

}  // namespace probes::opencl
