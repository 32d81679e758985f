#pragma once
// The threading and entry point of a per-ISA stream source (stream_simd.cpp, stream_sve.cpp),
// included at its end after its Inputs<op, T> and pass_range<op, mode>: each thread its own block,
// or chunks of all blocks when balanced, pass after pass; the operation's dispatch; for float and
// double.
#include <omp.h>

#include <cstddef>
#include <optional>

#include "kernels/cpu/partition.hpp"
#include "kernels/cpu/stream_isa.hpp"
#include "kernels/stream_dispatch.hpp"

#ifndef ROOFLAB_ISA_NS
#error "stream_entries.hpp belongs to sources compiled through rooflab_add_isa_variants"
#endif

namespace kernels::cpu::ROOFLAB_ISA_NS {
namespace {

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
  with_stream_op(call.op, [&](auto op) {
    run_op<decltype(op)::value>(call, out, in1, in2, n, s, thread_sums);
  });
}

template void stream_simd(const StreamCall&, float*, const float*, const float*, std::size_t, float,
                          double*);
template void stream_simd(const StreamCall&, double*, const double*, const double*, std::size_t,
                          double, double*);

}  // namespace kernels::cpu::ROOFLAB_ISA_NS
