#pragma once
// A launch configuration of a grid-stride kernel: blocks per SM × SMs blocks of `threads` threads,
// each thread moving `items` vectors of `vector_bytes` per grid-stride step.
#include <initializer_list>
#include <string>

namespace kernels::cuda {

struct Geometry {
  int sms = 1;
  int blocks_per_sm = 8;
  int threads = 256;      // per block
  int vector_bytes = 16;  // 4, 8 or 16
  int items = 4;          // vectors per thread per step, all loaded before the first is used

  int blocks() const { return sms * blocks_per_sm; }
};

// `g` with the blocks per SM that give every thread one step over `bytes` (at least one block
// per SM): a grid that covers the array, as BabelStream launches.
Geometry covering(Geometry g, double bytes);

// The smallest working set that is in DRAM, for the probe's DRAM ceilings and the run's cases
// alike: at least 8× the L2 and at least 2 GiB. Hopper's L2 keeps part of a working set several
// times its size (on an H100, copy ran 18% faster at 4× the L2 than at 5×), and smaller launches
// still lose to their start and end: on an H200, write pooled 4.53 TB/s over 480–960 MiB and
// reached 4.61 at 1 GiB (2026-11-21); triad ran 4.33 TB/s at 1 GiB and 4.36–4.38 from 2 to 6 GiB
// (2026-11-22).
inline constexpr double kDramFromL2 = 8;
inline constexpr double kDramSmallestBytes = 2.0 * (1 << 30);
double dram_smallest(double l2_bytes);

// "16 B vectors x 4, 256 threads x 8 blocks/SM"
std::string describe(const Geometry& g);

// Throws roofline::InputError for a vector width other than 4, 8 or 16 bytes or narrower than
// an element, a block or grid size below 1, or items per thread that are not among the kernel's
// compiled `items`.
void check_geometry(const Geometry& g, int element_bytes, std::initializer_list<int> items);

}  // namespace kernels::cuda
