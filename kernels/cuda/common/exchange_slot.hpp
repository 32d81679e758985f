#pragma once
// Where warp_exchange.cuh keeps a warp's 16-byte vector v in its shared slice, in a header the
// host test (tests/cuda/scan_plan_test.cpp) checks too.
//
// Banks. A warp's 16-byte shared accesses are served a quarter-warp (8 lanes, 128 bytes) at a
// time, conflict-free when those 8 lanes hit 8 different 16-byte bank groups (slot mod 8). Striped
// lanes 8k … 8k + 7 use 8 consecutive vectors; blocked lanes use vectors Loads apart. With
// Loads = 2^a · m (m odd, a at most 3), the 8 blocked lanes fall into 8 / 2^a groups, 2^a lanes
// in each; lanes of one group lie 8 · m vectors apart, so their v / 8 are m apart. Vector v is
// therefore kept in slot v ^ ((v / 8 / m) mod 2^a): the XOR changes only the low a bits (a
// permutation of each 8 slots), is one constant within any striped quarter-warp (they share v / 8),
// and gives the 2^a blocked lanes of a group 2^a consecutive keys, so the 8 lanes hit 8 groups for
// any Loads (v ^ ((v / 8) mod Loads) for 2, 4 or 8; none needed for odd Loads).
#include "kernels/cuda/last_block.hpp"

namespace kernels::cuda {

template <int Loads>
ROOFLAB_HOST_DEVICE constexpr unsigned exchange_slot(unsigned v) {
  static_assert(Loads >= 1, "at least one vector per thread");
  constexpr int kPow = Loads % 8 == 0 ? 3 : Loads % 4 == 0 ? 2 : Loads % 2 == 0 ? 1 : 0;
  constexpr unsigned kOdd = Loads >> kPow;
  return v ^ ((v / 8 / kOdd) % (1u << kPow));
}

}  // namespace kernels::cuda
