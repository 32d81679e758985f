#include "probes/opencl/l2_shared.hpp"

#include "kernels/opencl/case.hpp"
#include "kernels/opencl/cases.hpp"
#include "probes/opencl/device.hpp"

namespace rooflab_embedded {
extern const std::string_view l2_shared_cl;
}

namespace probes::opencl {
namespace {

using kernels::opencl::Runtime;

constexpr int kPasses = 1024;

class L2SharedCase final : public kernels::opencl::ClCase {
 public:
  L2SharedCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime,
               const L2SharedConfig& config)
      : ClCase(std::move(info), std::move(runtime)), config_(config) {}

 protected:
  void prepare_device() override {
    kernel_ = cl::Kernel(runtime().program("l2_shared.cl", rooflab_embedded::l2_shared_cl,
                                           "-DLOADS=" + std::to_string(kL2SharedLoadsPerPass)),
                         "l2_shared_read");
    const std::vector<float> data = l2_shared_data(config_);
    data_ = runtime().buffer(data.size() * sizeof(float), "l2_shared slices");
    runtime().write(data_, data);
    sums_ = runtime().buffer(threads() * sizeof(float), "l2_shared sums");
    kernel_.setArg(0, data_);
    kernel_.setArg(1, static_cast<cl_int>(config_.readers));
    kernel_.setArg(2, static_cast<cl_int>(config_.passes));
    kernel_.setArg(3, sums_);
  }

  double run_device() override {
    return runtime().launch(kernel_, cl::NDRange(threads()),
                            cl::NDRange(static_cast<std::size_t>(config_.threads)));
  }

  roofline::Verification verify_device() override {
    runtime().write(sums_, std::vector<float>(threads(), -1.0f));
    run_device();
    return verify_l2_shared(config_, runtime().read<float>(sums_, threads()));
  }

  void release_device() override {
    kernel_ = {};
    data_ = {};
    sums_ = {};
  }

 private:
  std::size_t threads() const {
    return static_cast<std::size_t>(config_.blocks) * static_cast<std::size_t>(config_.threads);
  }

  L2SharedConfig config_;
  cl::Kernel kernel_;
  cl::Buffer data_, sums_;
};

}  // namespace

std::unique_ptr<roofline::Case> make_l2_shared_case(const L2SharedConfig& config,
                                                    const roofline::Device& device,
                                                    std::shared_ptr<Runtime> runtime) {
  check_l2_shared_config(config, "L2 shared-read probe");
  auto info = kernels::opencl::opencl_case_info(device, "bandwidth",
                                                "l2_shared_d" + std::to_string(config.readers),
                                                l2_shared_params(config), l2_shared_work(config));
  info.level = kL2SharedLevel;
  return std::make_unique<L2SharedCase>(std::move(info), std::move(runtime), config);
}

std::vector<L2SharedConfig> l2_shared_configs(const roofline::Device& device,
                                              const Runtime& runtime) {
  const bool has_l2 = std::any_of(device.caches.begin(), device.caches.end(),
                                  [](const roofline::Cache& c) { return c.level == "L2"; });
  if (!kernels::opencl::is_device_type(device, "GPU") || !has_l2) return {};
  const auto group = static_cast<int>(kernels::opencl::group_size(runtime.device(), kProbeGroup));
  std::vector<L2SharedConfig> configs;
  for (int readers : kL2SharedReaders)
    configs.push_back(
        {.blocks = static_cast<int>(kProbeGroupsPerUnit) * std::max(device.compute_units, 1),
         .threads = group,
         .readers = readers,
         .passes = kPasses});
  return configs;
}

}  // namespace probes::opencl
