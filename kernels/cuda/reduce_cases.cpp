#include "kernels/cuda/reduce_cases.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/cub.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/fill.hpp"
#include "kernels/cuda/reduce.hpp"
#include "kernels/cuda/reduce_cub.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/json_io.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

constexpr std::uint64_t kReduceXSeed = 401, kReduceYSeed = 402;

// Runner: ReduceKernel<T> or CubReduce<T> (launch(x, y), result()).
template <class T, class Runner>
class ReduceCase final : public CudaCase {
 public:
  ReduceCase(roofline::CaseInfo info, ReduceOp op, std::size_t n,
             std::function<std::unique_ptr<Runner>()> make_runner,
             std::shared_ptr<HostInputCache> cache)
      : CudaCase(std::move(info)),
        op_(op),
        n_(n),
        make_runner_(std::move(make_runner)),
        cache_(cache ? std::move(cache) : std::make_shared<HostInputCache>()) {}

 protected:
  // Arrays of at least one element: a reduction of length 0 still gets valid pointers.
  void prepare_device() override {
    x_.emplace(std::max<std::size_t>(n_, 1));
    fill_random(x_->data(), n_, kReduceXSeed);
    if (op_ == ReduceOp::dot) {
      y_.emplace(std::max<std::size_t>(n_, 1));
      fill_random(y_->data(), n_, kReduceYSeed);
    }
    runner_ = make_runner_();
  }

  void run_device() override { runner_->launch(x_->data(), y()); }

  roofline::Verification verify_device() override {
    const T first = launch_poisoned();
    const T second = launch_poisoned();
    const auto x = cache_->get<T>(kReduceXSeed, n_);
    const auto y = op_ == ReduceOp::dot ? cache_->get<T>(kReduceYSeed, n_) : nullptr;
    return verify_reduce_twice<T>(op_, first, second, x->data(), y ? y->data() : nullptr, n_);
  }

  void release_device() override {
    runner_.reset();
    y_.reset();
    x_.reset();
  }

 private:
  const T* y() const { return y_ ? y_->data() : nullptr; }

  // The result of one launch over a poisoned result (all bits set: NaN, or -1 for int32).
  T launch_poisoned() {
    using A = Accumulator<T>;
    ROOFLAB_CUDA(cudaMemset(runner_->result(), 0xff, sizeof(A)));
    runner_->launch(x_->data(), y());
    A value{};
    ROOFLAB_CUDA(cudaMemcpy(&value, runner_->result(), sizeof(A), cudaMemcpyDeviceToHost));
    return static_cast<T>(value);  // int32: modulo 2^32 (C++20)
  }

  ReduceOp op_;
  std::size_t n_;
  std::function<std::unique_ptr<Runner>()> make_runner_;
  std::shared_ptr<HostInputCache> cache_;
  std::optional<DeviceBuffer<T>> x_, y_;
  std::unique_ptr<Runner> runner_;
};

template <template <class> class Runner, class... Args>
std::unique_ptr<roofline::Case> typed_case(roofline::CaseInfo info, Precision p, ReduceOp op,
                                           std::size_t n, std::shared_ptr<HostInputCache> cache,
                                           Args... args) {
  const auto make = [&]<class T>() -> std::unique_ptr<roofline::Case> {
    return std::make_unique<ReduceCase<T, Runner<T>>>(
        std::move(info), op, n, [=] { return std::make_unique<Runner<T>>(args..., n); },
        std::move(cache));
  };
  return with_type<float, double, std::int32_t>(p, "reduce on CUDA", make);
}

}  // namespace

std::unique_ptr<roofline::Case> make_reduce_case(const roofline::Device& device,
                                                 const ReduceConfig& config, Precision p,
                                                 std::size_t n, bool sweep,
                                                 std::shared_ptr<HostInputCache> cache) {
  check_config(config, p);
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
                           {"threads_per_block", config.threads}};
  if (s.bounds == Bounds::checked) params["bounds"] = to_string(s.bounds);
  if (config.blocks_per_sm > 0) params["blocks_per_sm"] = config.blocks_per_sm;
  if (sweep) params["sweep"] = "threads_per_block x items_per_thread";
  auto info = roofline::case_info(device, std::move(params),
                                  reduce_work(config.op, p, static_cast<std::int64_t>(n)),
                                  device.compute_units);
  return typed_case<ReduceKernel>(std::move(info), p, config.op, n, std::move(cache), config);
}

std::unique_ptr<roofline::Case> make_cub_reduce_case(const roofline::Device& device, ReduceOp op,
                                                     Precision p, std::size_t n,
                                                     std::shared_ptr<HostInputCache> cache) {
  const nlohmann::json params = {
      {"n", n},
      {"op", to_string(op)},
      {"library", cub_version()},
      {"call", op == ReduceOp::dot
                   ? "DeviceReduce::TransformReduce over a zip iterator of (x, y), multiply"
               : op == ReduceOp::sum ? "DeviceReduce::Sum"
                                     : "DeviceReduce::Max"}};
  auto info = roofline::case_info(device, params, reduce_work(op, p, static_cast<std::int64_t>(n)),
                                  device.compute_units);
  return typed_case<CubReduce>(std::move(info), p, op, n, std::move(cache), op);
}

}  // namespace kernels::cuda
