#include "kernels/opencl/gemm_cases.hpp"

#include <cstdint>
#include <functional>

#include "kernels/opencl/case.hpp"
#include "kernels/opencl/cases.hpp"
#include "kernels/opencl/clblast.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace kernels::opencl {
namespace {

using roofline::Precision;

constexpr std::uint64_t kASeed = 501, kBSeed = 502;  // as the CPU cases'

// Runner: GemmKernel<T> or ClblastGemm<T>.
template <class T, class Runner>
class GemmCase final : public ClCase {
 public:
  GemmCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime, const GemmClConfig& config,
           const GemmShape& s, std::shared_ptr<HostInputCache> cache)
      : ClCase(std::move(info), std::move(runtime)),
        config_(config),
        s_(s),
        cache_(cache ? std::move(cache) : std::make_shared<HostInputCache>()) {}

 protected:
  void prepare_device() override {
    a_ = upload(kASeed, entries(s_.m, s_.k), "gemm A");
    b_ = upload(kBSeed, entries(s_.k, s_.n), "gemm B");
    if (config_.technique == GemmClTechnique::naive_transposed_b)  // stored so, not timed
      runtime().write(b_,
                      gemm_transposed_b(s_, cache_->get<T>(kBSeed, entries(s_.k, s_.n))->data()));
    x_ = runtime().buffer(entries(s_.m, s_.n) * sizeof(T), "gemm X");
    runner_ = std::make_unique<Runner>(runtime(), config_, s_);
  }

  double run_device() override { return runner_->launch(a_, b_, x_); }

  roofline::Verification verify_device() override {
    // Poisoned first: all bits set, a NaN.
    runtime().write(x_, std::vector<unsigned char>(entries(s_.m, s_.n) * sizeof(T), 0xff));
    runner_->launch(a_, b_, x_);
    const std::vector<T> x = runtime().read<T>(x_, entries(s_.m, s_.n));
    return verify_gemm<T>(s_, cache_->get<T>(kASeed, entries(s_.m, s_.k))->data(),
                          cache_->get<T>(kBSeed, entries(s_.k, s_.n))->data(), x.data());
  }

  void release_device() override {
    runner_.reset();
    x_ = {};
    b_ = {};
    a_ = {};
  }

 private:
  static std::size_t entries(std::int64_t rows, std::int64_t cols) {
    return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  }

  cl::Buffer upload(std::uint64_t seed, std::size_t n, const std::string& what) {
    cl::Buffer buffer = runtime().buffer(n * sizeof(T), what);
    runtime().write(buffer, *cache_->get<T>(seed, n));
    return buffer;
  }

  GemmClConfig config_;
  GemmShape s_;
  std::shared_ptr<HostInputCache> cache_;
  cl::Buffer a_, b_, x_;
  std::unique_ptr<Runner> runner_;
};

}  // namespace

std::unique_ptr<roofline::Case> make_gemm_case(const roofline::Device& device,
                                               std::shared_ptr<Runtime> runtime,
                                               const GemmClConfig& config, Precision p,
                                               const GemmShape& s,
                                               std::shared_ptr<HostInputCache> cache) {
  const std::string name = gemm_variant_name(config);
  if (const auto why = gemm_unsupported(config, p, gemm_cl_limits(runtime->device())))
    throw roofline::InputError("gemm " + name + ": " + *why);
  if (s.m < 1 || s.n < 1 || s.k < 1)
    throw roofline::InputError("gemm " + name + " " + gemm_shape_name(s) +
                               ": every size must be at least 1");
  nlohmann::json params = {{"n", s.n},
                           {"m", s.m},
                           {"k", s.k},
                           {"shape", gemm_shape_name(s)},
                           {"technique", to_string(config.technique)}};
  const bool clblast = config.technique == GemmClTechnique::clblast;
  if (clblast) {
    params["library"] = clblast_version();
    params["call"] = clblast_gemm_routine(p);
  } else {
    if (config.technique == GemmClTechnique::tiled) {
      params["tile"] = config.tile;
    } else if (config.technique == GemmClTechnique::block_tiled ||
               config.technique == GemmClTechnique::warp_tiled) {
      params["block_rows"] = config.block_rows;
      params["block_cols"] = config.block_cols;
      params["depth"] = config.depth;
      if (config.technique == GemmClTechnique::warp_tiled) {
        params["warp_rows"] = config.warp_rows;
        params["warp_cols"] = config.warp_cols;
        params["warp_col_iters"] = config.warp_col_iters;
        params["a_pad"] = config.a_pad;
        params["group_rows"] = config.group_rows;
      }
    } else {
      params["group_x"] = config.group_x;
      params["group_y"] = config.group_y;
    }
    if (config.technique == GemmClTechnique::naive_transposed_b)
      params["b_layout"] = "transposed (n x k), stored so before timing";
    if (config.technique != GemmClTechnique::naive &&
        config.technique != GemmClTechnique::naive_transposed_b &&
        config.technique != GemmClTechnique::tiled) {
      params["rows"] = config.rows;
      params["cols"] = config.cols;
    }
  }
  auto info =
      opencl_case_info(device, std::move(params), gemm_work(p, s, gemm_cl_traffic(config, s)));
  const auto make = [&]<class T>() -> std::unique_ptr<roofline::Case> {
    if (clblast)
      return std::make_unique<GemmCase<T, ClblastGemm<T>>>(std::move(info), std::move(runtime),
                                                           config, s, std::move(cache));
    return std::make_unique<GemmCase<T, GemmKernel<T>>>(std::move(info), std::move(runtime), config,
                                                        s, std::move(cache));
  };
  return with_type<float, double>(p, "gemm on OpenCL", make);
}

}  // namespace kernels::opencl
