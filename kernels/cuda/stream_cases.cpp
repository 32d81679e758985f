#include "kernels/cuda/stream_cases.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/cublas.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/fill.hpp"
#include "kernels/cuda/stream.hpp"
#include "kernels/cuda/stream_check.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/json_io.hpp"

namespace kernels::cuda {
namespace {

constexpr double kScalar = 3;  // STREAM's
constexpr std::array<std::uint64_t, 2> kInputSeeds = {101, 102};
constexpr std::uint64_t kOutputSeed = 103;  // the initial output an in-place op (daxpy) reads

// Enqueues `passes` passes of the operation; read and dot leave their sum as the total of
// `partials` (as many values as the launch has blocks).
template <class T>
using StreamLaunch = std::function<void(int passes, T* out, const T* in1, const T* in2,
                                        std::size_t n, T s, T* partials)>;

template <class T>
class StreamCase final : public CudaCase {
 public:
  StreamCase(roofline::CaseInfo info, StreamOp op, int passes, int launches, std::size_t partials,
             std::size_t n, StreamLaunch<T> launch)
      : CudaCase(std::move(info)),
        op_(op),
        passes_(passes),
        launches_(launches),
        partial_count_(partials),
        n_(n),
        launch_(std::move(launch)) {}

 protected:
  void prepare_device() override {
    for (int k = 0; k < stream_inputs(op_); ++k) {
      inputs_[k].emplace(n_);
      fill_random(inputs_[k]->data(), n_, kInputSeeds[k]);
    }
    if (stream_stores(op_)) {
      out_.emplace(n_);
      reset_output(T{0});
    } else {
      partials_.emplace(partial_count_);
    }
  }

  void run_device() override {
    for (int k = 0; k < launches_; ++k) launch(passes_);
  }

  // One pass from known values, checked on the device: daxpy reads its output and alternates s
  // between passes, so only a single pass has the textbook result (the other operations repeat
  // the same pass).
  roofline::Verification verify_device() override {
    const StreamSeeds seeds{kInputSeeds[0], kInputSeeds[1], kOutputSeed};
    if (!stream_stores(op_)) {
      fill_value(partials_->data(), partials_->size(), std::numeric_limits<T>::quiet_NaN());
      launch(1);
      const std::vector<T> partials = partials_->to_host();
      const double sum = std::accumulate(partials.begin(), partials.end(), 0.0);
      return verify_stream_sum_on_device<T>(op_, sum, n_, seeds);
    }
    reset_output(std::numeric_limits<T>::quiet_NaN());
    launch(1);
    return verify_stream_output_on_device<T>(op_, out_->data(), n_, T(kScalar), seeds);
  }

  void release_device() override {
    partials_.reset();
    out_.reset();
    for (auto& in : inputs_) in.reset();
  }

 private:
  void launch(int passes) {
    launch_(passes, data(out_), data(inputs_[0]), data(inputs_[1]), n_, T(kScalar),
            data(partials_));
  }
  static T* data(const std::optional<DeviceBuffer<T>>& b) { return b ? b->data() : nullptr; }
  // The output before a run: `value` everywhere, or known random values for an in-place op.
  void reset_output(T value) {
    if (stream_in_place(op_)) {
      fill_random(out_->data(), n_, kOutputSeed);
    } else {
      fill_value(out_->data(), n_, value);
    }
  }

  StreamOp op_;
  int passes_, launches_;
  std::size_t partial_count_, n_;
  StreamLaunch<T> launch_;
  std::optional<DeviceBuffer<T>> out_;
  std::array<std::optional<DeviceBuffer<T>>, 2> inputs_;
  std::optional<DeviceBuffer<T>> partials_;
};

template <class T>
std::unique_ptr<roofline::Case> kernel_case(roofline::CaseInfo info, const StreamConfig& c,
                                            std::size_t n) {
  return std::make_unique<StreamCase<T>>(
      std::move(info), c.op, c.passes, c.launches, stream_partials(c.geometry, n, sizeof(T)), n,
      [c](int passes, T* out, const T* in1, const T* in2, std::size_t count, T s, T* partials) {
        stream_launch<T>(c.op, c.geometry, passes, out, in1, in2, count, s, partials);
      });
}

template <class T>
std::unique_ptr<roofline::Case> cublas_dot_case(roofline::CaseInfo info, std::size_t n) {
  auto handle = std::make_shared<CublasHandle>();
  return std::make_unique<StreamCase<T>>(
      std::move(info), StreamOp::dot, 1, 1, 1, n,
      [handle](int, T*, const T* in1, const T* in2, std::size_t count, T, T* result) {
        cublas_dot(handle->get(), static_cast<std::int64_t>(count), in1, in2, result);
      });
}

}  // namespace

roofline::Work stream_config_work(const StreamConfig& config, roofline::Precision p,
                                  std::size_t n) {
  roofline::Work w = stream_work(config.op, p, static_cast<std::int64_t>(n), Store::temporal);
  const double repeats = double(config.passes) * config.launches;
  w.flops *= repeats;
  w.bytes *= repeats;
  // A warp's stores cover whole 32-byte sectors, which L2 writes back without reading them first.
  w.bytes_write_allocate = w.bytes;
  return w;
}

std::unique_ptr<roofline::Case> make_stream_case(const roofline::Device& device,
                                                 const std::string& family,
                                                 const std::string& variant,
                                                 const StreamConfig& config, roofline::Precision p,
                                                 std::size_t n, std::optional<std::string> level) {
  check_geometry(config.geometry, roofline::size_of(p), kStreamItems);
  if (config.passes < 1)
    throw roofline::InputError("passes " + std::to_string(config.passes) + " is below 1");
  if (config.launches < 1)
    throw roofline::InputError("launches " + std::to_string(config.launches) + " is below 1");
  if (n == 0) throw roofline::InputError("stream: size 0 has no elements");
  const Geometry& g = config.geometry;
  if (slices(g) && config.op != StreamOp::read)
    throw roofline::InputError("slices: the " + std::string(to_string(config.op)) +
                               " kernel has only the grid stride");
  nlohmann::json params = {{"n", n},
                           {"op", to_string(config.op)},
                           {"passes", config.passes},
                           {"launches", config.launches},
                           {"vector_bytes", g.vector_bytes},
                           {"threads_per_block", g.threads},
                           {"blocks_per_sm", g.blocks_per_sm},
                           {"items_per_thread", g.items}};
  if (slices(g)) params["slice_rows"] = g.slice_rows;
  auto info = roofline::case_info(device, family, variant, params, stream_config_work(config, p, n),
                                  device.compute_units);
  if (level) info.level = *level;
  return with_type<float, double>(
      p, "stream on CUDA", [&]<class T>() { return kernel_case<T>(std::move(info), config, n); });
}

std::unique_ptr<roofline::Case> make_stream_case(const roofline::Device& device,
                                                 const StreamConfig& config, roofline::Precision p,
                                                 std::size_t n) {
  return make_stream_case(device, "", "", config, p, n);
}

std::unique_ptr<roofline::Case> make_cublas_dot_case(const roofline::Device& device,
                                                     roofline::Precision p, std::size_t n) {
  if (n == 0) throw roofline::InputError("stream: size 0 has no elements");
  const nlohmann::json params = {{"n", n}, {"op", "dot"}, {"passes", 1}};
  const StreamConfig dot{.op = StreamOp::dot, .geometry = {}, .passes = 1};
  auto info =
      roofline::case_info(device, params, stream_config_work(dot, p, n), device.compute_units);
  return with_type<float, double>(
      p, "stream on CUDA", [&]<class T>() { return cublas_dot_case<T>(std::move(info), n); });
}

}  // namespace kernels::cuda
