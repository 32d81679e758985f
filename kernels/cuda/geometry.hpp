#pragma once
// A launch configuration of a grid-stride kernel: blocks per SM × SMs blocks of `threads` threads,
// each thread moving `vector_bytes` per load or store.
#include <string>

namespace kernels::cuda {

struct Geometry {
  int sms = 1;
  int blocks_per_sm = 8;
  int threads = 256;      // per block
  int vector_bytes = 16;  // 4, 8 or 16

  int blocks() const { return sms * blocks_per_sm; }
};

// "16 B vectors, 256 threads x 8 blocks/SM"
std::string describe(const Geometry& g);

// Throws roofline::InputError for a vector width other than 4, 8 or 16 bytes or narrower than
// an element, or a block or grid size below 1.
void check_geometry(const Geometry& g, int element_bytes);

}  // namespace kernels::cuda
