#include "probes/opencl/host_link.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

#include "probes/bandwidth_sweep.hpp"
#include "roofline/budget.hpp"
#include "roofline/harness.hpp"

namespace probes::opencl {

namespace {

using kernels::opencl::checked;

constexpr std::uint32_t kToDevice = 11, kToHost = 23;  // the two directions' pattern seeds

// One direction's host words, device buffer and queue.
struct Lane {
  Lane(kernels::opencl::Runtime& runtime, std::size_t words, HostAccess access)
      : host(words),
        buffer(runtime.context(),
               access == HostAccess::mapped ? CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR
                                            : CL_MEM_READ_WRITE,
               words * sizeof(std::uint32_t)),
        queue(runtime.context(), runtime.device()) {}
  std::vector<std::uint32_t> host;
  cl::Buffer buffer;
  cl::CommandQueue queue;
};

class LinkCase final : public roofline::Case {
 public:
  LinkCase(roofline::CaseInfo info, std::shared_ptr<kernels::opencl::Runtime> runtime,
           LinkDirection direction, HostAccess access, double bytes)
      : Case(std::move(info)),
        runtime_(std::move(runtime)),
        direction_(direction),
        access_(access),
        bytes_(static_cast<std::size_t>(bytes)),
        words_(bytes_ / sizeof(std::uint32_t)) {}

  void prepare() override {
    checked([&] {
      runtime_->check_fits(static_cast<double>(bytes_), "a host link copy");
      if (direction_ != LinkDirection::d2h) {
        to_device_.emplace(*runtime_, words_, access_);
        fill_pattern(to_device_->host.data(), words_, kToDevice);
      }
      if (direction_ != LinkDirection::h2d) {
        to_host_.emplace(*runtime_, words_, access_);
        std::vector<std::uint32_t> pattern(words_);
        fill_pattern(pattern.data(), words_, kToHost);
        to_host_->queue.enqueueWriteBuffer(to_host_->buffer, CL_TRUE, 0, bytes_, pattern.data());
      }
    });
  }

  void run() override {
    checked([&] { access_ == HostAccess::copied ? copy() : map(); });
  }

  // Poisons each destination, copies once and compares every word with the source's pattern.
  roofline::Verification verify() override {
    return checked([&] {
      const std::vector<std::uint32_t> zeros(words_, 0);
      if (to_device_)
        to_device_->queue.enqueueWriteBuffer(to_device_->buffer, CL_TRUE, 0, bytes_, zeros.data());
      if (to_host_) std::memset(to_host_->host.data(), 0, bytes_);
      run();
      std::string message;
      if (to_device_) {
        std::vector<std::uint32_t> landed(words_);
        to_device_->queue.enqueueReadBuffer(to_device_->buffer, CL_TRUE, 0, bytes_, landed.data());
        if (const std::size_t bad = first_mismatch(landed.data(), words_, kToDevice); bad < words_)
          message = "host to device: word " + std::to_string(bad) + " differs";
      }
      if (to_host_ && message.empty())
        if (const std::size_t bad = first_mismatch(to_host_->host.data(), words_, kToHost);
            bad < words_)
          message = "device to host: word " + std::to_string(bad) + " differs";
      const bool passed = message.empty();
      if (passed) message = "every word of " + std::to_string(words_) + " per direction landed";
      return roofline::Verification{
          .passed = passed, .max_error = passed ? 0.0 : 1.0, .tolerance = 0, .message = message};
    });
  }

  void release() override {
    to_device_.reset();
    to_host_.reset();
  }

 private:
  // Both directions enqueued before either is waited for.
  void copy() {
    if (to_device_)
      to_device_->queue.enqueueWriteBuffer(to_device_->buffer, CL_FALSE, 0, bytes_,
                                           to_device_->host.data());
    if (to_host_)
      to_host_->queue.enqueueReadBuffer(to_host_->buffer, CL_FALSE, 0, bytes_,
                                        to_host_->host.data());
    if (to_device_) to_device_->queue.finish();
    if (to_host_) to_host_->queue.finish();
  }

  // Both mappings requested before either is waited for; the host copies into and out of them.
  void map() {
    cl::Event in_mapped, out_mapped;
    void* in = to_device_ ? to_device_->queue.enqueueMapBuffer(to_device_->buffer, CL_FALSE,
                                                               CL_MAP_WRITE_INVALIDATE_REGION, 0,
                                                               bytes_, nullptr, &in_mapped)
                          : nullptr;
    void* out = to_host_ ? to_host_->queue.enqueueMapBuffer(to_host_->buffer, CL_FALSE, CL_MAP_READ,
                                                            0, bytes_, nullptr, &out_mapped)
                         : nullptr;
    if (to_device_) {
      in_mapped.wait();
      std::memcpy(in, to_device_->host.data(), bytes_);
      to_device_->queue.enqueueUnmapMemObject(to_device_->buffer, in);
    }
    if (to_host_) {
      out_mapped.wait();
      std::memcpy(to_host_->host.data(), out, bytes_);
      to_host_->queue.enqueueUnmapMemObject(to_host_->buffer, out);
    }
    if (to_device_) to_device_->queue.finish();
    if (to_host_) to_host_->queue.finish();
  }

  std::shared_ptr<kernels::opencl::Runtime> runtime_;
  LinkDirection direction_;
  HostAccess access_;
  std::size_t bytes_, words_;
  std::optional<Lane> to_device_, to_host_;
};

const char* access_name(HostAccess access) {
  return access == HostAccess::copied ? "copied" : "mapped";
}

}  // namespace

std::unique_ptr<roofline::Case> make_link_case(const roofline::Device& device,
                                               std::shared_ptr<kernels::opencl::Runtime> runtime,
                                               LinkDirection direction, HostAccess access,
                                               double bytes) {
  return std::make_unique<LinkCase>(link_case_info(device, direction, access_name(access), bytes),
                                    std::move(runtime), direction, access, bytes);
}

void probe_host_link(roofline::Device& device, std::shared_ptr<kernels::opencl::Runtime> runtime,
                     const roofline::ProbeOptions& options, std::vector<std::string>& failures) {
  const bool cpu =
      checked([&] { return runtime->device().getInfo<CL_DEVICE_TYPE>(); }) & CL_DEVICE_TYPE_CPU;
  // "both" holds two copies' buffers; a quarter of the device's memory leaves room for the rest.
  const double most =
      std::min(device.memory_bytes / 4, static_cast<double>(runtime->max_alloc_bytes()));
  if (cpu && options.quick)
    device.facts["probe_notes"].push_back(
        "host_link: the quick sweep stops at " + bytes_text(kQuickHostMemoryCopy) +
        " on a CPU device (its link is the host's own memory); --full goes on to " +
        bytes_text(kLargestCopy));
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (double bytes : link_sizes(options.quick, most, options.max_working_set, cpu))
    for (LinkDirection direction : kLinkDirections)
      for (HostAccess access : kHostAccesses)
        cases.push_back(make_link_case(device, runtime, direction, access, bytes));
  if (roofline::Budget* budget = options.measure.budget)
    budget->plan(static_cast<int>(cases.size()));
  record_link(device, roofline::measure_all(cases, options.measure, "host link " + device.id),
              "copied",
              "clEnqueueWriteBuffer / clEnqueueReadBuffer finished, host clock; each copy checked "
              "word by word",
              failures);
  device.facts["probe_notes"].push_back(
      cpu ? "host_link theoretical unavailable: the device is the host's processor, so its "
            "\"link\" is the host's own memory"
          : "host_link theoretical unavailable: OpenCL does not report the host link (for NVIDIA "
            "GPUs the CUDA backend reads it from NVML)");
}

}  // namespace probes::opencl
