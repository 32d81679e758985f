#pragma once
// The decoupled look-back's tile descriptors, shared by the kernel (scan_lookback.cuh) and the
// host test that checks their rules (tests/cuda/scan_plan_test.cpp).
//
// Each tile's descriptor says what the tile has published: nothing yet, its aggregate (the sum
// of its own elements) or its inclusive prefix (the sum of every element up to its end). A
// descriptor also carries the launch that wrote it, its epoch: a reader takes any other epoch's
// word for "nothing yet". So the descriptors need no reset between launches, and a launch costs
// one kernel rather than a memset of the descriptors and the kernel (CUB's scan runs an init
// kernel before each). The epoch counts launches from 1 to 2^30 − 1; when it wraps, the host
// clears the descriptors once (a memset enqueued before that launch). The tile ticket needs no
// reset either: it is drawn with atomicInc(&counter, tiles − 1), which wraps the counter to 0 on
// the last draw (last_block.hpp's rule).
//
// 4-byte values: status and value in one 64-bit word, (tag << 32) | value bits, stored and loaded
// relaxed at device scope: the word is single-copy atomic, so a reader sees a status with its own
// value. 8-byte values (double): two 64-bit words, the tag then the value bits, 16-byte aligned,
// stored and loaded relaxed as one 128-bit access (ld/st .b128), with the same guarantee.
#include <cstdint>

#include "kernels/cuda/last_block.hpp"

namespace kernels::cuda {

// The look-back's waits, in ns (__nanosleep): after publishing the tile's aggregate, before the
// first read of its predecessors' descriptors (CUB's fixed delay constructor waits an "L2 write
// latency" there: 1140-1245 ns in its sm_90 scan tunings), and between polls of a window that is
// not ready, doubling from first_poll up to last_poll.
struct LookbackDelays {
  unsigned before_first_read;
  unsigned first_poll;
  unsigned last_poll;

  friend constexpr bool operator==(const LookbackDelays&, const LookbackDelays&) = default;
};
// H200, 2^28 inclusive, 128 × 8, tests/cuda/scan_gpu_test.cpp's speed test, 2026-11-25
// (docs/performance.md): {0, 32, 512} (no first wait, fast polls) moved 0.93 × CUB in int32 and
// fp32, 0.95 × in fp64; {500, 64, 512} 0.97-0.98 ×; {800, 650, 650} 0.99-1.01 ×; {1200, 650, 650},
// {1200, 400, 400}, {1200, 1000, 1000}, {1200, 200, 1600}, {2000, 650, 650} and this one
// 1.04-1.06 × in every type. Early polls of descriptors not yet written cost more than they save:
// a plateau from 1200 to 2000 ns before the first read, this one in its middle. H100, the same
// test, 2026-11-26: {0, 32, 512} 0.96 × / 0.96 × / 0.98 ×, {1200, 650, 650} 1.05 × / 1.05 × /
// 1.04 ×, this one 1.07 × / 1.06 × / 1.04 × (int32 / fp32 / fp64).
inline constexpr LookbackDelays kLookbackDelays{1500, 800, 800};

// 64-bit words per tile descriptor for values of type A.
template <class A>
inline constexpr int kDescriptorWords = sizeof(A) == 4 ? 1 : 2;

enum class TileStatus : unsigned {
  invalid = 0,    // nothing published in this launch
  aggregate = 1,  // the tile's own sum
  inclusive = 2,  // the sum of every element up to the tile's end
};

inline constexpr unsigned kEpochLimit = 1u << 30;  // epochs are 1 … kEpochLimit − 1

// The tag of a descriptor written in `epoch` with status s.
ROOFLAB_HOST_DEVICE constexpr unsigned tile_tag(unsigned epoch, TileStatus s) {
  return epoch << 2 | static_cast<unsigned>(s);
}

// What a descriptor tagged `tag` says to a reader in `epoch`.
ROOFLAB_HOST_DEVICE constexpr TileStatus tile_status(unsigned tag, unsigned epoch) {
  return (tag >> 2) == epoch ? static_cast<TileStatus>(tag & 3u) : TileStatus::invalid;
}

// A 4-byte value's descriptor word, and its parts.
ROOFLAB_HOST_DEVICE constexpr std::uint64_t tile_word(unsigned tag, std::uint32_t bits) {
  return std::uint64_t{tag} << 32 | bits;
}
ROOFLAB_HOST_DEVICE constexpr unsigned word_tag(std::uint64_t word) {
  return static_cast<unsigned>(word >> 32);
}
ROOFLAB_HOST_DEVICE constexpr std::uint32_t word_bits(std::uint64_t word) {
  return static_cast<std::uint32_t>(word);
}

// The ticket limit of the prefetch schedule (scan_plan.hpp): a grid of `blocks` blocks each draws
// tickets until one is past the last tile, tiles + blocks draws in all, so atomicInc with this
// limit leaves the counter at 0 after the last draw. (One tile per block: ticket_limit(tiles).)
ROOFLAB_HOST_DEVICE constexpr unsigned prefetch_ticket_limit(unsigned tiles, unsigned blocks) {
  return tiles + blocks - 1u;
}

// The epoch of the launch after one in `epoch` (0: none yet); 1 again after the last, when the
// descriptors must be cleared first.
ROOFLAB_HOST_DEVICE constexpr unsigned next_epoch(unsigned epoch) {
  return epoch + 1 < kEpochLimit ? epoch + 1 : 1u;
}

// The lanes of a look-back window that count: lane i reads the tile i + 1 before the reader's;
// with `inclusive` the ballot of lanes that read an inclusive prefix, the lanes up to the
// nearest of them (its prefix ends the sum); without one, all 32 (their aggregates are summed
// and the window moves back 32 tiles).
ROOFLAB_HOST_DEVICE constexpr unsigned window_lanes(unsigned inclusive) {
  return inclusive ? inclusive ^ (inclusive - 1) : 0xffffffffu;
}

}  // namespace kernels::cuda
