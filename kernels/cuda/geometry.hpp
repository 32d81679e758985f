#pragma once
// A launch configuration of a grid-stride kernel: blocks per SM × SMs blocks of `threads` threads,
// each thread moving `items` vectors of `vector_bytes` per grid-stride step. The stream read has a
// second launch, slices (slice_rows > 0, kernels/cuda/stream.hpp), whose grid follows from the
// array instead.
#include <initializer_list>
#include <string>

namespace kernels::cuda {

struct Geometry {
  int sms = 1;
  int blocks_per_sm = 8;
  int threads = 256;      // per block
  int vector_bytes = 16;  // 4, 8 or 16
  int items = 4;          // vectors per thread per step, all loaded before the first is used
  int slice_rows = 0;     // the read's slices launch: rows of `threads` vectors per slice (0: none)

  int blocks() const { return sms * blocks_per_sm; }
};

// `g` with the blocks per SM that give every thread one step over `bytes` (at least one block
// per SM): a grid that covers the array, as BabelStream launches.
Geometry covering(Geometry g, double bytes);

// "16 B vectors x 4, 256 threads x 8 blocks/SM"
std::string describe(const Geometry& g);

// Throws roofline::InputError for a vector width other than 4, 8 or 16 bytes or narrower than
// an element, a block or grid size below 1, or items per thread that are not among the kernel's
// compiled `items`.
void check_geometry(const Geometry& g, int element_bytes, std::initializer_list<int> items);

}  // namespace kernels::cuda
