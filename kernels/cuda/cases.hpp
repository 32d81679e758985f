#pragma once
// The CUDA backend's rows of the kernel suite (`rooflab run -d cuda:N`), its memory facts and the
// launches its rows use.
#include <memory>
#include <string>
#include <vector>

#include "kernels/cuda/geometry.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/stream.hpp"
#include "kernels/suite.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/work.hpp"

namespace kernels::cuda {

// Every variant row of every family on CUDA, in the order a run times them.
std::vector<Variant> variants(const roofline::Device& device);

// DRAM from the L2 (gpu_dram_smallest, like the probe's DRAM ceilings: with 256 MiB on an H200 the
// nested SAXPY at m = 1 ran 2% slower than with 1 GiB), at most half the free device memory; a
// case's arrays must fit in the free memory (cudaMemGetInfo of the current device).
MemoryFacts memory_facts(const roofline::Device& device);

// The cases a run asks for (kernels::make_cases over the rows above) on the device
// (facts["ordinal"] is its CUDA ordinal, made current here).
std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options);

// The launch of the run's stream kernel `op` over arrays of `array_bytes`, 16-byte vectors in
// 256-thread blocks:
// - operations that store: one vector per thread in a grid that covers the array. On an H200
//   this was the fastest launch at DRAM sizes (write 4.60 TB/s; in 32 blocks per SM with 4
//   vectors per thread 4.24; 2026-11-21);
// - read and dot: the blocks of full occupancy with 4 vectors per thread in flight, each thread
//   striding over the whole array, so that every block sums once (a block per 4 KiB, as the
//   covering grid gives, read 3.5 TB/s).
Geometry run_geometry(const roofline::Device& device, StreamOp op, double array_bytes);

// The nested SAXPY's launch at depth m over n elements per array, 4 vectors per thread:
// - a grid that covers the arrays while its AI lies below twice the ridge of the theoretical
//   peaks (memory-bound: on an H200, m = 1 moved 4.31 TB/s so, 4.11 in 32 blocks per SM);
// - from there up, one wave of half occupancy (1024 threads per SM with 16 independent FMA
//   chains each, no last wave's tail): m = 1024 on an H100 0.937 of its roof so, 0.859 in waves.
// Near the ridge the covering grid keeps more loads in flight: on an H100 (docs/performance.md,
// 2026-11-26, 13 launches timed with Thrust) it ran fp32 m = 64 (0.53 of the ridge) 1.13× and fp64
// m = 128 (1.07) 1.06× faster than the wave, which had put them at 0.85× and 1.00× Thrust. At the
// ridge the wave would also take fp32 m = 128 (3.7% faster there), but fp64 m = 128 with it.
Geometry nested_saxpy_geometry(const roofline::Device& device, roofline::Precision p, int m,
                               std::size_t n);

// The nested SAXPY's one wave of half occupancy (the launch above from twice the ridge): offered
// on its own at the depths where the rule covers the arrays, since near the ridge the faster of
// the two depends on the precision (fp32 m = 128 above, 0.799 of its roof on an H100 at 64M in the
// covering grid, docs/performance.md 2026-11-27).
Geometry nested_saxpy_one_wave(const roofline::Device& device, roofline::Precision p, int m);

// The tile of l2_prefetch_tiles at depth m (the two shapes of nested_saxpy.hpp): below the ridge of
// the theoretical peaks Thrust's, one-lane accesses (nested_saxpy_l2_lanes: fp32 m = 1 to 64 in
// 0.2619–0.2626 ms, where the vectors took 0.2709–0.2748); from the ridge up 16-byte vectors
// (kNestedSaxpyL2Vectors: fp32 m = 128 in 0.2970 ms against the lanes' 0.3518). H100, 64M elements,
// docs/performance.md 2026-11-27.
NestedSaxpyBulkTile nested_saxpy_l2_tile(const roofline::Device& device, roofline::Precision p,
                                         int m);

}  // namespace kernels::cuda
