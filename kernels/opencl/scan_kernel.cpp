#include "kernels/opencl/scan_kernel.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "kernels/opencl/case.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace rooflab_embedded {
extern const std::string_view scan_cl;
}

namespace kernels::opencl {
namespace {

using roofline::Precision;

// NOT_YET of scan.cl: a descriptor word not yet published.
constexpr cl_ulong kNotYet = 0x7ff4000000000001ULL;

// The build options of scan.cl for elements T added in A.
template <class T, class A>
std::string options(const ScanConfig& c, const DeviceSupport& s, bool exclusive) {
  // NVIDIA's compiler: its ptxas report (registers, spills) in the build log.
  const std::string nv = s.nv_ptx_warps ? "-cl-nv-verbose " : "";
  return nv + cl_std_option(c, s) + build_define("REAL", cl_type<T>()) +
         build_define("W", std::to_string(kScanVector)) + build_define("ACC", cl_type<A>()) +
         build_define("FROM_ACC", std::is_same_v<T, std::int32_t> ? "as_int" : "") +
         build_define("ACC_BITS", std::to_string(8 * sizeof(A))) +
         build_define("GROUP", std::to_string(c.group)) +
         build_define("LOADS", std::to_string(c.loads)) +
         build_define("GROUP_SCAN", std::to_string(static_cast<int>(c.group_scan))) +
         (c.group_scan == GroupScan::shfl || c.warp_window ? build_define("NV_PTX_WARPS", "1")
                                                           : "") +
         build_define("WARP_WINDOW", c.warp_window ? "1" : "0") +
         build_define("FIRST_WAIT", std::to_string(c.first_wait_ns)) +
         build_define("POLL_WAIT", std::to_string(c.poll_wait_ns)) +
         build_define("EXCLUSIVE", exclusive ? "1" : "0") +
         build_define("READ_ATOMIC", c.atomic_reads ? "1" : "0") +
         build_define("WIDE_READS", c.wide_reads ? "1" : "0") +
         build_define("STAGED", c.staged ? "1" : "0");
}

}  // namespace

double lookback_timeout(const LookBackOptions& o, double bytes) {
  return o.timeout_seconds > 0 ? o.timeout_seconds : std::max(30.0, bytes / 100e6);
}

template <class T>
ScanKernel<T>::ScanKernel(Runtime& runtime, const ScanConfig& config, const DeviceSupport& support,
                          ScanKind kind, std::size_t n, const LookBackOptions& lookback)
    : runtime_(runtime), config_(config) {
  constexpr Precision p = precision_of<T>();
  const std::size_t max_group =
      checked([&] { return runtime.device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>(); });
  const int units = checked(
      [&] { return static_cast<int>(runtime.device().getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()); });
  plan_ = plan_scan(config, p, n, units, max_group);
  // Values of scan.cl's Rows (`loads` accumulators side by side): 2·GROUP, the local scan's two
  // halves, more than the sub-group scan's GROUP + 1; one per warp for the shfl scan.
  const std::size_t scratch_bytes =
      (config.group_scan == GroupScan::shfl ? config.group / 32 : 2 * config.group) * config.loads *
      sizeof(A);
  // The look-back's staged items, group × loads × 4 accumulators, and its state (scan.cl's
  // LookBack: a window of 32 values and statuses; 1 KiB bounds it).
  const std::size_t lookback_bytes =
      config.algorithm != ScanAlgorithm::decoupled_lookback
          ? 0
          : 1024 + (config.staged
                        ? std::size_t(config.group) * config.loads * kScanVector * sizeof(A)
                        : 0);
  const auto local_bytes =
      checked([&] { return runtime.device().getInfo<CL_DEVICE_LOCAL_MEM_SIZE>(); });
  if (scratch_bytes + lookback_bytes > local_bytes) {
    const std::string what = config.staged
                                 ? "work-group scan, look-back state and staged items need"
                             : lookback_bytes ? "work-group scan and look-back state need"
                                              : "work-group scan needs";
    throw roofline::InputError("scan " + scan_variant_name(config) + ": its " + what + " " +
                               std::to_string(scratch_bytes + lookback_bytes) +
                               " bytes of local memory, the device has " +
                               std::to_string(local_bytes));
  }
  timeout_ = lookback_timeout(lookback, 2.0 * static_cast<double>(n) * sizeof(T));
  const std::string what = "scan " + scan_variant_name(config);
  const cl::Program& input =
      runtime.program("scan.cl", rooflab_embedded::scan_cl,
                      options<T, A>(config, support, kind == ScanKind::exclusive));
  build_log_ = checked([&] { return input.getBuildInfo<CL_PROGRAM_BUILD_LOG>(runtime.device()); });
  // The sums' levels: exclusive scans of accumulators; built only when the plan has them.
  const cl::Program* sums = nullptr;
  if (!plan_.sums.empty())
    sums = &runtime.program("scan.cl", rooflab_embedded::scan_cl,
                            options<A, A>(config, support, true));
  for (std::size_t k = 0; k < plan_.sums.size(); ++k)
    sums_.push_back(runtime.buffer(std::max<std::size_t>(plan_.sums[k], 1) * sizeof(A),
                                   what + " sums of level " + std::to_string(k)));
  if (config.algorithm == ScanAlgorithm::decoupled_lookback) {
    words_ = runtime.buffer(plan_.descriptor_words * sizeof(cl_ulong), what + " descriptors");
    ticket_ = runtime.buffer(sizeof(cl_uint), what + " ticket");
  }
  const cl::LocalSpaceArg scratch = cl::Local(scratch_bytes);
  checked([&] {
    for (const ScanLaunch& l : plan_.launches) {
      cl::Kernel k(l.level == 0 ? input : *sums, std::string(to_string(l.kernel)).c_str());
      const cl::Buffer* level = l.level == 0 ? nullptr : &sums_[l.level - 1];
      const cl::Buffer* next =
          static_cast<std::size_t>(l.level) < sums_.size() ? &sums_[l.level] : nullptr;
      // Arguments 0 and 1 (x, out) of a level-0 launch are set by launch().
      switch (l.kernel) {
        case ScanLaunch::Kernel::reduce_spans:
          set_buffer(k, 0, level);
          k.setArg(1, static_cast<cl_ulong>(l.n));
          k.setArg(2, static_cast<cl_ulong>(l.span));
          k.setArg(3, *next);
          k.setArg(4, scratch);
          break;
        case ScanLaunch::Kernel::scan_spans:
          set_buffer(k, 0, level);
          set_buffer(k, 1, level);
          k.setArg(2, static_cast<cl_ulong>(l.n));
          k.setArg(3, static_cast<cl_ulong>(l.span));
          set_buffer(k, 4, l.offsets ? next : nullptr);
          set_buffer(k, 5, l.totals ? next : nullptr);
          k.setArg(6, scratch);
          break;
        case ScanLaunch::Kernel::add_offsets:
          set_buffer(k, 0, level);
          k.setArg(1, static_cast<cl_ulong>(l.n));
          k.setArg(2, static_cast<cl_ulong>(l.span));
          k.setArg(3, *next);
          break;
        case ScanLaunch::Kernel::decoupled_lookback:
          k.setArg(2, static_cast<cl_ulong>(l.n));
          k.setArg(3, words_);
          k.setArg(4, ticket_);
          k.setArg(5, static_cast<cl_uint>(lookback.spin_bound));
          k.setArg(6, static_cast<cl_uint>(lookback.stall_every));
          k.setArg(7, scratch);
          break;
      }
      kernels_.push_back(std::move(k));
    }
  });
}

template <class T>
double ScanKernel<T>::launch(const cl::Buffer& x, const cl::Buffer& out) {
  return checked([&] {
    cl::CommandQueue& queue = runtime_.queue();
    const cl::NDRange local(config_.group);
    cl::Event start, end;
    const bool lookback = config_.algorithm == ScanAlgorithm::decoupled_lookback;
    if (lookback) {
      queue.enqueueFillBuffer(words_, kNotYet, 0, plan_.descriptor_words * sizeof(cl_ulong),
                              nullptr, &start);
      queue.enqueueFillBuffer(ticket_, cl_uint{0}, 0, sizeof(cl_uint));
    }
    for (std::size_t i = 0; i < kernels_.size(); ++i) {
      const ScanLaunch& l = plan_.launches[i];
      cl::Kernel& k = kernels_[i];
      if (l.level == 0) {
        // The fan adds to the output in place; every other level-0 kernel reads x first.
        k.setArg(0, l.kernel == ScanLaunch::Kernel::add_offsets ? out : x);
        if (l.kernel == ScanLaunch::Kernel::scan_spans ||
            l.kernel == ScanLaunch::Kernel::decoupled_lookback)
          k.setArg(1, out);
      }
      queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(l.groups * config_.group), local,
                                 nullptr, &end);
      if (i == 0 && !lookback) start = end;
    }
    if (lookback && !wait_until_complete(queue, end, timeout_)) {
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%g", timeout_);
      throw std::runtime_error(
          "scan " + scan_variant_name(config_) + ": the launch did not finish within " + seconds +
          " s and was given up (it is left running on the device); the device may not provide "
          "forward progress between work-groups, which a look-back's spin on its predecessors "
          "relies on beyond its bound");
    }
    return runtime_.timed(start, end);
  });
}

template class ScanKernel<float>;
template class ScanKernel<double>;
template class ScanKernel<std::int32_t>;

}  // namespace kernels::opencl
