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

// As stream_simd.cpp's: each thread its own block, or chunks of all blocks when balanced.
template <StreamOp op, Store mode, class T>
void run_parallel(const StreamCall& call, T* out, Inputs<op, T> in, std::size_t n, T s,
                  double* thread_sums) {
  const void* base = stream_stores(op) ? static_cast<const void*>(out) : in.in1;
  std::optional<ChunkedBlocks> chunks;
  if (call.balanced) chunks.emplace(base, n, sizeof(T), call.threads, kBalancedChunkBytes);
#pragma omp parallel num_threads(call.threads) proc_bind(close)
  {
    const int t = omp_get_thread_num();
    const Range own = thread_block(base, n, sizeof(T), t, omp_get_num_threads());
    T sum = 0;
    for (int pass = 0; pass < call.passes; ++pass) {
      T pass_s = stream_pass_scalar(op, s, pass);
      opaque(pass_s);  // the compiler cannot prove two passes store the same values
      if (chunks) {
        if (pass > 0) {
#pragma omp barrier
#pragma omp single
          chunks->reset();  // its implicit barrier keeps every thread out until it is done
        }
        sum = 0;
        chunks->drain(t, [&](Range c) { sum += pass_range<op, mode>(out, in, c, pass_s); });
      } else {
        sum = pass_range<op, mode>(out, in, own, pass_s);
      }
      opaque(sum);  // every pass's sum counts as used
    }
    if constexpr (mode == Store::nontemporal) streaming_store_fence();
    thread_sums[t] = sum;
  }
}

template <StreamOp op, class T>
void run_op(const StreamCall& call, T* out, const T* in1, const T* in2, std::size_t n, T s,
            double* thread_sums) {
  const Inputs<op, T> in{in1, in2};
  if (stream_stores(op) && call.store == Store::nontemporal) {
    run_parallel<op, Store::nontemporal>(call, out, in, n, s, thread_sums);
  } else {
    run_parallel<op, Store::temporal>(call, out, in, n, s, thread_sums);
  }
}

}  // namespace

template <class T>
void stream_simd(const StreamCall& call, T* out, const T* in1, const T* in2, std::size_t n, T s,
                 double* thread_sums) {
  switch (call.op) {
    case StreamOp::read:
      return run_op<StreamOp::read>(call, out, in1, in2, n, s, thread_sums);
    case StreamOp::dot:
      return run_op<StreamOp::dot>(call, out, in1, in2, n, s, thread_sums);
    case StreamOp::write:
      return run_op<StreamOp::write>(call, out, in1, in2, n, s, thread_sums);
    case StreamOp::copy:
      return run_op<StreamOp::copy>(call, out, in1, in2, n, s, thread_sums);
    case StreamOp::scale:
      return run_op<StreamOp::scale>(call, out, in1, in2, n, s, thread_sums);
    case StreamOp::add:
      return run_op<StreamOp::add>(call, out, in1, in2, n, s, thread_sums);
    case StreamOp::triad:
      return run_op<StreamOp::triad>(call, out, in1, in2, n, s, thread_sums);
    case StreamOp::daxpy:
      return run_op<StreamOp::daxpy>(call, out, in1, in2, n, s, thread_sums);
  }
}

template void stream_simd(const StreamCall&, float*, const float*, const float*, std::size_t, float,
                          double*);
template void stream_simd(const StreamCall&, double*, const double*, const double*, std::size_t,
                          double, double*);

}  // namespace kernels::cpu::ROOFLAB_ISA_NS
