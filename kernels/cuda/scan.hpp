#pragma once
// The scan family's kernels on the current CUDA device: one launch of a ScanConfig over n
// elements, with the scratch its algorithm needs, allocated once.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "kernels/accumulator.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/scan_plan.hpp"

namespace kernels::cuda {

// The resident grid on the current device of merrill_grimshaw and the prefetching look-back: the
// kernel's resident blocks per SM (the occupancy API) × SMs; 1 for the others (plan_scan's
// `resident`).
std::size_t resident_grid(const ScanConfig& config, roofline::Precision p);

template <class T>
class ScanKernel {
 public:
  using A = Accumulator<T>;  // int32 is added as uint32: its wrap-around is defined

  // Plans the launch on the current device (resident_grid) and allocates the scratch, sized by n:
  // the recursive algorithms' tile totals and offsets per level, merrill_grimshaw's span totals and
  // offsets, the look-back's tile descriptors (cleared here) and ticket counter (zeroed here).
  // Throws roofline::InputError for a bad config, CudaError for a failing call.
  ScanKernel(const ScanConfig& config, ScanKind kind, std::size_t n);

  // Enqueues the scan of x into out (n elements each, 16-byte aligned, not overlapping) on the
  // default stream: one kernel per pass, nothing else (no scratch is reset per launch: see
  // lookback.hpp).
  void launch(const T* x, T* out);

  const ScanPlan& plan() const { return plan_; }

 private:
  void launch_recursive(const A* in, A* out, std::size_t level, ScanKind kind);

  ScanConfig config_;
  ScanKind kind_;
  std::size_t n_;
  ScanPlan plan_;
  // Per level of the recursion (levels but the last), or merrill_grimshaw's one: tile (span)
  // totals and their exclusive scan.
  std::vector<std::unique_ptr<DeviceBuffer<A>>> totals_, offsets_;
  // The look-back's descriptors, kDescriptorWords<A> words per tile (lookback.hpp); the ticket
  // counter.
  std::optional<DeviceBuffer<std::uint64_t>> words_;
  std::optional<DeviceBuffer<unsigned>> ticket_;
  unsigned epoch_ = 0;  // the last launch's (lookback.hpp)
};

}  // namespace kernels::cuda
