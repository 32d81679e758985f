#include "probes/cuda/host_link.hpp"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "kernels/cuda/cuda_check.hpp"
#include "probes/host_link.hpp"
#include "probes/nvidia/nvml.hpp"
#include "roofline/budget.hpp"
#include "roofline/harness.hpp"

namespace probes::cuda {

namespace {

constexpr std::uint32_t kToDevice = 11, kToHost = 23;  // the two directions' pattern seeds

// Host memory of either kind, freed when it goes out of scope.
class HostWords {
 public:
  HostWords(std::size_t n, HostMemory memory) : pinned_(memory == HostMemory::pinned) {
    if (pinned_) {
      ROOFLAB_CUDA(cudaMallocHost(reinterpret_cast<void**>(&data_), n * sizeof(std::uint32_t)));
    } else {
      data_ = new std::uint32_t[n];
    }
  }
  ~HostWords() {
    if (pinned_)
      cudaFreeHost(data_);  // nothing to report from a destructor
    else
      delete[] data_;
  }
  HostWords(const HostWords&) = delete;
  HostWords& operator=(const HostWords&) = delete;
  std::uint32_t* data() const { return data_; }

 private:
  bool pinned_;
  std::uint32_t* data_ = nullptr;
};

class DeviceWords {
 public:
  explicit DeviceWords(std::size_t n) {
    ROOFLAB_CUDA(cudaMalloc(reinterpret_cast<void**>(&data_), n * sizeof(std::uint32_t)));
  }
  ~DeviceWords() { cudaFree(data_); }
  DeviceWords(const DeviceWords&) = delete;
  DeviceWords& operator=(const DeviceWords&) = delete;
  std::uint32_t* data() const { return data_; }

 private:
  std::uint32_t* data_ = nullptr;
};

// One direction's buffers and stream.
struct Lane {
  Lane(std::size_t n, HostMemory memory) : host(n, memory), device(n) {
    ROOFLAB_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  }
  ~Lane() { cudaStreamDestroy(stream); }
  HostWords host;
  DeviceWords device;
  cudaStream_t stream = nullptr;
};

class LinkCase final : public roofline::Case {
 public:
  LinkCase(roofline::CaseInfo info, const LinkConfig& config)
      : Case(std::move(info)),
        config_(config),
        words_(static_cast<std::size_t>(config.bytes) / sizeof(std::uint32_t)) {}

  void prepare() override {
    if (config_.direction != LinkDirection::d2h) {
      to_device_.emplace(words_, config_.memory);
      fill_pattern(to_device_->host.data(), words_, kToDevice);
    }
    if (config_.direction != LinkDirection::h2d) {
      to_host_.emplace(words_, config_.memory);
      std::vector<std::uint32_t> pattern(words_);
      fill_pattern(pattern.data(), words_, kToHost);
      ROOFLAB_CUDA(cudaMemcpy(to_host_->device.data(), pattern.data(), config_.bytes,
                              cudaMemcpyHostToDevice));
    }
  }

  void run() override {
    if (to_device_)
      ROOFLAB_CUDA(cudaMemcpyAsync(to_device_->device.data(), to_device_->host.data(),
                                   config_.bytes, cudaMemcpyHostToDevice, to_device_->stream));
    if (to_host_)
      ROOFLAB_CUDA(cudaMemcpyAsync(to_host_->host.data(), to_host_->device.data(), config_.bytes,
                                   cudaMemcpyDeviceToHost, to_host_->stream));
    if (to_device_) ROOFLAB_CUDA(cudaStreamSynchronize(to_device_->stream));
    if (to_host_) ROOFLAB_CUDA(cudaStreamSynchronize(to_host_->stream));
  }

  // Poisons each destination, copies once and compares every word with the source's pattern.
  roofline::Verification verify() override {
    // On the copy's own stream: it is non-blocking, so a memset on the default stream could land
    // after the copy (it did while another process probed the host's other GPU).
    if (to_device_)
      ROOFLAB_CUDA(
          cudaMemsetAsync(to_device_->device.data(), 0, config_.bytes, to_device_->stream));
    if (to_host_) std::memset(to_host_->host.data(), 0, config_.bytes);
    run();
    std::string message;
    std::size_t bad = words_;
    if (to_device_) {
      std::vector<std::uint32_t> landed(words_);
      ROOFLAB_CUDA(cudaMemcpy(landed.data(), to_device_->device.data(), config_.bytes,
                              cudaMemcpyDeviceToHost));
      bad = first_mismatch(landed.data(), words_, kToDevice);
      if (bad < words_) message = "host to device: word " + std::to_string(bad) + " differs";
    }
    if (to_host_ && message.empty()) {
      bad = first_mismatch(to_host_->host.data(), words_, kToHost);
      if (bad < words_) message = "device to host: word " + std::to_string(bad) + " differs";
    }
    const bool passed = message.empty();
    if (passed) message = "every word of " + std::to_string(words_) + " per direction landed";
    return {.passed = passed, .max_error = passed ? 0.0 : 1.0, .tolerance = 0, .message = message};
  }

  void release() override {
    to_device_.reset();
    to_host_.reset();
  }

 private:
  LinkConfig config_;
  std::size_t words_;
  std::optional<Lane> to_device_, to_host_;
};

}  // namespace

std::unique_ptr<roofline::Case> make_link_case(const roofline::Device& device,
                                               const LinkConfig& config) {
  return std::make_unique<LinkCase>(
      link_case_info(device, config.direction,
                     config.memory == HostMemory::pinned ? "pinned" : "pageable", config.bytes),
      config);
}

void probe_host_link(roofline::Device& device, const roofline::ProbeOptions& options,
                     std::vector<std::string>& failures) {
  std::size_t free = 0, total = 0;
  ROOFLAB_CUDA(cudaMemGetInfo(&free, &total));
  // "both" holds two copies' buffers; a quarter of the free memory leaves room for the rest.
  const std::vector<double> sizes =
      link_sizes(options.quick, static_cast<double>(free) / 4, options.max_working_set, false);
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (double bytes : sizes)
    for (LinkDirection direction : kLinkDirections)
      for (HostMemory memory : kHostMemories)
        cases.push_back(make_link_case(device, {direction, memory, bytes}));
  if (roofline::Budget* budget = options.measure.budget)
    budget->plan(static_cast<int>(cases.size()));
  const std::vector<roofline::Result> results =
      roofline::measure_all(cases, options.measure, "host link " + device.id);
  record_link(device, results, "pinned",
              "cudaMemcpyAsync waited for, host clock; each copy checked word by word", failures);

  std::erase_if(device.theoretical_memory,
                [](const roofline::TheoreticalMemory& t) { return t.level == "host_link"; });
  nvidia::NvmlDevice nvml(device.facts.at("pci_bus_id").get<std::string>());
  const auto link = nvml.pcie_link();
  const auto rate =
      link ? nvidia::pcie_bytes_per_s(link->max_generation, link->max_width) : std::nullopt;
  if (!rate) {
    device.facts["probe_notes"].push_back(
        "host_link theoretical unavailable: " +
        (link ? "no rate known for PCIe generation " + std::to_string(link->max_generation)
              : nvml.reason()));
    return;
  }
  char basis[240];
  std::snprintf(basis, sizeof basis,
                "PCIe Gen%u x%u (NVML: the most the GPU and its host both support; Gen%u x%u "
                "right after the sweep), per direction after line encoding",
                link->max_generation, link->max_width, link->generation, link->width);
  device.theoretical_memory.push_back({.level = "host_link", .bytes_per_s = *rate, .basis = basis});
}

}  // namespace probes::cuda
