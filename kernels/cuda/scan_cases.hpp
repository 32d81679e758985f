#pragma once
// The CUDA cases of the `scan` family: our kernels and CUB, each case one (variant, kind,
// element type, length). Inputs are filled on the device; a case verifies two consecutive
// launches over a poisoned output (the second shows that the look-back's descriptors and ticket
// are ready for the next launch without a reset) against kernels/scan's reference.
#include <cstddef>
#include <memory>

#include "kernels/cuda/scan_plan.hpp"
#include "kernels/host_input_cache.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

// Params: n, kind, algorithm, block_scan, threads_per_block, loads_per_thread (16-byte vectors),
// items_per_thread, tile, moves_per_element (the declared work's element moves: its
// algorithm_bytes over the element size), and "sweep" for the points of the look-back's
// threads × loads sweep. Throws roofline::InputError for a config check_config refuses. `cache`
// (may be null) keeps host inputs for the verifications of later cases.
std::unique_ptr<roofline::Case> make_scan_case(const roofline::Device& device,
                                               const ScanConfig& config, ScanKind kind,
                                               roofline::Precision p, std::size_t n, bool sweep,
                                               std::shared_ptr<HostInputCache> cache = {});

// CUB DeviceScan (variant "cub"; params n, kind, library and call), the baseline.
std::unique_ptr<roofline::Case> make_cub_scan_case(const roofline::Device& device, ScanKind kind,
                                                   roofline::Precision p, std::size_t n,
                                                   std::shared_ptr<HostInputCache> cache = {});

}  // namespace kernels::cuda
