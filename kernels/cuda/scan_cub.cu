#include <algorithm>
#include <climits>
#include <cstdint>
#include <cub/device/device_scan.cuh>
#include <string>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/scan_cub.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

template <class A>
cudaError_t cub_scan(void* temp, std::size_t& temp_bytes, ScanKind kind, const A* x, A* out,
                     int n) {
  if (kind == ScanKind::inclusive)
    return cub::DeviceScan::InclusiveSum(temp, temp_bytes, x, out, n);
  return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, x, out, n);
}

}  // namespace

template <class T>
CubScan<T>::CubScan(ScanKind kind, std::size_t n) : kind_(kind) {
  if (n > static_cast<std::size_t>(INT_MAX))
    throw roofline::InputError("scan cub: size " + std::to_string(n) +
                               " is above the int item count it is called with");
  n_ = static_cast<int>(n);
  ROOFLAB_CUDA(cub_scan<A>(nullptr, temp_bytes_, kind_, nullptr, nullptr, n_));
  temp_.emplace(std::max<std::size_t>(temp_bytes_, 1));
}

template <class T>
void CubScan<T>::launch(const T* x, T* out) {
  if (n_ == 0) return;
  ROOFLAB_CUDA(cub_scan<A>(temp_->data(), temp_bytes_, kind_, reinterpret_cast<const A*>(x),
                           reinterpret_cast<A*>(out), n_));
}

template class CubScan<float>;
template class CubScan<double>;
template class CubScan<std::int32_t>;

}  // namespace kernels::cuda
