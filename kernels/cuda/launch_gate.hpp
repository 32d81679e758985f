#pragma once
// A gate on the default stream: close() enqueues a kernel that holds the stream until open() (or
// until kLongestHold has passed, so that a host that cannot enqueue, or forgets to open, stalls
// for that long and no longer), so that the work enqueued between them runs back to back at the
// device's pace, not at the host's. It polls a flag in mapped pinned host memory (nvbench's
// blocking kernel): no driver thread stands between the host's store and the device.
namespace kernels::cuda {

class LaunchGate {
 public:
  LaunchGate();
  ~LaunchGate();
  LaunchGate(const LaunchGate&) = delete;
  LaunchGate& operator=(const LaunchGate&) = delete;

  void close();
  void open();

  static constexpr long long kLongestHoldNs = 50'000'000;  // 50 ms

 private:
  volatile unsigned* flag_ = nullptr;  // host view
  unsigned* device_flag_ = nullptr;
};

}  // namespace kernels::cuda
