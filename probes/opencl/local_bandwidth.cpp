#include "probes/opencl/local_bandwidth.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "kernels/opencl/case.hpp"
#include "kernels/opencl/cases.hpp"
#include "probes/opencl/device.hpp"
#include "roofline/input_error.hpp"

namespace rooflab_embedded {
extern const std::string_view local_bandwidth_cl;
}

namespace probes::opencl {
namespace {

using kernels::opencl::Runtime;

constexpr int kMostTileVectors = 1024;

std::size_t lanes(const LocalBandwidthConfig& c) {
  return c.group * c.groups * static_cast<std::size_t>(c.width);
}

class LocalBandwidthCase final : public kernels::opencl::ClCase {
 public:
  LocalBandwidthCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime,
                     const LocalBandwidthConfig& config)
      : ClCase(std::move(info), std::move(runtime)), config_(config) {}

 protected:
  void prepare_device() override {
    const std::string options = "-DREAL=float -DW=" + std::to_string(config_.width) +
                                " -DTILE=" + std::to_string(config_.tile);
    kernel_ = cl::Kernel(
        runtime().program("local_bandwidth.cl", rooflab_embedded::local_bandwidth_cl, options),
        "local_read");
    out_ = runtime().buffer(lanes(config_) * sizeof(float), "local_bandwidth sums");
    kernel_.setArg(0, out_);
    kernel_.setArg(1, static_cast<cl_int>(config_.reads));
  }

  double run_device() override {
    return runtime().launch(kernel_, cl::NDRange(config_.group * config_.groups),
                            cl::NDRange(config_.group));
  }

  // Tile values are index mod 8 and every work-item reads `reads` consecutive indices (mod the
  // tile, a multiple of 8): each lane sums reads/8 × (0 + 1 + … + 7) = 3.5 × reads, exactly.
  roofline::Verification verify_device() override {
    runtime().write(out_, std::vector<float>(lanes(config_), -1.0f));
    run_device();
    const std::vector<float> out = runtime().read<float>(out_, lanes(config_));
    const double expected = 3.5 * config_.reads;
    roofline::Verification v{.passed = true, .max_error = 0, .tolerance = 0, .message = ""};
    std::size_t first_wrong = out.size();
    for (std::size_t i = 0; i < out.size(); ++i) {
      const double error = std::abs(out[i] - expected);
      if (error == 0) continue;
      v.passed = false;
      v.max_error = std::isnan(error) ? INFINITY : std::max(v.max_error, error);
      first_wrong = std::min(first_wrong, i);
    }
    char message[160];
    if (v.passed)
      std::snprintf(message, sizeof message, "all %zu lane sums equal 3.5 x %d exactly", out.size(),
                    config_.reads);
    else
      std::snprintf(message, sizeof message, "lane sum %zu is %.9g, not %.9g", first_wrong,
                    out[first_wrong], expected);
    v.message = message;
    return v;
  }

  void release_device() override {
    kernel_ = {};
    out_ = {};
  }

 private:
  LocalBandwidthConfig config_;
  cl::Kernel kernel_;
  cl::Buffer out_;
};

}  // namespace

roofline::Work local_bandwidth_work(const LocalBandwidthConfig& config) {
  const double bytes = static_cast<double>(lanes(config)) * config.reads * sizeof(float);
  return {.precision = roofline::Precision::fp32,
          .flops = 0,
          .bytes = bytes,
          .bytes_write_allocate = bytes,
          .working_set = static_cast<double>(config.tile) * config.width * sizeof(float)};
}

std::unique_ptr<roofline::Case> make_local_bandwidth_case(const LocalBandwidthConfig& config,
                                                          const roofline::Device& device,
                                                          std::shared_ptr<Runtime> runtime) {
  if (config.reads < 8 || config.reads % 8 != 0)
    throw roofline::InputError("local_bandwidth: reads " + std::to_string(config.reads) +
                               " is not a positive multiple of 8");
  if (config.tile < 8 || !std::has_single_bit(static_cast<unsigned>(config.tile)))
    throw roofline::InputError("local_bandwidth: tile " + std::to_string(config.tile) +
                               " is not a power of two of at least 8");
  const nlohmann::json params = {
      {"kernel", "read"},      {"store", "temporal"},   {"threads", device.compute_units},
      {"width", config.width}, {"group", config.group}, {"groups", config.groups},
      {"tile", config.tile},   {"reads", config.reads}};
  auto info = kernels::opencl::opencl_case_info(device, "local_bandwidth",
                                                "read_w" + std::to_string(config.width), params,
                                                local_bandwidth_work(config));
  info.level = kLocal;
  return std::make_unique<LocalBandwidthCase>(std::move(info), std::move(runtime), config);
}

std::vector<LocalBandwidthConfig> local_bandwidth_configs(const roofline::Device& device,
                                                          const Runtime& runtime, bool quick) {
  const std::size_t group = kernels::opencl::group_size(runtime.device(), kProbeGroup);
  const double local_bytes = device.facts.at("local_memory_bytes").get<double>();
  std::vector<LocalBandwidthConfig> configs;
  for (int width : quick ? std::vector<int>{1, 4} : std::vector<int>{1, 2, 4, 8}) {
    const double fit = local_bytes / 2 / (width * sizeof(float));
    if (fit < 8) continue;
    const int tile =
        std::min(kMostTileVectors, static_cast<int>(std::bit_floor(static_cast<unsigned>(fit))));
    configs.push_back({.width = width,
                       .group = group,
                       .groups = kProbeGroupsPerUnit *
                                 static_cast<std::size_t>(std::max(device.compute_units, 1)),
                       .tile = tile});
  }
  return configs;
}

}  // namespace probes::opencl
