#pragma once
// check_elements (kernels/check.hpp) on the device: every element of a result against a reference
// computed there from the inputs' seeds, so a check of a DRAM-sized array moves two words back
// to the host instead of the array, and regenerates no input on the host.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/half.hpp"
#include "kernels/element_check.hpp"
#include "kernels/exact.hpp"

namespace kernels::cuda {
namespace element_check {

constexpr int kThreads = 256;
constexpr unsigned kMostBlocks = 8192;
constexpr unsigned kFullWarp = 0xffffffffu;

// Non-negative doubles order as their bit patterns do, so atomicMax on the bits is a max.
template <class T, class Reference>
__global__ void check_kernel(const T* result, std::size_t n, double tolerance, Reference reference,
                             unsigned long long* max_bits, unsigned long long* first_bad) {
  double worst = 0;
  unsigned long long bad = n;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n;
       i += std::size_t{gridDim.x} * blockDim.x) {
    double e = relative_error(as_double(result[i]), reference(i));
    if (isnan(e)) e = INFINITY;
    worst = fmax(worst, e);
    if (!(e <= tolerance) && i < bad) bad = i;
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    worst = fmax(worst, __shfl_xor_sync(kFullWarp, worst, offset));
    bad = min(bad, __shfl_xor_sync(kFullWarp, bad, offset));
  }
  if (threadIdx.x % 32 != 0) return;
  atomicMax(max_bits, static_cast<unsigned long long>(__double_as_longlong(worst)));
  if (bad < n) atomicMin(first_bad, bad);
}

}  // namespace element_check

// What a check on the device found, with the element at the first bad index (index 0 when none
// is) and its reference, which a failure's message names.
template <class T>
struct DeviceFinding {
  ElementCheck check;
  T found{};
  ExactValue expected;
};

// The largest relative error of result[i] against reference(i) (an ExactValue, computed on the
// device) and the first index past `tolerance`, as check_elements finds them on the host.
template <class T, class Reference>
DeviceFinding<T> check_elements_on_device(const T* result, std::size_t n, double tolerance,
                                          Reference reference) {
  using namespace element_check;
  DeviceBuffer<unsigned long long> found(2);  // the max's bits, the first bad index
  const unsigned long long start[2] = {0, n};
  ROOFLAB_CUDA(cudaMemcpy(found.data(), start, sizeof start, cudaMemcpyHostToDevice));
  const std::size_t wanted = (n + kThreads - 1) / kThreads;
  const unsigned blocks = wanted < kMostBlocks ? (wanted > 0 ? unsigned(wanted) : 1u) : kMostBlocks;
  check_kernel<<<blocks, kThreads>>>(result, n, tolerance, reference, found.data(),
                                     found.data() + 1);
  check_launch("check_kernel");
  unsigned long long back[2];
  ROOFLAB_CUDA(cudaMemcpy(back, found.data(), sizeof back, cudaMemcpyDeviceToHost));
  DeviceFinding<T> f;
  static_assert(sizeof f.check.max_error == sizeof back[0]);
  std::memcpy(&f.check.max_error, &back[0], sizeof back[0]);
  f.check.first_bad = static_cast<std::size_t>(back[1]);
  const std::size_t at = f.check.first_bad < n ? f.check.first_bad : 0;
  if (n > 0)
    ROOFLAB_CUDA(cudaMemcpy(&f.found, result + at, sizeof f.found, cudaMemcpyDeviceToHost));
  f.expected = reference(at);
  return f;
}

}  // namespace kernels::cuda
