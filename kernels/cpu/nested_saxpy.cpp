#include "kernels/cpu/nested_saxpy.hpp"

#include <stdexcept>
#include <string>

#include "kernels/cpu/nested_saxpy_isa.hpp"

namespace kernels::cpu {
namespace {

template <class T>
void run(const NestedSaxpyCall& call, T* y, const T* x, std::size_t n, T a) {
  const std::string what = "nested saxpy m=" + std::to_string(call.m);
  if (call.threads < 1)
    throw std::invalid_argument(what + ": threads " + std::to_string(call.threads) + " < 1");
  if (!cpu_supports(call.isa))
    throw std::invalid_argument(what + ": this CPU lacks " + std::string(to_string(call.isa)));
  if (n > 0 && (!y || !x)) throw std::invalid_argument(what + ": an array is null");
  const auto kernel_of = ROOFLAB_ISA_PICK(call.isa, nested_saxpy_kernel<T>);
  const NestedSaxpyKernel<T> kernel = kernel_of(call.m, call.prefetch);
  if (!kernel) throw std::invalid_argument(what + ": the depth is not one of the sweep's");
  kernel(call.threads, y, x, n, a);
}

}  // namespace

void nested_saxpy_run(const NestedSaxpyCall& call, float* y, const float* x, std::size_t n,
                      float a) {
  run(call, y, x, n, a);
}

void nested_saxpy_run(const NestedSaxpyCall& call, double* y, const double* x, std::size_t n,
                      double a) {
  run(call, y, x, n, a);
}

int nested_saxpy_chains(Isa isa) { return ROOFLAB_ISA_PICK(isa, nested_saxpy_chains)(); }

std::string nested_saxpy_variant_name(const NestedSaxpyCall& call) {
  return std::string(to_string(call.isa)) + "_" + std::to_string(nested_saxpy_chains(call.isa)) +
         "chain" + (call.prefetch ? "_prefetch" : "");
}

}  // namespace kernels::cpu
