#include "kernels/cuda/calibration_cases.hpp"

#include <algorithm>
#include <string>

#include "kernels/cuda/cases.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/stream.hpp"

namespace kernels::cuda {
namespace {

constexpr int kCalibrationDepth = 8;
constexpr char kKernel[] = "grid_stride_v16";

bool is_calibration_kernel(const roofline::CaseInfo& info) {
  if (info.variant != kKernel) return false;
  if (info.family == kNestedSaxpy.name)
    return info.params.at("m") == kCalibrationDepth &&
           info.work.precision == roofline::Precision::fp32;
  const std::string op = info.params.at("op");
  return info.work.precision == roofline::Precision::fp64 && (op == "read" || op == "write");
}

// A case with its declared FLOPs dropped: calibrates only the quantities it knows exactly.
class BytesOnly final : public roofline::Case {
 public:
  explicit BytesOnly(std::unique_ptr<roofline::Case> inner)
      : Case(without_flops(inner->info())), inner_(std::move(inner)) {}
  void prepare() override { inner_->prepare(); }
  void run() override { inner_->run(); }
  roofline::Verification verify() override { return inner_->verify(); }
  void release() override { inner_->release(); }
  bool device_timed() const override { return inner_->device_timed(); }
  std::optional<double> last_device_seconds() const override {
    return inner_->last_device_seconds();
  }
  double run_calls(int calls) override { return inner_->run_calls(calls); }

 private:
  static roofline::CaseInfo without_flops(roofline::CaseInfo info) {
    info.work.flops = 0;
    return info;
  }
  std::unique_ptr<roofline::Case> inner_;
};

}  // namespace

std::vector<std::unique_ptr<roofline::Case>> calibration_cases(const roofline::Device& device) {
  roofline::RunOptions options;
  options.families = {std::string(kNestedSaxpy.name), std::string(kStream.name)};
  options.variants = {kKernel};
  auto cases = make_cases(device, options);
  std::erase_if(cases, [](const auto& c) { return !is_calibration_kernel(c->info()); });
  for (auto& c : cases)
    if (c->info().family == kStream.name && c->info().params.at("op") == "read")
      c = std::make_unique<BytesOnly>(std::move(c));
  return cases;
}

}  // namespace kernels::cuda
