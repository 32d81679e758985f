#include "probes/cuda/l2_shared.hpp"

#include <optional>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/device_buffer.hpp"

namespace probes::cuda {
namespace {

class L2SharedCase final : public kernels::cuda::CudaCase {
 public:
  L2SharedCase(roofline::CaseInfo info, const L2SharedConfig& config)
      : CudaCase(std::move(info)), config_(config) {}

 protected:
  void prepare_device() override {
    const std::vector<float> data = l2_shared_data(config_);
    data_.emplace(data.size());
    data_->from_host(data);
    sums_.emplace(static_cast<std::size_t>(config_.blocks) * config_.threads);
  }

  void run_device() override { l2_shared_launch(config_, data_->data(), sums_->data()); }

  roofline::Verification verify_device() override {
    run_device();
    return verify_l2_shared(config_, sums_->to_host());
  }

  void release_device() override {
    data_.reset();
    sums_.reset();
  }

 private:
  L2SharedConfig config_;
  std::optional<kernels::cuda::DeviceBuffer<float>> data_, sums_;
};

}  // namespace

std::unique_ptr<roofline::Case> make_l2_shared_case(const roofline::Device& device,
                                                    const L2SharedConfig& config) {
  check_l2_shared_config(config, "L2 shared-read probe");
  roofline::CaseInfo info{.family = "bandwidth",
                          .variant = "l2_shared_d" + std::to_string(config.readers),
                          .backend = "cuda",
                          .device = device.id,
                          .params = l2_shared_params(config),
                          .work = l2_shared_work(config),
                          .level = kL2SharedLevel};
  return std::make_unique<L2SharedCase>(std::move(info), config);
}

}  // namespace probes::cuda
