#include "kernels/cuda/scan_cases.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/cub.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/fill.hpp"
#include "kernels/cuda/scan.hpp"
#include "kernels/cuda/scan_cub.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/json_io.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

constexpr std::uint64_t kScanXSeed = 501;

// Runner: ScanKernel<T> or CubScan<T> (launch(x, out)).
template <class T, class Runner>
class ScanCase final : public CudaCase {
 public:
  ScanCase(roofline::CaseInfo info, ScanKind kind, std::size_t n,
           std::function<std::unique_ptr<Runner>()> make_runner,
           std::shared_ptr<HostInputCache> cache)
      : CudaCase(std::move(info)),
        kind_(kind),
        n_(n),
        make_runner_(std::move(make_runner)),
        cache_(cache ? std::move(cache) : std::make_shared<HostInputCache>()) {}

 protected:
  // Arrays of at least one element: a scan of length 0 still gets valid pointers.
  void prepare_device() override {
    x_.emplace(std::max<std::size_t>(n_, 1));
    out_.emplace(std::max<std::size_t>(n_, 1));
    fill_random(x_->data(), n_, kScanXSeed);
    runner_ = make_runner_();
  }

  void run_device() override { runner_->launch(x_->data(), out_->data()); }

  // Two launches, each over an output poisoned with all bits set (NaN, or -1 for int32).
  roofline::Verification verify_device() override {
    const auto x = cache_->get<T>(kScanXSeed, n_);
    std::vector<T> out(n_);
    roofline::Verification v;
    for (int launch = 1; launch <= 2; ++launch) {
      ROOFLAB_CUDA(cudaMemset(out_->data(), 0xff, out_->size() * sizeof(T)));
      runner_->launch(x_->data(), out_->data());
      ROOFLAB_CUDA(cudaMemcpy(out.data(), out_->data(), n_ * sizeof(T), cudaMemcpyDeviceToHost));
      v = verify_scan<T>(kind_, x->data(), out.data(), n_);
      if (!v.passed) {
        v.message = "launch " + std::to_string(launch) + " of 2: " + v.message;
        return v;
      }
    }
    v.message += " (2 launches)";
    return v;
  }

  void release_device() override {
    runner_.reset();
    out_.reset();
    x_.reset();
  }

 private:
  ScanKind kind_;
  std::size_t n_;
  std::function<std::unique_ptr<Runner>()> make_runner_;
  std::shared_ptr<HostInputCache> cache_;
  std::optional<DeviceBuffer<T>> x_, out_;
  std::unique_ptr<Runner> runner_;
};

template <template <class> class Runner, class... Args>
std::unique_ptr<roofline::Case> typed_case(roofline::CaseInfo info, Precision p, ScanKind kind,
                                           std::size_t n, std::shared_ptr<HostInputCache> cache,
                                           Args... args) {
  const auto make = [&]<class T>() -> std::unique_ptr<roofline::Case> {
    return std::make_unique<ScanCase<T, Runner<T>>>(
        std::move(info), kind, n, [=] { return std::make_unique<Runner<T>>(args..., kind, n); },
        std::move(cache));
  };
  return with_type<float, double, std::int32_t>(p, "scan on CUDA", make);
}

}  // namespace

std::unique_ptr<roofline::Case> make_scan_case(const roofline::Device& device,
                                               const ScanConfig& config, ScanKind kind, Precision p,
                                               std::size_t n, bool sweep,
                                               std::shared_ptr<HostInputCache> cache) {
  const ScanPlan plan = plan_scan(config, p, n, resident_grid(config, p));  // checks the config
  const double passes = scan_passes(plan, n);
  const int element = roofline::size_of(p);
  const ScanShape shape = config.shape.of(element);
  nlohmann::json params = {{"n", n},
                           {"kind", to_string(kind)},
                           {"algorithm", to_string(config.algorithm)},
                           {"block_scan", to_string(config.block)},
                           {"threads_per_block", shape.threads},
                           {"loads_per_thread", shape.loads},
                           {"items_per_thread", shape.loads * 16 / element},
                           {"tile", plan.tile},
                           {"moves_per_element", passes}};
  if (config.hints != ScanHints{}) {  // the look-back's; the multi-pass rows have no hints
    params["load_hint"] = to_string(config.hints.load);
    params["store_hint"] = to_string(config.hints.store);
  }
  if (sweep) params["sweep"] = "threads_per_block x loads_per_thread, load and store hints";
  auto info =
      roofline::case_info(device, std::move(params),
                          scan_work(p, static_cast<std::int64_t>(n), passes), device.compute_units);
  return typed_case<ScanKernel>(std::move(info), p, kind, n, std::move(cache), config);
}

std::unique_ptr<roofline::Case> make_cub_scan_case(const roofline::Device& device, ScanKind kind,
                                                   Precision p, std::size_t n,
                                                   std::shared_ptr<HostInputCache> cache) {
  const nlohmann::json params = {
      {"n", n},
      {"kind", to_string(kind)},
      {"library", cub_version()},
      {"call",
       kind == ScanKind::inclusive ? "DeviceScan::InclusiveSum" : "DeviceScan::ExclusiveSum"}};
  auto info = roofline::case_info(device, params, scan_work(p, static_cast<std::int64_t>(n)),
                                  device.compute_units);
  return typed_case<CubScan>(std::move(info), p, kind, n, std::move(cache));
}

}  // namespace kernels::cuda
