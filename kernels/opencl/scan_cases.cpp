#include "kernels/opencl/scan_cases.hpp"

#include <algorithm>
#include <cstdint>

#include "kernels/opencl/case.hpp"
#include "kernels/opencl/cases.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"
#include "roofline/json_io.hpp"

namespace kernels::opencl {
namespace {

using roofline::Precision;

constexpr std::uint64_t kScanXSeed = 501;

template <class T>
class ScanCase final : public ClCase {
 public:
  ScanCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime, const ScanConfig& config,
           const DeviceSupport& support, ScanKind kind, std::size_t n,
           std::shared_ptr<HostInputCache> cache, const LookBackOptions& lookback)
      : ClCase(std::move(info), std::move(runtime)),
        config_(config),
        support_(support),
        kind_(kind),
        n_(n),
        cache_(cache ? std::move(cache) : std::make_shared<HostInputCache>()),
        lookback_(lookback) {}

 protected:
  // Arrays of at least one element: a scan of length 0 still gets valid buffers.
  void prepare_device() override {
    const std::size_t bytes = std::max<std::size_t>(n_, 1) * sizeof(T);
    x_ = runtime().buffer(bytes, "scan input");
    out_ = runtime().buffer(bytes, "scan output");
    if (n_ > 0) runtime().write(x_, *cache_->get<T>(kScanXSeed, n_));
    kernel_ = std::make_unique<ScanKernel<T>>(runtime(), config_, support_, kind_, n_, lookback_);
  }

  double run_device() override { return kernel_->launch(x_, out_); }
  bool calls_back_to_back() const override {
    return config_.algorithm != ScanAlgorithm::decoupled_lookback;
  }

  roofline::Verification verify_device() override {
    const auto x = cache_->get<T>(kScanXSeed, n_);
    roofline::Verification v;
    for (int launch = 0; launch < 2; ++launch) {
      // Poisoned first: all bits set (NaN, or -1 for int32).
      const std::vector<unsigned char> poison(std::max<std::size_t>(n_, 1) * sizeof(T), 0xff);
      runtime().write(out_, poison);
      kernel_->launch(x_, out_);
      const std::vector<T> out = n_ > 0 ? runtime().read<T>(out_, n_) : std::vector<T>{};
      v = verify_scan<T>(kind_, x->data(), out.data(), n_);
      if (!v.passed) {
        if (launch == 1) v.message = "second launch: " + v.message;
        return v;
      }
    }
    return v;
  }

  void release_device() override {
    kernel_.reset();
    out_ = {};
    x_ = {};
  }

 private:
  ScanConfig config_;
  DeviceSupport support_;
  ScanKind kind_;
  std::size_t n_;
  std::shared_ptr<HostInputCache> cache_;
  LookBackOptions lookback_;
  cl::Buffer x_, out_;
  std::unique_ptr<ScanKernel<T>> kernel_;
};

}  // namespace

std::unique_ptr<roofline::Case> make_scan_case(const roofline::Device& device,
                                               std::shared_ptr<Runtime> runtime,
                                               const DeviceSupport& support,
                                               const ScanConfig& config, ScanKind kind, Precision p,
                                               std::size_t n, std::shared_ptr<HostInputCache> cache,
                                               const LookBackOptions& lookback, bool sweep) {
  const std::size_t max_group =
      checked([&] { return runtime->device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>(); });
  check_config(config, p, max_group);
  if (const auto why = unsupported(config, p, support))
    throw roofline::InputError("scan " + scan_variant_name(config) + " in " +
                               std::string(to_string(p)) + ": " + *why);
  const int units = checked(
      [&] { return static_cast<int>(runtime->device().getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()); });
  const ScanPlan plan = plan_scan(config, p, n, units, max_group);
  nlohmann::json params = {{"n", n},
                           {"kind", to_string(kind)},
                           {"algorithm", to_string(config.algorithm)},
                           {"group_scan", to_string(config.group_scan)},
                           {"threads_per_block", config.group},
                           {"items_per_thread", config.loads * kScanVector},
                           {"tile", plan.tile},
                           {"launches", plan.launches.size()},
                           {"element_moves", plan.element_moves},
                           {"description", scan_description(config)}};
  if (sweep) params["sweep"] = "threads_per_block x items_per_thread";
  if (config.algorithm == ScanAlgorithm::decoupled_lookback) {
    params["spin_bound"] = lookback.spin_bound;
    params["items_while_looking_back"] = config.staged ? "local memory" : "registers";
    params["look_back_by"] =
        config.warp_window ? "the first warp (ballots, shuffles)" : "the work-group";
    if (config.warp_window) {
      params["first_wait_ns"] = config.first_wait_ns;
      params["poll_wait_ns"] = config.poll_wait_ns;
    }
    params["descriptor_reads"] = config.atomic_reads ? "atom_add"
                                 : config.wide_reads ? "16-byte volatile load"
                                                     : "volatile load";
    params["timeout_s"] =
        lookback_timeout(lookback, 2.0 * static_cast<double>(n) * roofline::size_of(p));
  }
  auto info = opencl_case_info(device, std::move(params),
                               scan_work(p, static_cast<std::int64_t>(n), plan.element_moves));
  return with_type<float, double, std::int32_t>(
      p, "scan on OpenCL", [&]<class T>() -> std::unique_ptr<roofline::Case> {
        return std::make_unique<ScanCase<T>>(std::move(info), std::move(runtime), config, support,
                                             kind, n, std::move(cache), lookback);
      });
}

}  // namespace kernels::opencl
