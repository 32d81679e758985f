#include "kernels/opencl/reduce_cases.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>

#include "kernels/opencl/case.hpp"
#include "kernels/opencl/cases.hpp"
#include "kernels/opencl/clblast.hpp"
#include "kernels/opencl/reduce_kernel.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/json_io.hpp"

namespace kernels::opencl {
namespace {

using roofline::Precision;

constexpr std::uint64_t kReduceXSeed = 401, kReduceYSeed = 402;  // as the CUDA cases'

// Runner: ReduceKernel<T> or ClblastReduce<T> (launch(x, y), result()).
template <class T, class Runner>
class ReduceCase final : public ClCase {
 public:
  ReduceCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime, ReduceOp op, std::size_t n,
             std::function<std::unique_ptr<Runner>(Runtime&)> make_runner,
             std::shared_ptr<HostInputCache> cache)
      : ClCase(std::move(info), std::move(runtime)),
        op_(op),
        n_(n),
        make_runner_(std::move(make_runner)),
        cache_(cache ? std::move(cache) : std::make_shared<HostInputCache>()) {}

 protected:
  // Arrays of at least one element: a reduction of length 0 still gets valid buffers.
  void prepare_device() override {
    x_ = upload(kReduceXSeed);
    if (op_ == ReduceOp::dot) y_ = upload(kReduceYSeed);
    runner_ = make_runner_(runtime());
  }

  double run_device() override { return runner_->launch(x_, y()); }

  roofline::Verification verify_device() override {
    const T first = launch_poisoned();
    const T second = launch_poisoned();
    const auto x = cache_->get<T>(kReduceXSeed, n_);
    const auto y = op_ == ReduceOp::dot ? cache_->get<T>(kReduceYSeed, n_) : nullptr;
    return verify_reduce_twice<T>(op_, first, second, x->data(), y ? y->data() : nullptr, n_);
  }

  void release_device() override {
    runner_.reset();
    y_ = {};
    x_ = {};
  }

 private:
  cl::Buffer upload(std::uint64_t seed) {
    cl::Buffer b = runtime().buffer(std::max<std::size_t>(n_, 1) * sizeof(T), "reduce input");
    if (n_ > 0) runtime().write(b, *cache_->get<T>(seed, n_));
    return b;
  }
  const cl::Buffer* y() const { return op_ == ReduceOp::dot ? &y_ : nullptr; }

  // The result of one launch over a poisoned result (all bits set: NaN, or -1 for int32).
  T launch_poisoned() {
    using A = typename Runner::A;
    A poison;
    std::fill_n(reinterpret_cast<unsigned char*>(&poison), sizeof poison, 0xff);
    runtime().write(runner_->result(), std::vector<A>{poison});
    runner_->launch(x_, y());
    return static_cast<T>(runtime().read<A>(runner_->result(), 1).at(0));  // int32: mod 2^32
  }

  ReduceOp op_;
  std::size_t n_;
  std::function<std::unique_ptr<Runner>(Runtime&)> make_runner_;
  std::shared_ptr<HostInputCache> cache_;
  cl::Buffer x_, y_;
  std::unique_ptr<Runner> runner_;
};

// A case of Runner<T>, T the one of Types whose precision is p.
template <template <class> class Runner, class... Types, class... Args>
std::unique_ptr<roofline::Case> typed_case(roofline::CaseInfo info,
                                           std::shared_ptr<Runtime> runtime, Precision p,
                                           ReduceOp op, std::size_t n,
                                           std::shared_ptr<HostInputCache> cache, Args... args) {
  const auto make = [&]<class T>() -> std::unique_ptr<roofline::Case> {
    return std::make_unique<ReduceCase<T, Runner<T>>>(
        std::move(info), std::move(runtime), op, n,
        [=](Runtime& r) { return std::make_unique<Runner<T>>(r, args..., n); }, std::move(cache));
  };
  return with_type<Types...>(p, "reduce on OpenCL", make);
}

}  // namespace

std::unique_ptr<roofline::Case> make_reduce_case(const roofline::Device& device,
                                                 std::shared_ptr<Runtime> runtime,
                                                 const DeviceSupport& support,
                                                 const ReduceConfig& config, Precision p,
                                                 std::size_t n, bool sweep,
                                                 std::shared_ptr<HostInputCache> cache) {
  const std::size_t max_group =
      checked([&] { return runtime->device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>(); });
  check_config(config, p, max_group);
  if (const auto why = unsupported(config, p, support))
    throw roofline::InputError("reduce " + reduce_variant_name(config) + " in " +
                               std::string(to_string(p)) + ": " + *why);
  const ReduceShape& s = config.shape;
  const int vector = vector_elements(s.width, roofline::size_of(p));
  nlohmann::json params = {{"n", n},
                           {"op", to_string(config.op)},
                           {"passes", to_string(config.passes)},
                           {"block_reduce", to_string(s.block)},
                           {"load", to_string(s.load)},
                           {"load_bytes", vector * roofline::size_of(p)},
                           {"loads_per_thread", s.loads},
                           {"items_per_thread", s.loads * vector},
                           {"threads_per_block", config.group},
                           {"description", reduce_description(config, p, support)}};
  if (sweep) params["sweep"] = "threads_per_block x items_per_thread";
  auto info = opencl_case_info(device, std::move(params),
                               reduce_work(config.op, p, static_cast<std::int64_t>(n)));
  return typed_case<ReduceKernel, float, double, std::int32_t>(
      std::move(info), std::move(runtime), p, config.op, n, std::move(cache), config, support);
}

std::unique_ptr<roofline::Case> make_clblast_reduce_case(const roofline::Device& device,
                                                         std::shared_ptr<Runtime> runtime,
                                                         ReduceOp op, Precision p, std::size_t n,
                                                         std::shared_ptr<HostInputCache> cache) {
  if (p != Precision::fp32 && p != Precision::fp64)
    throw roofline::InputError("CLBlast has no " + std::string(to_string(p)) +
                               " sum or dot (fp32, fp64 only)");
  const nlohmann::json params = {{"n", n},
                                 {"op", to_string(op)},
                                 {"library", clblast_version()},
                                 {"call", clblast_routine(op, p)}};
  auto info = opencl_case_info(device, params, reduce_work(op, p, static_cast<std::int64_t>(n)));
  return typed_case<ClblastReduce, float, double>(std::move(info), std::move(runtime), p, op, n,
                                                  std::move(cache), op);
}

}  // namespace kernels::opencl
