#pragma once
// The scan family's vendor baseline: CUB's DeviceScan (CCCL, shipped with the toolkit),
// InclusiveSum or ExclusiveSum, a single-pass decoupled look-back. int32 is scanned as uint32,
// as our kernels do (wrap-around modulo 2^32 is defined).
#include <cstddef>
#include <optional>

#include "kernels/accumulator.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/scan.hpp"

namespace kernels::cuda {

template <class T>
class CubScan {
 public:
  using A = Accumulator<T>;

  // Asks CUB for its temporary storage and allocates it. CUB is called with an int item count,
  // as its examples do; throws roofline::InputError for n above INT_MAX.
  CubScan(ScanKind kind, std::size_t n);

  // Enqueues the scan of x into out on the default stream (CUB's own launches: the
  // initialisation of its tile states, then the scan).
  void launch(const T* x, T* out);

 private:
  ScanKind kind_;
  int n_ = 0;
  std::size_t temp_bytes_ = 0;
  std::optional<DeviceBuffer<unsigned char>> temp_;
};

}  // namespace kernels::cuda
