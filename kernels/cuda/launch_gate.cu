#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/launch_gate.hpp"

namespace kernels::cuda {
namespace {

__device__ unsigned long long global_ns() {
  unsigned long long ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
  return ns;
}

__global__ void hold_kernel(const volatile unsigned* flag, long long longest_ns) {
  const unsigned long long start = global_ns();
  while (*flag == 0 && global_ns() - start < static_cast<unsigned long long>(longest_ns)) {
  }
}

}  // namespace

LaunchGate::LaunchGate() {
  unsigned* host = nullptr;
  ROOFLAB_CUDA(cudaHostAlloc(&host, sizeof(unsigned), cudaHostAllocMapped));
  flag_ = host;
  *flag_ = 1;
  ROOFLAB_CUDA(cudaHostGetDevicePointer(&device_flag_, host, 0));
}

LaunchGate::~LaunchGate() {
  *flag_ = 1;
  cudaStreamSynchronize(nullptr);  // a holding kernel still reads the flag until it sees it
  cudaFreeHost(const_cast<unsigned*>(flag_));
}

void LaunchGate::close() {
  *flag_ = 0;
  hold_kernel<<<1, 1>>>(device_flag_, kLongestHoldNs);
  check_launch("hold_kernel");
}

void LaunchGate::open() { *flag_ = 1; }

}  // namespace kernels::cuda
