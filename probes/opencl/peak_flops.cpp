#include "probes/opencl/peak_flops.hpp"

#include <algorithm>
#include <random>
#include <set>

#include "kernels/opencl/case.hpp"
#include "kernels/opencl/cases.hpp"
#include "kernels/precision_dispatch.hpp"
#include "probes/chain_check.hpp"
#include "probes/opencl/device.hpp"
#include "roofline/json_io.hpp"

namespace rooflab_embedded {
extern const std::string_view peak_flops_cl;
}

namespace probes::opencl {
namespace {

using kernels::opencl::Runtime;
using roofline::Precision;

// Chain steps per loop trip on a GPU: 64 steps of 8 chains leave the loop's own three or four
// instructions under 1% of the issue slots.
constexpr int kGpuUnroll = 64;

std::size_t work_items(const PeakFlopsConfig& c) { return c.group * c.groups; }
std::size_t values(const PeakFlopsConfig& c) {
  return work_items(c) * static_cast<std::size_t>(c.chains * c.width);
}

template <class T>
class PeakFlopsCase final : public kernels::opencl::ClCase {
 public:
  PeakFlopsCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime,
                const PeakFlopsConfig& config)
      : ClCase(std::move(info), std::move(runtime)), config_(config) {}

 protected:
  void prepare_device() override {
    const std::string options = std::string("-DREAL=") + kernels::opencl::cl_type<T>() +
                                " -DW=" + std::to_string(config_.width) +
                                " -DC=" + std::to_string(config_.chains) + " -DOP=" + config_.op +
                                " -DU=" + std::to_string(config_.unroll);
    kernel_ = cl::Kernel(
        runtime().program("peak_flops.cl", rooflab_embedded::peak_flops_cl, options), "fma_chains");
    // Start values in [0.5, 1), away from 2b, so that only a whole chain converges.
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<T> start(0.5, 1.0);
    std::vector<T> starts(static_cast<std::size_t>(config_.chains * config_.width));
    for (T& v : starts) v = start(rng);
    start_ = runtime().buffer(starts.size() * sizeof(T), "peak_flops start values");
    out_ = runtime().buffer(values(config_) * sizeof(T), "peak_flops chain values");
    runtime().write(start_, starts);
    kernel_.setArg(0, out_);
    kernel_.setArg(1, start_);
    kernel_.setArg(2, T(0.5));
    // b in [1, 1.5) with its last mantissa bit 0: the ties of t·0.5 + b near 2b round onto 2b.
    kernel_.setArg(3, T(kB));
    kernel_.setArg(4, static_cast<cl_int>(config_.iterations));
  }

  double run_device() override {
    return runtime().launch(kernel_, cl::NDRange(work_items(config_)), cl::NDRange(config_.group));
  }

  roofline::Verification verify_device() override {
    runtime().write(out_, std::vector<T>(values(config_), T(0)));
    run_device();
    const std::vector<T> out = runtime().read<T>(out_, values(config_));
    return probes::check_chains(std::vector<double>(out.begin(), out.end()), 2 * kB);
  }

  void release_device() override {
    kernel_ = {};
    start_ = {};
    out_ = {};
  }

 private:
  static constexpr double kB = 1.25;
  PeakFlopsConfig config_;
  cl::Kernel kernel_;
  cl::Buffer start_, out_;
};

int preferred_width(const cl::Device& device, Precision p) {
  const cl_uint w = kernels::opencl::checked([&] {
    return p == Precision::fp64 ? device.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE>()
                                : device.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT>();
  });
  return std::clamp(static_cast<int>(w), 1, 16);
}

}  // namespace

roofline::Work peak_flops_work(const PeakFlopsConfig& config) {
  return {.precision = config.precision,
          .flops = 2.0 * static_cast<double>(values(config)) * config.iterations,
          .bytes = 0,
          .bytes_write_allocate = 0,
          .working_set = static_cast<double>(values(config)) * size_of(config.precision)};
}

std::string peak_flops_variant(const PeakFlopsConfig& config) {
  return config.op + "_w" + std::to_string(config.width) + "_c" + std::to_string(config.chains) +
         "_wg" + std::to_string(config.group);
}

std::unique_ptr<roofline::Case> make_peak_flops_case(const PeakFlopsConfig& config,
                                                     const roofline::Device& device,
                                                     std::shared_ptr<Runtime> runtime) {
  if (config.op != "fma" && config.op != "mad")
    throw roofline::InputError("peak_flops: op '" + config.op + "' is neither fma nor mad");
  if (config.iterations < 1 || config.chains < 1 || config.width < 1)
    throw roofline::InputError("peak_flops: iterations, chains and width must be at least 1");
  if (config.unroll < 1 || config.iterations % config.unroll != 0)
    throw roofline::InputError("peak_flops: iterations " + std::to_string(config.iterations) +
                               " is not a multiple of the unroll " + std::to_string(config.unroll));
  const nlohmann::json params = {{"op", config.op},         {"width", config.width},
                                 {"chains", config.chains}, {"group", config.group},
                                 {"groups", config.groups}, {"iterations", config.iterations},
                                 {"unroll", config.unroll}};
  auto info = kernels::opencl::opencl_case_info(device, "peak_flops", peak_flops_variant(config),
                                                params, peak_flops_work(config));
  info.level = "";
  return kernels::with_type<float, double>(
      config.precision, "peak_flops on OpenCL", [&]<class T>() -> std::unique_ptr<roofline::Case> {
        return std::make_unique<PeakFlopsCase<T>>(std::move(info), std::move(runtime), config);
      });
}

std::vector<PeakFlopsConfig> peak_flops_configs(const roofline::Device& device,
                                                const Runtime& runtime, bool quick) {
  const std::size_t group = kernels::opencl::group_size(runtime.device(), kProbeGroup);
  const std::size_t groups =
      kProbeGroupsPerUnit * static_cast<std::size_t>(std::max(device.compute_units, 1));
  const bool gpu = kernels::opencl::is_device_type(device, "GPU");
  const int unroll = gpu ? kGpuUnroll : 1;
  // A GPU launch of 2^13 steps lasts half a millisecond on an H200, where the launch's ramp and
  // tail cost a percent: 2^16 steps make it 4 ms.
  const int iterations = gpu ? 1 << 16 : PeakFlopsConfig{}.iterations;
  std::vector<PeakFlopsConfig> configs;
  for (Precision p : {Precision::fp32, Precision::fp64}) {
    if (!kernels::opencl::supports(runtime.device(), p)) continue;
    std::set<int> widths = {1, preferred_width(runtime.device(), p)};
    if (!quick) widths = {1, 2, 4, 8, 16};
    // mad lets the compiler choose the instruction (fused or not); the faster of the two counts.
    for (const char* op : {"fma", "mad"}) {
      for (int width : widths)
        configs.push_back({.precision = p,
                           .op = op,
                           .width = width,
                           .group = group,
                           .groups = groups,
                           .iterations = iterations,
                           .unroll = unroll});
    }
  }
  return configs;
}

}  // namespace probes::opencl
