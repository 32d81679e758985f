// The block reduction of the sve level, in place of block_reduce_simd.cpp: the plain loop (which
// the compiler vectorizes for SVE) and K independent vector accumulators, each an SVE vector of
// the core's length. As in the fixed-width kernel, the accumulators walk up to kMaxStreams
// contiguous segments of the block at once; the leftovers take one predicated vector at a time.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cpu/block_reduce_isa.hpp"
#include "kernels/cpu/simd.hpp"
#include "kernels/cpu/sve.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

constexpr int kMaxStreams = 4;  // as block_reduce_simd.cpp

template <ReduceOp op, class U>
U plain(const U* x, const U* y, std::size_t n) {
  U r = reduce_identity<U>(op);
  for (std::size_t i = 0; i < n; ++i) {
    const U t = op == ReduceOp::dot ? x[i] * y[i] : x[i];
    r = op == ReduceOp::max ? (t > r ? t : r) : r + t;
  }
  return r;
}

// acc + x (sum), acc + x·y (dot) or max(acc, x) on the lanes of pg; inactive lanes keep acc.
template <ReduceOp op, class U>
inline SveVec<U> accumulate(svbool_t pg, SveVec<U> acc, const U* x, const U* y) {
  if constexpr (op == ReduceOp::dot) {
    return svmla_m(pg, acc, svld1(pg, x), svld1(pg, y));
  } else if constexpr (op == ReduceOp::max) {
    return svmax_m(pg, acc, svld1(pg, x));
  } else {
    return svadd_m(pg, acc, svld1(pg, x));
  }
}

template <int K, ReduceOp op, class U, std::size_t... u>
U simd(const U* x, const U* y, std::size_t n, std::index_sequence<u...>) {
  constexpr int kMaxSegments = op == ReduceOp::dot ? kMaxStreams / 2 : kMaxStreams;
  constexpr int kSegments = K < kMaxSegments ? K : kMaxSegments;
  constexpr int kPerSegment = K / kSegments;
  const std::size_t lanes = Sve<U>::lanes(), step = kPerSegment * lanes;
  const svbool_t all = Sve<U>::all();
  const std::size_t segment = n / (kSegments * step) * step;
  const auto at = [&](std::size_t k, std::size_t v) {  // accumulator v's element at step k
    return (v / kPerSegment) * segment + k + (v % kPerSegment) * lanes;
  };
  const auto identity = [](std::size_t) { return Sve<U>::dup(reduce_identity<U>(op)); };
  const auto combine = [&](SveVec<U> a, SveVec<U> b) {
    if constexpr (op == ReduceOp::max) return svmax_x(all, a, b);
    return svadd_x(all, a, b);
  };
  SveVec<U> total = [&](auto... acc) {
    for (std::size_t k = 0; k < segment; k += step)
      ((acc = accumulate<op>(all, acc, x + at(k, u), y + at(k, u))), ...);
    SveVec<U> all_acc = identity(0);
    ((all_acc = combine(all_acc, acc)), ...);
    return all_acc;
  }(identity(u)...);
  for (std::size_t i = kSegments * segment; i < n; i += lanes)
    total = accumulate<op>(Sve<U>::below(i, n), total, x + i, y + i);
  if constexpr (op == ReduceOp::max) return static_cast<U>(svmaxv(all, total));
  return static_cast<U>(svaddv(all, total));
}

template <ReduceOp op, class U>
U simd_with(int accumulators, const U* x, const U* y, std::size_t n) {
  switch (accumulators) {
    case 1:
      return simd<1, op>(x, y, n, std::make_index_sequence<1>());
    case 2:
      return simd<2, op>(x, y, n, std::make_index_sequence<2>());
    case 4:
      return simd<4, op>(x, y, n, std::make_index_sequence<4>());
    case 8:
      return simd<8, op>(x, y, n, std::make_index_sequence<8>());
  }
  throw std::invalid_argument("reduce: no kernel with " + std::to_string(accumulators) +
                              " accumulators");
}

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/block_reduce_entries.hpp"
