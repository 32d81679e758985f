#include "kernels/cpu/stream.hpp"

#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/cpu/stream_isa.hpp"

namespace kernels::cpu {
namespace {

template <class T>
void check(const StreamCall& call, const T* out, const T* in1, const T* in2) {
  const std::string what = "stream " + std::string(to_string(call.op));
  if (call.threads < 1)
    throw std::invalid_argument(what + ": threads " + std::to_string(call.threads) + " < 1");
  if (call.passes < 1)
    throw std::invalid_argument(what + ": passes " + std::to_string(call.passes) + " < 1");
  if (!cpu_supports(call.isa))
    throw std::invalid_argument(what + ": this CPU lacks " + std::string(to_string(call.isa)));
  if ((stream_stores(call.op) && !out) || (stream_inputs(call.op) >= 1 && !in1) ||
      (stream_inputs(call.op) >= 2 && !in2))
    throw std::invalid_argument(what + ": an array it uses is null");
}

template <class T>
double run_simd(const StreamCall& call, T* out, const T* in1, const T* in2, std::size_t n, T s) {
  check(call, out, in1, in2);
  std::vector<double> thread_sums(static_cast<std::size_t>(call.threads), 0.0);
  const auto kernel = ROOFLAB_ISA_PICK(call.isa, stream_simd<T>);
  kernel(call, out, in1, in2, n, s, thread_sums.data());
  return std::accumulate(thread_sums.begin(), thread_sums.end(), 0.0);
}

template <class T>
double run_plain(const StreamCall& call, T* out, const T* in1, const T* in2, std::size_t n, T s) {
  check(call, out, in1, in2);
  if (call.store != Store::temporal)
    throw std::invalid_argument("the plain stream loop has no non-temporal stores");
  if (call.balanced) throw std::invalid_argument("the plain stream loop has no balanced split");
  double sum = 0;
  const auto kernel = ROOFLAB_ISA_PICK(call.isa, stream_plain<T>);
  kernel(call, out, in1, in2, n, s, &sum);
  return sum;
}

}  // namespace

double stream_run(const StreamCall& call, float* out, const float* in1, const float* in2,
                  std::size_t n, float s) {
  return run_simd(call, out, in1, in2, n, s);
}

double stream_run(const StreamCall& call, double* out, const double* in1, const double* in2,
                  std::size_t n, double s) {
  return run_simd(call, out, in1, in2, n, s);
}

double stream_plain(const StreamCall& call, float* out, const float* in1, const float* in2,
                    std::size_t n, float s) {
  return run_plain(call, out, in1, in2, n, s);
}

double stream_plain(const StreamCall& call, double* out, const double* in1, const double* in2,
                    std::size_t n, double s) {
  return run_plain(call, out, in1, in2, n, s);
}

}  // namespace kernels::cpu
