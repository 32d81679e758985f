#pragma once
// The kernel cases the CUDA backend runs: families, variants and the sizes they use.
#include <memory>
#include <string>
#include <vector>

#include "kernels/cuda/geometry.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/work.hpp"

namespace kernels::cuda {

std::vector<std::string> families();          // "nested_saxpy", "reduce", "stream"
std::vector<std::string> default_families();  // run when none is named: nested_saxpy, stream

// Cases of the requested families (the default families when none is named) and variants on the
// device (facts["ordinal"] is its CUDA ordinal, made current here). Throws roofline::InputError for
// an unknown family or variant, a size that is not positive, or arrays larger than the device's
// free memory (cudaMemGetInfo), before anything is allocated.
std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options);

// The launch of the grid-stride kernels in the run: 16-byte vectors, 4 per thread in flight,
// 256-thread blocks, 4× as many as an SM holds at once, so they run in waves: on an H100 the
// bandwidth probe's search chose 4× full occupancy, its largest grid then, for read, write, copy
// and triad at 800 MiB (2026-11-21).
Geometry run_geometry(const roofline::Device& device);

// The nested SAXPY's launch at depth m: run_geometry while its AI lies below the ridge of the
// theoretical peaks (memory-bound: waves of blocks keep more bytes in flight), otherwise one wave
// of half occupancy, 1024 threads per SM with 16 independent FMA chains each and no last wave's
// tail. H100, 2026-11-21 (docs/performance.md): fp32 m = 1024 reached 0.937 of its roof in one
// wave and 0.859 in waves; m ≤ 32 reached 0.85–0.87 in one wave and 0.88–0.90 in waves.
Geometry nested_saxpy_geometry(const roofline::Device& device, roofline::Precision p, int m);

}  // namespace kernels::cuda
