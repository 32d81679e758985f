#pragma once
// The GPU bandwidth probe: for read, write, copy, triad and daxpy (fp32 arrays), a search of the
// launch geometry inside the L2 and in DRAM, then a working-set sweep from a few KiB to twice the
// smallest DRAM working set, each size with its side's launch, whose plateaus become the L2 and
// DRAM ceilings (probes/levels).
#include <array>
#include <functional>
#include <string>
#include <vector>

#include "kernels/cuda/geometry.hpp"
#include "kernels/cuda/stream_cases.hpp"
#include "kernels/stream.hpp"
#include "roofline/backend.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace probes::cuda {

// daxpy (in place, the nested SAXPY's traffic) moved the most bytes inside the L2 of an H200:
// 10.7 TB/s, triad 10.4, read 8.6 (2026-11-21).
inline constexpr std::array kBandwidthOps = {kernels::StreamOp::read, kernels::StreamOp::write,
                                             kernels::StreamOp::copy, kernels::StreamOp::triad,
                                             kernels::StreamOp::daxpy};

// What the sweep's launches depend on besides the geometry.
struct SweepDevice {
  double l2_bytes = 0;
  int max_threads_per_sm = 2048;
};

// Elements per array for a working set of `bytes` over all the op's arrays (fp32), the geometry
// with its blocks per SM cut to what one pass has work for, and the repeats that make a timed run
// move at least 8 GiB (at most 2^16 repeats): passes inside one launch when the working set fits in
// the L2 or the grid is resident at once, else launches back to back. (A grid that runs in waves
// makes every pass of a block over its own part before the next block starts: repeated passes of a
// working set larger than the L2 would come from the L2.)
kernels::cuda::StreamConfig bandwidth_config(kernels::StreamOp op,
                                             const kernels::cuda::Geometry& geometry, double bytes,
                                             const SweepDevice& device, std::size_t& n);

// The read's slices launch (kernels/cuda/stream.hpp): 256 threads, 4 loads of 16 B in flight,
// slices of 64 rows (256 KiB). The probe times it beside the searched grid stride at the L2
// search's working set and, where it is faster, runs it for the read's L2 working sets from there
// up; below, a slice's readers overlap in time and the L2's request coalescer answers a share of
// the sectors that grows as the set shrinks. H200, 2026-11-30 (data/recorded/h200/l2-slices/):
// 9.83 TB/s at 15 MiB, where the searched grid stride read 8.52 and gpu-l2-cache 9.71 in the same
// call, and 9.61 at 30 MiB (gpu-l2-cache 9.57); 97.0% of its sectors L2 lookups and 3.0%
// coalesced, against gpu-l2-cache's 98.5% and 1.1% (the grid stride: every sector a lookup).
kernels::cuda::Geometry slices_geometry(int sms);

// The searched geometries, in order, with 4 vectors per thread: vector width (4, 8, 16 B) at 256
// threads and full occupancy, then threads per block (128 … 1024) at full occupancy with the best
// width, then blocks per SM (¼ … 64× full occupancy: a grid larger than the resident blocks runs
// in waves, and a grid that covers the array) with the best block size, then the covering grid
// with one vector per thread at every block size, in the best width and in 16 B; last, the best
// with one vector per thread. Each
// step keeps the best median so far; `measure` returns the median bytes/s of a geometry (0 when it
// failed).
struct GeometrySearch {
  kernels::cuda::Geometry best;
  double best_bytes_per_s = 0;
  int tried = 0;
};
// The most geometries one search tries (its steps' candidates summed: 3 widths, 4 block sizes,
// 7 occupancies, 8 covering grids, the best's covering grid, the best with one item), which the
// time budget plans for before the search and gives back what it did not try.
inline constexpr int kMostSearchedGeometries = 3 + 4 + 7 + 8 + 1 + 1;
GeometrySearch search_geometry(
    int sms, int max_threads_per_sm,
    const std::function<double(const kernels::cuda::Geometry&)>& measure);

// Working sets of the sweep: 2 (quick) or 4 (full) points per octave from 4 KiB, plus ¼, ½, 1, 2,
// 4, 8 and 16 × the L2, ascending, up to twice kernels::gpu_dram_smallest (or max_working_set
// when set), and never beyond half of `free_bytes`, the device memory free for the probe.
std::vector<double> sweep_working_sets(double l2_bytes, bool quick, double max_working_set,
                                       double free_bytes);

// The points the ceilings come from: inside the L2, or at least gpu_dram_smallest (the DRAM
// working sets of kernels/gpu_dram.hpp). The others stay in
// the sweep (and its chart) as the transition between the levels. A sweep that stops short of
// gpu_dram_smallest (max_working_set, or a small device) is kept whole.
std::vector<roofline::SweepPoint> ceiling_points(const std::vector<roofline::SweepPoint>& sweep,
                                                 double l2_bytes);

// The verified results as sweep points of their kernel, every sample in bytes/s.
std::vector<roofline::SweepPoint> sweep_points(const std::vector<roofline::Result>& results,
                                               int sms);

}  // namespace probes::cuda
