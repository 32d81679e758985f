#include "kernels/opencl/runtime.hpp"

#include <CL/cl_ext.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <thread>

#include "roofline/affinity.hpp"
#include "roofline/input_error.hpp"

namespace rooflab_embedded {
extern const std::string_view vectors_cl, common_cl, launch_hold_cl;
}

namespace kernels::opencl {

std::string DeviceHandle::id() const {
  return "opencl:" + std::to_string(platform) + ":" + std::to_string(index);
}

Enumeration enumerate_devices() {
  const roofline::PlacesAffinity for_runtime_threads;  // a CPU runtime's workers start here
  return checked([] {
    Enumeration out;
    std::vector<cl::Platform> platforms;
    // The ICD loader reports no platform as an error code, which the bindings throw.
    try {
      cl::Platform::get(&platforms);
    } catch (const cl::Error& e) {
      if (e.err() != CL_PLATFORM_NOT_FOUND_KHR) throw;
    }
    if (platforms.empty()) {
      out.reason = "no platform found";
      return out;
    }
    for (std::size_t p = 0; p < platforms.size(); ++p) {
      std::vector<cl::Device> devices;
      try {
        platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &devices);
      } catch (const cl::Error& e) {
        if (e.err() != CL_DEVICE_NOT_FOUND) throw;  // a platform may have no device
      }
      for (std::size_t d = 0; d < devices.size(); ++d)
        out.devices.push_back({static_cast<int>(p), static_cast<int>(d), platforms[p], devices[d]});
    }
    return out;
  });
}

Runtime::Runtime(DeviceHandle handle) : handle_(std::move(handle)) {
  const roofline::PlacesAffinity for_runtime_threads;  // or here, in another runtime
  checked([&] {
    context_ = cl::Context(handle_.device);
    queue_ = cl::CommandQueue(context_, handle_.device, CL_QUEUE_PROFILING_ENABLE);
    max_alloc_ = handle_.device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  });
}

const cl::Program& Runtime::program(const std::string& name, std::string_view source,
                                    const std::string& options) {
  // The source is part of the key: two sources may share a name in messages.
  const std::string key = name + "\n" + options + "\n" + std::string(source);
  if (auto it = programs_.find(key); it != programs_.end()) return it->second;
  if (auto it = failed_builds_.find(key); it != failed_builds_.end()) throw BuildError(it->second);
  return checked([&]() -> const cl::Program& {
    // The shared prelude first; #line keeps the build log's line numbers those of `source`.
    cl::Program program(context_, std::string(rooflab_embedded::vectors_cl) + "\n" +
                                      std::string(rooflab_embedded::common_cl) + "\n#line 1\n" +
                                      std::string(source));
    try {
      program.build(handle_.device, options.c_str());
    } catch (const cl::BuildError& e) {
      std::string log;
      for (const auto& [device, text] : e.getBuildLog()) log += text;
      const std::string message = "clBuildProgram failed for " + name + " (options '" + options +
                                  "'): " + error_name(e.err()) + "; build log:\n" + log;
      failed_builds_.emplace(key, message);
      throw BuildError(message);
    }
    return programs_.emplace(key, std::move(program)).first->second;
  });
}

void Runtime::check_fits(double bytes, const std::string& what) const {
  if (bytes > static_cast<double>(max_alloc_))
    throw roofline::InputError(what + ": " + std::to_string(static_cast<long long>(bytes)) +
                               " bytes exceed " + handle_.id() +
                               "'s largest allocation (CL_DEVICE_MAX_MEM_ALLOC_SIZE " +
                               std::to_string(max_alloc_) + " bytes)");
}

cl::Buffer Runtime::buffer(std::size_t bytes, const std::string& what) {
  check_fits(static_cast<double>(bytes), what);
  return checked(
      [&] { return cl::Buffer(context_, CL_MEM_READ_WRITE, std::max<std::size_t>(bytes, 1)); });
}

double Runtime::launch(const cl::Kernel& kernel, const cl::NDRange& global,
                       const cl::NDRange& local) {
  return checked([&] {
    cl::Event event;
    queue_.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &event);
    return timed(event, event);
  });
}

namespace {
double seconds_between(const cl::Event& first, cl_profiling_info from, const cl::Event& last) {
  cl_ulong start = 0;
  first.getProfilingInfo(from, &start);
  const cl_ulong end = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return static_cast<double>(end - start) * 1e-9;
}
}  // namespace

double Runtime::timed(const cl::Event& first, const cl::Event& last, cl_profiling_info from) {
  if (span_) {
    if (!span_->any) *span_ = {.first = first, .last = last, .from = from, .any = true};
    span_->last = last;
    return 0;
  }
  return checked([&] {
    last.wait();
    return seconds_between(first, from, last);
  });
}

Runtime::Hold& Runtime::hold() {
  if (!hold_)
    checked([&] {
      Hold h;
      h.kernel = cl::Kernel(program("launch_hold.cl", rooflab_embedded::launch_hold_cl, ""),
                            "launch_hold");
      h.sink = buffer(2 * sizeof(cl_uint), "the launch hold's scratch");
      h.kernel.setArg(0, h.sink);
      // Its rate, from one short run; a first group then waits behind a millisecond.
      constexpr cl_uint kFirstSteps = 1 << 14;
      h.kernel.setArg(1, kFirstSteps);
      cl::Event first;
      queue_.enqueueNDRangeKernel(h.kernel, cl::NullRange, cl::NDRange(1), cl::NDRange(1), nullptr,
                                  &first);
      first.wait();
      h.steps_per_second =
          kFirstSteps / std::max(seconds_between(first, CL_PROFILING_COMMAND_START, first), 1e-9);
      h.seconds = 1e-3;
      hold_ = std::move(h);
    });
  return *hold_;
}

std::optional<double> Runtime::held_group(int group, const std::function<void()>& call, bool last) {
  using Clock = std::chrono::steady_clock;
  Hold& h = hold();
  constexpr double kMostSteps = 1u << 31;
  const double steps = std::clamp(h.seconds * h.steps_per_second, 1.0, kMostSteps);
  cl::Event held;
  checked([&] {
    h.kernel.setArg(1, static_cast<cl_uint>(steps));
    queue_.enqueueNDRangeKernel(h.kernel, cl::NullRange, cl::NDRange(1), cl::NDRange(1), nullptr,
                                &held);
    queue_.flush();  // the hold starts now; the group queues behind it
  });
  const auto start = Clock::now();
  span_.emplace();
  bool waits = false;  // the first call returned after the hold had ended
  try {
    for (int k = 0; k < group; ++k) {
      call();
      if (k == 0)
        waits = checked(
            [&] { return held.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() == CL_COMPLETE; });
    }
  } catch (...) {
    span_.reset();
    queue_.finish();
    throw;
  }
  const Span span = *span_;
  span_.reset();
  checked([&] { queue_.flush(); });
  const double enqueue = std::chrono::duration<double>(Clock::now() - start).count();
  const bool outlasted =
      checked([&] { return held.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() != CL_COMPLETE; });
  if (!span.any) throw std::runtime_error("the calls enqueued no timed launch");
  const double seconds = checked([&] {
    span.last.wait();
    return seconds_between(span.first, span.from, span.last);
  });
  const double held_seconds = seconds_between(held, CL_PROFILING_COMMAND_START, held);
  if (held_seconds > 0) h.steps_per_second = steps / held_seconds;
  // A call that returned only after the hold had ended waited for the device (CLBlast's sum and
  // dot on NVIDIA's OpenCL release a temporary buffer per call, and that release waits for the
  // kernels using it): no hold can cover such calls, so neither a rerun nor a longer hold is
  // tried; its group is timed as it ran.
  if (waits) return seconds;
  // Twice this enqueue, or a little less than the last hold: one slow enqueue (a preempted host
  // thread) must not lengthen every later hold.
  h.seconds = std::min(std::max(2 * enqueue, 0.9 * h.seconds), kLongestHoldSeconds);
  if (!outlasted && !last) return std::nullopt;
  return seconds;
}

double Runtime::back_to_back(int calls, const std::function<void()>& call) {
  double seconds = 0;
  for (int done = 0; done < calls;) {
    const int group = std::min(kGatedCalls, calls - done);
    std::optional<double> timed;
    for (int attempt = 1; !timed; ++attempt)
      timed = held_group(group, call, attempt == kHoldAttempts);
    seconds += *timed;
    done += group;
  }
  return seconds;
}

bool wait_until_complete(cl::CommandQueue& queue, const cl::Event& event, double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  return checked([&] {
    queue.flush();
    for (int polls = 0;; ++polls) {
      const cl_int status = event.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
      if (status == CL_COMPLETE) return true;
      if (status < 0) throw ClError("the launch (event status)", status);
      if (Clock::now() >= deadline) return false;
      // Spin for the first thousand polls (short launches), then let the host breathe.
      if (polls < 1000)
        std::this_thread::yield();
      else
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  });
}

void set_buffer(cl::Kernel& k, cl_uint index, const cl::Buffer* b) {
  if (b)
    k.setArg(index, *b);
  else
    k.setArg(index, sizeof(cl_mem), nullptr);
}

std::size_t group_size(const cl::Device& device, std::size_t wanted) {
  const std::size_t most = checked([&] { return device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>(); });
  return std::bit_floor(std::max<std::size_t>(std::min(wanted, most), 1));
}

bool supports(const cl::Device& device, roofline::Precision p) {
  if (p == roofline::Precision::fp32) return true;
  if (p != roofline::Precision::fp64) return false;
  const auto extensions = checked([&] { return device.getInfo<CL_DEVICE_EXTENSIONS>(); });
  return extensions.find("cl_khr_fp64") != std::string::npos;
}

}  // namespace kernels::opencl
