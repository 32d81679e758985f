// The block reduction of one ISA level (see simd.hpp): the plain loop and the explicit-SIMD loop
// with K independent vector accumulators. One vector add or FMA has a latency of 3–4 cycles and
// 2 of them issue per cycle, so one accumulator uses an eighth of the adders; K = 8 covers
// latency × pipes. The accumulators walk contiguous segments of the block at once, up to
// kMaxStreams streams of addresses (a dot's segment is two, x and y): one stream alone is limited
// by the misses a core keeps in flight, and more than four outrun the prefetchers (a Zen 4 core
// read an L3-resident dot 5–10% slower with 4 or 8 accumulators in 4 segments than in 2).
// int32 sums and dots are reduced in uint32 arithmetic, which wraps around by definition; a
// maximum compares the elements as they are (int32 signed).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cpu/block_reduce_isa.hpp"
#include "kernels/cpu/simd.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

constexpr int kMaxStreams = 4;  // ~17 → ~21 GB/s per Zen 3 core from DRAM with 1 → 4 streams

template <ReduceOp op, class V>
inline V term(V x, V y) {
  if constexpr (op == ReduceOp::dot) {
    return x * y;
  } else {
    return x;
  }
}

// The accumulation step, for scalars and vectors alike: an add, or for max the larger (lane by
// lane: GCC's vector ?: selects per lane).
template <ReduceOp op, class V>
inline V accumulate(V acc, V t) {
  if constexpr (op == ReduceOp::max) {
    return acc > t ? acc : t;
  } else {
    return acc + t;
  }
}

template <ReduceOp op, class U>
U plain(const U* x, const U* y, std::size_t n) {
  U sum = reduce_identity<U>(op);
  for (std::size_t i = 0; i < n; ++i)
    sum = accumulate<op>(sum, term<op>(x[i], op == ReduceOp::dot ? y[i] : U{}));
  return sum;
}

// The lanes of v combined as a tree (log2(lanes) dependent steps, not lanes − 1).
template <ReduceOp op, class U>
inline U lanes_reduce(Vec<U> v) {
  constexpr std::size_t L = Simd<U>::kLanes;
  U lanes[L];
  __builtin_memcpy(lanes, &v, sizeof v);
#pragma GCC unroll 8
  for (std::size_t width = L / 2; width > 0; width /= 2)
    for (std::size_t l = 0; l < width; ++l) lanes[l] = accumulate<op>(lanes[l], lanes[l + width]);
  return lanes[0];
}

// acc[0] … acc[2W − 1] combined as a tree, in straight-line code: a loop over the array here
// made GCC keep every accumulator on the stack.
template <int W, ReduceOp op, class V>
inline V combine(V* acc) {
  if constexpr (W == 0) {
    return acc[0];
  } else {
    [&]<std::size_t... u>(std::index_sequence<u...>) {
      ((acc[u] = accumulate<op>(acc[u], acc[u + W])), ...);
    }
    (std::make_index_sequence<W>{});
    return combine<W / 2, op>(acc);
  }
}

template <int K, ReduceOp op, class U>
U simd(const U* x, const U* y, std::size_t n) {
  constexpr std::size_t L = Simd<U>::kLanes;
  constexpr int kMaxSegments = op == ReduceOp::dot ? kMaxStreams / 2 : kMaxStreams;
  constexpr int kSegments = K < kMaxSegments ? K : kMaxSegments;  // walked at once
  constexpr int kPerSegment = K / kSegments;
  constexpr std::size_t kStep = kPerSegment * L;  // elements per segment per iteration
  const auto vy = [y](std::size_t i) { return op == ReduceOp::dot ? load(y + i) : Vec<U>{}; };
  const Vec<U> identity = Vec<U>{} + reduce_identity<U>(op);  // in every lane
  Vec<U> acc[K];
  for (Vec<U>& a : acc) a = identity;
  // kSegments segments of `segment` elements, a whole number of steps each; the leftovers (fewer
  // than kSegments steps) go through the single-vector and scalar loops.
  const std::size_t segment = n / (kSegments * kStep) * kStep;
  for (std::size_t k = 0; k < segment; k += kStep) {
#pragma GCC unroll 8
    for (int u = 0; u < K; ++u) {
      const std::size_t j = static_cast<std::size_t>(u / kPerSegment) * segment + k +
                            static_cast<std::size_t>(u % kPerSegment) * L;
      acc[u] = accumulate<op>(acc[u], term<op>(load(x + j), vy(j)));
    }
  }
  Vec<U> total = combine<K / 2, op>(acc);
  std::size_t i = kSegments * segment;
  for (; i + L <= n; i += L) total = accumulate<op>(total, term<op>(load(x + i), vy(i)));
  U sum = lanes_reduce<op, U>(total);
  for (; i < n; ++i) sum = accumulate<op>(sum, term<op>(x[i], op == ReduceOp::dot ? y[i] : U{}));
  return sum;
}

template <ReduceOp op, class U>
U simd_with(int accumulators, const U* x, const U* y, std::size_t n) {
  switch (accumulators) {
    case 1:
      return simd<1, op>(x, y, n);
    case 2:
      return simd<2, op>(x, y, n);
    case 4:
      return simd<4, op>(x, y, n);
    case 8:
      return simd<8, op>(x, y, n);
  }
  throw std::invalid_argument("reduce: no kernel with " + std::to_string(accumulators) +
                              " accumulators");
}

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/block_reduce_entries.hpp"
