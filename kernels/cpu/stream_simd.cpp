// Stream kernels with explicit SIMD, compiled once per ISA level (see simd.hpp). Each thread
// streams its own block, or in a balanced call its block's chunks and then the others' leftovers.
// A block or chunk goes: a scalar head up to vector alignment of the stored (or read) array,
// kUnroll independent vectors per iteration, then single vectors and a scalar tail. Sums walk the
// aligned part as several segments at once (kStreams streams of addresses), which keeps more
// misses in flight than one stream.
#include <omp.h>

#include <optional>

#include "kernels/cpu/partition.hpp"
#include "kernels/cpu/simd.hpp"
#include "kernels/cpu/stream_isa.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

// Vectors in flight per iteration; for read and dot also the number of accumulators:
// 8 ≥ add latency × add pipes (3 × 2 on Zen 3, 4 × 2 on recent Intel).
constexpr int kUnroll = 8;

// Sums read contiguous segments of a thread's block together, kStreams streams of addresses (a
// dot's segment is two, x and y): one stream alone is limited by the misses a core keeps in
// flight (Zen 3: ~17 GB/s per core with one stream, ~21 GB/s with four; a Xeon guest's thread read
// 1.17x the plain loop with four, 1.02-1.09x with one), and no more: on one Zen 4 thread a dot of
// four segments (eight streams) ran at 0.91-0.94x the plain loop, of two at 0.97-1.00x.
constexpr int kStreams = 4;

// Segments whose starts lie a large power of two apart fall on the same DRAM banks: four read
// segments of one Zen 4 thread ran at 0.77-0.85x the plain loop, staggered by an odd number of
// steps at 0.99-1.05x. Only long segments are cut short: the steps cut off (kStaggerSteps per
// segment) go through the single-accumulator loops after them.
constexpr std::size_t kStaggerSteps = 7, kStaggerFromBytes = std::size_t{1} << 20;

// One element (scalar) or one vector of a storing operation; o is the output's old value.
template <StreamOp op, class V>
inline V element(V o, V x, V y, V s) {
  if constexpr (op == StreamOp::daxpy) return o + s * x;
  if constexpr (op == StreamOp::write) return s;
  if constexpr (op == StreamOp::copy) return x;
  if constexpr (op == StreamOp::scale) return s * x;
  if constexpr (op == StreamOp::add) return x + y;
  if constexpr (op == StreamOp::triad) return x + s * y;
}

// One term of a sum.
template <StreamOp op, class V>
inline V term(V x, V y) {
  if constexpr (op == StreamOp::read) return x;
  if constexpr (op == StreamOp::dot) return x * y;
}

// The inputs an operation reads; arrays it does not read may be null.
template <StreamOp op, class T>
struct Inputs {
  const T* in1;
  const T* in2;
  T x(std::size_t i) const { return stream_inputs(op) >= 1 ? in1[i] : T{}; }
  T y(std::size_t i) const { return stream_inputs(op) >= 2 ? in2[i] : T{}; }
  Vec<T> vx(std::size_t i) const { return stream_inputs(op) >= 1 ? load(in1 + i) : Vec<T>{}; }
  Vec<T> vy(std::size_t i) const { return stream_inputs(op) >= 2 ? load(in2 + i) : Vec<T>{}; }
};

template <StreamOp op, Store mode, class T>
void store_block(T* out, Inputs<op, T> in, Range r, T s) {
  constexpr std::size_t L = Simd<T>::kLanes;
  const Vec<T> vs = Vec<T>{} + s;
  const auto put = [out](std::size_t i, Vec<T> v) {
    if constexpr (mode == Store::nontemporal) {
      store_nontemporal(out + i, v);
    } else {
      store(out + i, v);
    }
  };
  // The output's old value, read only by an in-place operation.
  const auto o = [out](std::size_t i) { return stream_in_place(op) ? out[i] : T{}; };
  const auto vo = [out](std::size_t i) { return stream_in_place(op) ? load(out + i) : Vec<T>{}; };
  std::size_t i = r.begin;
  for (; i < r.end && !vector_aligned(out + i); ++i)
    out[i] = element<op>(o(i), in.x(i), in.y(i), s);
  for (; i + kUnroll * L <= r.end; i += kUnroll * L) {
#pragma GCC unroll 16
    for (std::size_t u = 0; u < kUnroll; ++u) {
      const std::size_t j = i + u * L;
      put(j, element<op>(vo(j), in.vx(j), in.vy(j), vs));
    }
  }
  for (; i + L <= r.end; i += L) put(i, element<op>(vo(i), in.vx(i), in.vy(i), vs));
  for (; i < r.end; ++i) out[i] = element<op>(o(i), in.x(i), in.y(i), s);
}

template <StreamOp op, class T>
T sum_block(Inputs<op, T> in, Range r) {
  constexpr std::size_t L = Simd<T>::kLanes;
  T scalar = 0;
  std::size_t i = r.begin;
  for (; i < r.end && !vector_aligned(in.in1 + i); ++i) scalar += term<op>(in.x(i), in.y(i));
  Vec<T> acc[kUnroll] = {};
  // kSegments aligned segments of `segment` elements each, a whole number of steps; the leftovers
  // go through the single-stream loops below.
  constexpr int kSegments = kStreams / stream_inputs(op);
  static_assert(kUnroll % kSegments == 0);
  constexpr std::size_t kPerSegment = kUnroll / kSegments, kStep = kPerSegment * L;
  std::size_t steps = (r.end - i) / (kSegments * kStep);
  if (steps * kStep * sizeof(T) >= kStaggerFromBytes) steps -= kStaggerSteps;
  const std::size_t segment = steps * kStep;
  for (std::size_t k = 0; k < segment; k += kStep) {
#pragma GCC unroll 16
    for (std::size_t u = 0; u < kUnroll; ++u) {
      const std::size_t j = i + (u / kPerSegment) * segment + k + (u % kPerSegment) * L;
      acc[u] += term<op>(in.vx(j), in.vy(j));
    }
  }
  i += kSegments * segment;
  for (; i + L <= r.end; i += L) acc[0] += term<op>(in.vx(i), in.vy(i));
  for (; i < r.end; ++i) scalar += term<op>(in.x(i), in.y(i));
#pragma GCC unroll 16
  for (int width = kUnroll / 2; width > 0; width /= 2)
    for (int u = 0; u < width; ++u) acc[u] += acc[u + width];
  return scalar + horizontal_sum<T>(acc[0]);
}

// One pass over the range r: stores it, or returns the sum of its terms.
template <StreamOp op, Store mode, class T>
T pass_range(T* out, Inputs<op, T> in, Range r, T s) {
  if constexpr (stream_stores(op)) {
    store_block<op, mode>(out, in, r, s);
    return 0;
  } else {
    return sum_block(in, r);
  }
}

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/stream_entries.hpp"
