#include "kernels/opencl/nested_saxpy_cases.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/opencl/case.hpp"
#include "kernels/opencl/device_check.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace rooflab_embedded {
extern const std::string_view nested_saxpy_cl;
}

namespace kernels::opencl {
namespace {

constexpr std::uint64_t kSaxpyXSeed = 401, kSaxpyYSeed = 402;

template <class T>
class NestedSaxpyCase final : public ClCase {
 public:
  NestedSaxpyCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime, int m, std::size_t n,
                  const NestedSaxpyLaunch& launch)
      : ClCase(std::move(info), runtime),
        m_(m),
        n_(n),
        launch_(launch),
        units_(static_cast<int>(runtime->device().getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>())),
        on_device_(checks_on_device(runtime->device())) {}

 protected:
  void prepare_device() override {
    const cl::Program& program = runtime().program(
        "nested_saxpy.cl", rooflab_embedded::nested_saxpy_cl,
        std::string("-DREAL=") + cl_type<T>() + " -DM=" + std::to_string(m_) +
            " -DW=" + std::to_string(launch_.width) + " -DE=" + std::to_string(launch_.chains) +
            " -DU=" + std::to_string(launch_.unroll));
    kernel_ = cl::Kernel(program, "nested_saxpy");
    x_ = runtime().buffer(n_ * sizeof(T), "nested_saxpy x");
    y_ = runtime().buffer(n_ * sizeof(T), "nested_saxpy y");
    x_host_ = put_inputs<T>(runtime(), x_, kSaxpyXSeed, n_);
    reset_y();
    kernel_.setArg(0, y_);
    kernel_.setArg(1, x_);
    kernel_.setArg(2, T(kNestedSaxpyA));
    kernel_.setArg(3, static_cast<cl_ulong>(n_));
  }

  double run_device() override {
    const std::size_t vectors = (n_ + launch_.width - 1) / launch_.width;
    const std::size_t block = launch_.group * static_cast<std::size_t>(launch_.chains);
    std::size_t groups = (vectors + block - 1) / block;
    if (launch_.groups_per_unit > 0)
      groups = std::min<std::size_t>(
          groups, std::size_t{launch_.groups_per_unit} * static_cast<std::size_t>(units_));
    return runtime().launch(kernel_, cl::NDRange(groups * launch_.group),
                            cl::NDRange(launch_.group));
  }

  // y is updated in place by every timed call: it is reset to its initial values first.
  roofline::Verification verify_device() override {
    reset_y();
    run_device();
    if (on_device_)
      return verify_nested_saxpy_on_device<T>(runtime(), m_, y_, n_, kSaxpyXSeed, kSaxpyYSeed);
    const std::vector<T> y = runtime().read<T>(y_, n_);
    return verify_nested_saxpy<T>(m_, x_host_.data(), y.data(), n_, [](std::size_t i) {
      return static_cast<T>(input_value(kSaxpyYSeed, i));
    });
  }

  void release_device() override {
    kernel_ = {};
    x_ = {};
    y_ = {};
    x_host_ = {};
  }

 private:
  void reset_y() { put_inputs<T>(runtime(), y_, kSaxpyYSeed, n_); }

  int m_;
  std::size_t n_;
  NestedSaxpyLaunch launch_;
  int units_;
  bool on_device_;  // inputs made and checked on the device (kernels/opencl/device_check.hpp)
  cl::Kernel kernel_;
  cl::Buffer x_, y_;
  std::vector<T> x_host_;  // for the host's check, where the device makes no checks
};

}  // namespace

std::string nested_saxpy_launch_name(const NestedSaxpyLaunch& launch) {
  std::string name = "w";  // appended, not `"w" + …`, which trips GCC 12's -Wrestrict
  name += std::to_string(launch.width) + "_c" + std::to_string(launch.chains) + "_wg" +
          std::to_string(launch.group);
  if (launch.groups_per_unit > 0) name += "_grid" + std::to_string(launch.groups_per_unit);
  if (launch.unroll > 1) name += "_u" + std::to_string(launch.unroll);
  return name;
}

std::unique_ptr<roofline::Case> make_nested_saxpy_case(roofline::CaseInfo info,
                                                       std::shared_ptr<Runtime> runtime, int m,
                                                       roofline::Precision p, std::size_t n,
                                                       const NestedSaxpyLaunch& launch) {
  if (launch.unroll < 1)
    throw roofline::InputError("nested saxpy: unroll " + std::to_string(launch.unroll) +
                               " is below 1");
  return with_type<float, double>(p, "nested_saxpy on OpenCL",
                                  [&]<class T>() -> std::unique_ptr<roofline::Case> {
                                    return std::make_unique<NestedSaxpyCase<T>>(
                                        std::move(info), std::move(runtime), m, n, launch);
                                  });
}

std::vector<std::string> nested_saxpy_not_offered(bool has_fp16) {
  return {std::string("fp16: ") +
              (has_fp16 ? "the device has cl_khr_fp16, but the OpenCL backend probes no fp16 FMA "
                          "roof to place it under"
                        : "the device has no cl_khr_fp16"),
          "bf16: OpenCL C has no bfloat16 type"};
}

}  // namespace kernels::opencl
