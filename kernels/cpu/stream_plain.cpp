// The plain baseline: the textbook OpenMP STREAM loops, left to the compiler's vectorizer and
// compiled once per ISA level like the SIMD kernels, so "same compiler, same flags" holds.
// Sums use `simd reduction`, the plain way to let OpenMP reassociate a floating-point sum.
#include <cstddef>

#include "kernels/cpu/stream_isa.hpp"

namespace kernels::cpu::ROOFLAB_ISA_NS {

template <class T>
void stream_plain(const StreamCall& call, T* out, const T* in1, const T* in2, std::size_t n, T s,
                  double* sum) {
  const auto count = static_cast<std::ptrdiff_t>(n);
  for (int pass = 0; pass < call.passes; ++pass) {
    T total = 0;
    const T ps = stream_pass_scalar(call.op, s, pass);
    switch (call.op) {
      case StreamOp::read:
#pragma omp parallel for simd schedule(static) reduction(+ : total) num_threads(call.threads) \
    proc_bind(close)
        for (std::ptrdiff_t i = 0; i < count; ++i) total += in1[i];
        break;
      case StreamOp::dot:
#pragma omp parallel for simd schedule(static) reduction(+ : total) num_threads(call.threads) \
    proc_bind(close)
        for (std::ptrdiff_t i = 0; i < count; ++i) total += in1[i] * in2[i];
        break;
      case StreamOp::write:
#pragma omp parallel for schedule(static) num_threads(call.threads) proc_bind(close)
        for (std::ptrdiff_t i = 0; i < count; ++i) out[i] = ps;
        break;
      case StreamOp::copy:
#pragma omp parallel for schedule(static) num_threads(call.threads) proc_bind(close)
        for (std::ptrdiff_t i = 0; i < count; ++i) out[i] = in1[i];
        break;
      case StreamOp::scale:
#pragma omp parallel for schedule(static) num_threads(call.threads) proc_bind(close)
        for (std::ptrdiff_t i = 0; i < count; ++i) out[i] = ps * in1[i];
        break;
      case StreamOp::add:
#pragma omp parallel for schedule(static) num_threads(call.threads) proc_bind(close)
        for (std::ptrdiff_t i = 0; i < count; ++i) out[i] = in1[i] + in2[i];
        break;
      case StreamOp::triad:
#pragma omp parallel for schedule(static) num_threads(call.threads) proc_bind(close)
        for (std::ptrdiff_t i = 0; i < count; ++i) out[i] = in1[i] + ps * in2[i];
        break;
      case StreamOp::daxpy:
#pragma omp parallel for schedule(static) num_threads(call.threads) proc_bind(close)
        for (std::ptrdiff_t i = 0; i < count; ++i) out[i] = out[i] + ps * in1[i];
        break;
    }
    *sum = total;
  }
}

template void stream_plain(const StreamCall&, float*, const float*, const float*, std::size_t,
                           float, double*);
template void stream_plain(const StreamCall&, double*, const double*, const double*, std::size_t,
                           double, double*);

}  // namespace kernels::cpu::ROOFLAB_ISA_NS
