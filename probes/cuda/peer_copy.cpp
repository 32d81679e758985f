#include "probes/cuda/peer_copy.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "roofline/input_error.hpp"

namespace probes::cuda {
namespace {

constexpr int kPattern = 0x5A, kPoison = 0;

// Enables (or disables) peer access of `a` to `b` and of `b` to `a`; the current device is `a`
// after it. "Already enabled" and "not enabled" are the states wanted, not errors.
void set_peer_access(int a, int b, bool on) {
  for (const auto& [from, to] : {std::pair{b, a}, std::pair{a, b}}) {
    ROOFLAB_CUDA(cudaSetDevice(from));
    const cudaError_t status =
        on ? cudaDeviceEnablePeerAccess(to, 0) : cudaDeviceDisablePeerAccess(to);
    if (status == cudaErrorPeerAccessAlreadyEnabled || status == cudaErrorPeerAccessNotEnabled)
      cudaGetLastError();  // clears the error the call recorded
    else
      ROOFLAB_CUDA(status);
  }
}

// A buffer on device `ordinal`, whatever device is current.
struct PeerBuffer {
  PeerBuffer(int ordinal, std::size_t bytes) {
    ROOFLAB_CUDA(cudaSetDevice(ordinal));
    ROOFLAB_CUDA(cudaMalloc(&data, bytes));
  }
  ~PeerBuffer() { cudaFree(data); }
  PeerBuffer(const PeerBuffer&) = delete;
  PeerBuffer& operator=(const PeerBuffer&) = delete;
  void* data = nullptr;
};

class PeerCopyCase final : public kernels::cuda::CudaCase {
 public:
  PeerCopyCase(roofline::CaseInfo info, const PeerCopy& copy)
      : CudaCase(std::move(info)), copy_(copy) {}

 protected:
  void prepare_device() override {
    destination_ = std::make_unique<PeerBuffer>(copy_.destination, copy_.bytes);
    source_ = std::make_unique<PeerBuffer>(copy_.source, copy_.bytes);
    ROOFLAB_CUDA(cudaMemset(source_->data, kPattern, copy_.bytes));
    set_peer_access(copy_.source, copy_.destination, copy_.peer_access);
    ROOFLAB_CUDA(cudaDeviceSynchronize());
    int sms = 0, threads_per_sm = 0;
    ROOFLAB_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, copy_.destination));
    ROOFLAB_CUDA(cudaDeviceGetAttribute(&threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor,
                                        copy_.destination));
    blocks_ = sms * std::max(threads_per_sm / kPullThreads, 1);  // every SM full
    // The events that time a run are made on the GPU that runs it (CudaCase::prepare).
    ROOFLAB_CUDA(cudaSetDevice(runs_on()));
  }

  void run_device() override {
    if (copy_.sm_loads) {
      launch_peer_pull(source_->data, destination_->data, copy_.bytes, blocks_, kPullThreads);
      return;
    }
    ROOFLAB_CUDA(cudaMemcpyPeerAsync(destination_->data, copy_.destination, source_->data,
                                     copy_.source, copy_.bytes, nullptr));
  }

  roofline::Verification verify_device() override {
    // Without peer access only the destination's own device may write its memory.
    ROOFLAB_CUDA(cudaSetDevice(copy_.destination));
    ROOFLAB_CUDA(cudaMemset(destination_->data, kPoison, copy_.bytes));
    ROOFLAB_CUDA(cudaDeviceSynchronize());
    ROOFLAB_CUDA(cudaSetDevice(runs_on()));
    run_device();
    ROOFLAB_CUDA(cudaDeviceSynchronize());
    // The first, middle and last 4 KiB (or all of a smaller copy).
    const std::size_t window = std::min<std::size_t>(4096, copy_.bytes);
    std::vector<unsigned char> seen(window);
    for (const std::size_t at :
         {std::size_t{0}, (copy_.bytes - window) / 2, copy_.bytes - window}) {
      ROOFLAB_CUDA(cudaMemcpy(seen.data(), static_cast<unsigned char*>(destination_->data) + at,
                              window, cudaMemcpyDeviceToHost));
      const auto bad =
          std::find_if(seen.begin(), seen.end(), [](unsigned char b) { return b != kPattern; });
      if (bad != seen.end()) {
        char message[160];
        std::snprintf(message, sizeof message, "byte %zu of the copy is 0x%02x, expected 0x%02x",
                      at + static_cast<std::size_t>(bad - seen.begin()), *bad, kPattern);
        return {.passed = false, .max_error = 1, .tolerance = 0, .message = message};
      }
    }
    return {.passed = true, .max_error = 0, .tolerance = 0, .message = ""};
  }

  void release_device() override {
    source_.reset();
    destination_.reset();
  }

 private:
  static constexpr int kPullThreads = 256;
  // The copy engines are driven from the source, the SM copy runs on the destination.
  int runs_on() const { return copy_.sm_loads ? copy_.destination : copy_.source; }

  PeerCopy copy_;
  std::unique_ptr<PeerBuffer> source_, destination_;
  int blocks_ = 0;
};

}  // namespace

bool can_access_peer(int source, int destination) {
  int can = 0;
  return cudaDeviceCanAccessPeer(&can, source, destination) == cudaSuccess && can != 0;
}

std::unique_ptr<roofline::Case> make_peer_copy_case(const roofline::Device& device,
                                                    const PeerCopy& copy) {
  if (copy.bytes == 0) throw roofline::InputError("peer copy: no bytes to copy");
  if (copy.source == copy.destination)
    throw roofline::InputError("peer copy: cuda:" + std::to_string(copy.source) + " to itself");
  if (copy.peer_access && !can_access_peer(copy.source, copy.destination))
    throw roofline::InputError("peer copy: cuda:" + std::to_string(copy.source) +
                               " has no peer access to cuda:" + std::to_string(copy.destination));
  if (copy.sm_loads && (!copy.peer_access || copy.bytes % 16 != 0))
    throw roofline::InputError("peer copy by SM loads of " + std::to_string(copy.bytes) +
                               " bytes: needs peer access and a multiple of 16 bytes");
  roofline::Work work;
  work.precision = roofline::Precision::fp32;
  work.bytes = static_cast<double>(copy.bytes);
  work.bytes_write_allocate = work.bytes;
  work.working_set = work.bytes;
  roofline::CaseInfo info{
      .family = "bandwidth",
      .variant = copy.sm_loads      ? "peer_copy_sm_loads"
                 : copy.peer_access ? "peer_copy"
                                    : "peer_copy_staged",
      .backend = "cuda",
      .device = device.id,
      .params = {{"to", "cuda:" + std::to_string(copy.destination)}, {"bytes", copy.bytes}},
      .work = work,
      .level = "peer"};
  return std::make_unique<PeerCopyCase>(std::move(info), copy);
}

}  // namespace probes::cuda
