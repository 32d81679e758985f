// Stream kernels of the sve level, in place of stream_simd.cpp: each thread streams its own block
// (or, balanced, chunks as stream_simd.cpp takes them) kUnroll SVE vectors per iteration, then
// the rest under a predicate; no scalar head or tail, as SVE's loads and stores need no alignment
// beyond the element's. Non-temporal stores are STNT1. Sums keep kUnroll accumulators.
#include <omp.h>

#include <optional>
#include <utility>

#include "kernels/cpu/partition.hpp"
#include "kernels/cpu/simd.hpp"
#include "kernels/cpu/stream_isa.hpp"
#include "kernels/cpu/sve.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

// Vectors in flight per iteration, and the sums' accumulators: ≥ add latency × pipes (2 × 2 on
// Neoverse V1's FADD pipes is 4; 8 leaves room for wider cores).
constexpr std::size_t kUnroll = 8;

// One vector of a storing operation on the lanes of pg; o is the output's old value.
template <StreamOp op, class V>
inline V element(svbool_t pg, V o, V x, V y, V s) {
  if constexpr (op == StreamOp::daxpy) return svmla_x(pg, o, s, x);
  if constexpr (op == StreamOp::write) return s;
  if constexpr (op == StreamOp::copy) return x;
  if constexpr (op == StreamOp::scale) return svmul_x(pg, s, x);
  if constexpr (op == StreamOp::add) return svadd_x(pg, x, y);
  if constexpr (op == StreamOp::triad) return svmla_x(pg, x, s, y);
}

// The vectors at i of the arrays an operation reads (zeros for those it does not).
template <StreamOp op, class T>
struct Inputs {
  const T* in1;
  const T* in2;
  SveVec<T> x(svbool_t pg, std::size_t i) const {
    return stream_inputs(op) >= 1 ? svld1(pg, in1 + i) : Sve<T>::dup(0);
  }
  SveVec<T> y(svbool_t pg, std::size_t i) const {
    return stream_inputs(op) >= 2 ? svld1(pg, in2 + i) : Sve<T>::dup(0);
  }
};

template <StreamOp op, Store mode, class T>
inline void store_vector(svbool_t pg, T* out, Inputs<op, T> in, std::size_t i, SveVec<T> s) {
  const SveVec<T> o = stream_in_place(op) ? svld1(pg, out + i) : Sve<T>::dup(0);
  const SveVec<T> v = element<op>(pg, o, in.x(pg, i), in.y(pg, i), s);
  if constexpr (mode == Store::nontemporal) {
    svstnt1(pg, out + i, v);
  } else {
    svst1(pg, out + i, v);
  }
}

// Not inlined: the instruction tests find each operation's and store's kernel by name.
template <StreamOp op, Store mode, class T>
[[gnu::noinline]] void store_block(T* out, Inputs<op, T> in, Range r, T s) {
  const std::size_t lanes = Sve<T>::lanes();
  const svbool_t all = Sve<T>::all();
  const SveVec<T> vs = Sve<T>::dup(s);
  std::size_t i = r.begin;
  for (; i + kUnroll * lanes <= r.end; i += kUnroll * lanes) {
#pragma GCC unroll 16
    for (std::size_t u = 0; u < kUnroll; ++u)
      store_vector<op, mode>(all, out, in, i + u * lanes, vs);
  }
  for (; i < r.end; i += lanes) store_vector<op, mode>(Sve<T>::below(i, r.end), out, in, i, vs);
}

// acc + x (read) or acc + x·y (dot) on the lanes of pg; inactive lanes keep acc.
template <StreamOp op, class T>
inline SveVec<T> accumulate(svbool_t pg, SveVec<T> acc, Inputs<op, T> in, std::size_t i) {
  if constexpr (op == StreamOp::dot) {
    return svmla_m(pg, acc, in.x(pg, i), in.y(pg, i));
  } else {
    return svadd_m(pg, acc, in.x(pg, i));
  }
}

template <StreamOp op, class T, std::size_t... u>
T sum_block(Inputs<op, T> in, Range r, std::index_sequence<u...>) {
  const std::size_t lanes = Sve<T>::lanes();
  const svbool_t all = Sve<T>::all();
  const auto zero = [](std::size_t) { return Sve<T>::dup(0); };
  std::size_t i = r.begin;
  SveVec<T> total = [&](auto... acc) {
    for (; i + kUnroll * lanes <= r.end; i += kUnroll * lanes)
      ((acc = accumulate<op>(all, acc, in, i + u * lanes)), ...);
    SveVec<T> sum = Sve<T>::dup(0);
    ((sum = svadd_x(all, sum, acc)), ...);
    return sum;
  }(zero(u)...);
  for (; i < r.end; i += lanes) total = accumulate<op>(Sve<T>::below(i, r.end), total, in, i);
  return svaddv(all, total);
}

// One pass over the range r: stores it, or returns the sum of its terms.
template <StreamOp op, Store mode, class T>
T pass_range(T* out, Inputs<op, T> in, Range r, T s) {
  if constexpr (stream_stores(op)) {
    store_block<op, mode>(out, in, r, s);
    return 0;
  } else {
    return sum_block(in, r, std::make_index_sequence<kUnroll>());
  }
}

}  // namespace
}  // namespace kernels::cpu::ROOFLAB_ISA_NS

#include "kernels/cpu/stream_entries.hpp"
