#pragma once
// Hand-made results for the report tests and bench_report: a two-core CPU with known ceilings and
// nested-SAXPY-like points whose placement is computed by the model.
#include "roofline/results.hpp"

namespace reports::samples {

// Ceilings with 1 and 2 threads: compute fp64 scalar / fp64 vec256 / fp32 vec256 (2 threads: 8, 64
// and 128 GFLOP/s), memory L1 / L2 / DRAM (2 threads: 400, 200, 20 GB/s); caches L1 32 KiB × 2,
// L2 512 KiB × 2, L3 32 MiB × 1; a read sweep with 1 and 2 threads.
roofline::Device sample_device();

struct SampleCounts {
  int verified = 4;  // points m = 1, 2, 4, … alternating fp32 / fp64; the second one unstable
  int failed = 1;    // failed verification; its message has a comma, quotes and <&>
  int flopless = 1;  // a verified copy with no FLOPs (table only)
};

roofline::Results sample_results(const SampleCounts& counts = {});

}  // namespace reports::samples
