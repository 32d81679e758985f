#pragma once
// The smallest working set in a GPU's DRAM, for both GPU backends: the CUDA probe's DRAM ceilings
// and every GPU run's DRAM-sized cases alike.
#include <algorithm>

namespace kernels {

// At least 8× the L2 and at least 2 GiB. Hopper's L2 keeps part of a working set several times its
// size (on an H100, copy ran 18% faster at 4× the L2 than at 5×), and smaller launches still lose
// to their start and end: on an H200, write pooled 4.53 TB/s over 480–960 MiB and reached 4.61 at
// 1 GiB (2026-11-21); triad ran 4.33 TB/s at 1 GiB and 4.36–4.38 from 2 to 6 GiB (2026-11-22). On
// an H100, NVIDIA's OpenCL ran its stream kernels in 16-byte vectors at 0.990–1.020 of CUDA's with
// 2^27 elements per array, 0.87–0.95 at its earlier default of 4× the L2 (docs/performance.md,
// 2026-11-26).
inline constexpr double kDramFromL2 = 8;
inline constexpr double kDramSmallestBytes = 2.0 * (1 << 30);
inline double gpu_dram_smallest(double l2_bytes) {
  return std::max(kDramFromL2 * l2_bytes, kDramSmallestBytes);
}

}  // namespace kernels
