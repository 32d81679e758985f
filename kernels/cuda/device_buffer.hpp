#pragma once
// An array in device memory, freed when it goes out of scope.
#include <cuda_runtime_api.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/cuda/cuda_check.hpp"

namespace kernels::cuda {

template <class T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t n) : n_(n) {
    ROOFLAB_CUDA(cudaMalloc(reinterpret_cast<void**>(&data_), n * sizeof(T)));
  }
  ~DeviceBuffer() { cudaFree(data_); }  // nothing to report from a destructor
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* data() const { return data_; }
  std::size_t size() const { return n_; }

  std::vector<T> to_host() const {
    std::vector<T> host(n_);
    ROOFLAB_CUDA(cudaMemcpy(host.data(), data_, n_ * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
  }
  void from_host(const std::vector<T>& host) {
    if (host.size() != n_)
      throw std::invalid_argument("from_host: " + std::to_string(host.size()) +
                                  " values for a buffer of " + std::to_string(n_));
    ROOFLAB_CUDA(cudaMemcpy(data_, host.data(), n_ * sizeof(T), cudaMemcpyHostToDevice));
  }

 private:
  T* data_ = nullptr;
  std::size_t n_;
};

}  // namespace kernels::cuda
