#include "kernels/cuda/nested_saxpy_cases.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/cublas.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/fill.hpp"
#include "kernels/cuda/half.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/nested_saxpy_check.hpp"
#include "kernels/cuda/nested_saxpy_thrust.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/json_io.hpp"

namespace kernels::cuda {
namespace {

constexpr std::uint64_t kSaxpyXSeed = 201, kSaxpyYSeed = 202;

// One launch of y ← f_m(x, y) on device arrays; Launch enqueues it.
template <class T>
class NestedSaxpyCase final : public CudaCase {
 public:
  using Launch = std::function<void(T* y, const T* x, std::size_t n, T a)>;
  NestedSaxpyCase(roofline::CaseInfo info, int m, std::size_t n, Launch launch)
      : CudaCase(std::move(info)), m_(m), n_(n), launch_(std::move(launch)) {}

 protected:
  void prepare_device() override {
    x_.emplace(n_);
    y_.emplace(n_);
    fill_random(x_->data(), n_, kSaxpyXSeed);
    fill_random(y_->data(), n_, kSaxpyYSeed);
  }

  void run_device() override { launch_(y_->data(), x_->data(), n_, a_); }

  // y is updated in place by every timed call, so it is reset to its initial values first: a
  // stale or partial result then differs from the reference. Checked on the device.
  roofline::Verification verify_device() override {
    fill_random(y_->data(), n_, kSaxpyYSeed);
    run_device();
    return verify_nested_saxpy_on_device<T>(m_, y_->data(), n_, kSaxpyXSeed, kSaxpyYSeed);
  }

  void release_device() override {
    x_.reset();
    y_.reset();
  }

 private:
  int m_;
  std::size_t n_;
  T a_ = T(nested_saxpy_a(precision_of<T>()));
  Launch launch_;
  std::optional<DeviceBuffer<T>> x_, y_;
};

template <class T>
std::unique_ptr<roofline::Case> kernel_case(roofline::CaseInfo info, int m, const Geometry& g,
                                            std::size_t n, NestedSaxpyBuffering buffering) {
  return std::make_unique<NestedSaxpyCase<T>>(
      std::move(info), m, n, [m, g, buffering](T* y, const T* x, std::size_t count, T a) {
        nested_saxpy_launch<T>(m, g, y, x, count, a, buffering);
      });
}

template <class T>
std::unique_ptr<roofline::Case> bulk_case(roofline::CaseInfo info, int m,
                                          const NestedSaxpyBulkTile& tile, std::size_t n) {
  // A staged tile's resident grid, asked of the device at the first call (the verified one), not
  // inside the timed calls; building the case needs no device.
  return std::make_unique<NestedSaxpyCase<T>>(
      std::move(info), m, n,
      [m, tile, resident = 0](T* y, const T* x, std::size_t count, T a) mutable {
        if (tile.stages > 1 && resident == 0)
          resident = nested_saxpy_bulk_resident_blocks<T>(m, tile);
        nested_saxpy_bulk_launch<T>(m, tile, resident, y, x, count, a);
      });
}

template <class T>
std::unique_ptr<roofline::Case> cublas_case(roofline::CaseInfo info, std::size_t n) {
  auto handle = std::make_shared<CublasHandle>();
  return std::make_unique<NestedSaxpyCase<T>>(
      std::move(info), 1, n, [handle](T* y, const T* x, std::size_t count, T a) {
        cublas_axpy(handle->get(), static_cast<std::int64_t>(count), a, x, y);
      });
}

template <class T>
std::unique_ptr<roofline::Case> thrust_case(roofline::CaseInfo info, int m, std::size_t n) {
  return std::make_unique<NestedSaxpyCase<T>>(
      std::move(info), m, n,
      [m](T* y, const T* x, std::size_t count, T a) { nested_saxpy_thrust<T>(m, y, x, count, a); });
}

void check_depth(int m) {
  if (std::find(kNestedSaxpyDepths.begin(), kNestedSaxpyDepths.end(), m) ==
      kNestedSaxpyDepths.end())
    throw roofline::InputError("nested saxpy depth " + std::to_string(m) +
                               " is not one of 1, 2, 4, ..., 1024");
}

}  // namespace

nlohmann::json nested_saxpy_params(int m, const Geometry& g, roofline::Precision p, std::size_t n,
                                   NestedSaxpyBuffering buffering) {
  check_depth(m);
  check_geometry(g, roofline::size_of(p), {nested_saxpy_items(roofline::size_of(p), m)});
  nlohmann::json params = {{"n", n},
                           {"m", m},
                           {"vector_bytes", 16},
                           {"threads_per_block", g.threads},
                           {"blocks_per_sm", g.blocks_per_sm},
                           {"items_per_thread", g.items}};
  if (buffering == NestedSaxpyBuffering::double_buffered) params["double_buffered"] = true;
  return params;
}

std::unique_ptr<roofline::Case> make_nested_saxpy_case(const roofline::Device& device, int m,
                                                       const Geometry& g, roofline::Precision p,
                                                       std::size_t n,
                                                       NestedSaxpyBuffering buffering) {
  const nlohmann::json params = nested_saxpy_params(m, g, p, n, buffering);
  auto info = roofline::case_info(
      device, params, nested_saxpy_work(p, static_cast<std::int64_t>(n), m), device.compute_units);
  return with_type<float, double, __half, __nv_bfloat16>(p, "nested saxpy on CUDA", [&]<class T>() {
    return kernel_case<T>(std::move(info), m, g, n, buffering);
  });
}

Geometry nested_saxpy_resident_geometry(const roofline::Device& device, roofline::Precision p,
                                        int m, NestedSaxpyBuffering buffering) {
  check_depth(m);
  Geometry g{.sms = device.compute_units,
             .threads = 256,
             .vector_bytes = 16,
             .items = nested_saxpy_items(roofline::size_of(p), m)};
  g.blocks_per_sm = with_type<float, double, __half, __nv_bfloat16>(
      p, "nested saxpy on CUDA",
      [&]<class T>() { return nested_saxpy_blocks_per_sm<T>(m, g.threads, buffering); });
  return g;
}

bool has_bulk_copy(const roofline::Device& device) {
  const std::string cc = device.facts.value("compute_capability", std::string("0.0"));
  return std::stoi(cc) >= 9;
}

int nested_saxpy_lane_bytes(roofline::Precision p) {
  return p == roofline::Precision::fp64 ? 8 : 4;
}

namespace {
// The tile kernel's variant name, by its feed.
std::string tile_variant(const NestedSaxpyBulkTile& tile) {
  return tile.feed == NestedSaxpyFeed::shared_copy ? "bulk_copy_tiles" : "l2_prefetch_tiles";
}
}  // namespace

std::unique_ptr<roofline::Case> make_bulk_nested_saxpy_case(const roofline::Device& device, int m,
                                                            roofline::Precision p, std::size_t n,
                                                            const NestedSaxpyBulkTile& tile) {
  check_depth(m);
  const std::string variant = tile_variant(tile), what = "nested saxpy " + variant + ": ";
  if (tile.threads < 32 || tile.threads > 1024 || tile.threads % 32 != 0)
    throw roofline::InputError(what + std::to_string(tile.threads) +
                               " threads per block, not a multiple of 32 from 32 to 1024");
  const int lane = nested_saxpy_lane_bytes(p);
  if (tile.vector_bytes != 16 && tile.vector_bytes != lane)
    throw roofline::InputError(what + std::to_string(tile.vector_bytes) +
                               "-byte accesses, not 16 or one lane (" + std::to_string(lane) + ")");
  if (tile.feed == NestedSaxpyFeed::l2_prefetch) {
    const NestedSaxpyBulkTile shape = nested_saxpy_l2_shape(tile.vector_bytes, lane);
    if (tile.threads != shape.threads || tile.items != shape.items || tile.stages != 1)
      throw roofline::InputError(
          what + std::to_string(tile.threads) + " threads of " + std::to_string(tile.items) +
          " accesses in " + std::to_string(tile.stages) + " stages, not the compiled shape of " +
          std::to_string(tile.vector_bytes) + "-byte accesses: " + std::to_string(shape.threads) +
          " threads of " + std::to_string(shape.items) + " in 1 stage");
  }
  // At most the grid-stride kernel's bytes per thread, and shared copies' stages of x's and y's
  // tiles within the 48 KiB of shared memory a block gets without asking.
  const int most = kNestedSaxpyItems * 16 / tile.vector_bytes;
  if (tile.stages < 1 || tile.stages > kNestedSaxpyMostStages)
    throw roofline::InputError(what + std::to_string(tile.stages) + " stages, not 1 to " +
                               std::to_string(kNestedSaxpyMostStages));
  const int shared_bytes = tile.feed == NestedSaxpyFeed::shared_copy
                               ? 2 * tile.stages * tile.threads * tile.items * tile.vector_bytes
                               : 0;
  if (tile.items < 1 || tile.items > most || shared_bytes > 48 * 1024)
    throw roofline::InputError(what + std::to_string(tile.items) +
                               " accesses per thread, not 1 to " + std::to_string(most) +
                               " within " + std::to_string(tile.stages) +
                               " stages of two tiles in 48 KiB");
  if (!has_bulk_copy(device))
    throw roofline::InputError("nested saxpy " + variant + " on " + device.id +
                               ": the copy engine's bulk copies need compute capability 9.0 or "
                               "later, the device has " +
                               device.facts.value("compute_capability", std::string("none")));
  const nlohmann::json params = {{"n", n},
                                 {"m", m},
                                 {"vector_bytes", tile.vector_bytes},
                                 {"threads_per_block", tile.threads},
                                 {"items_per_thread", tile.items},
                                 {"streaming_stores", tile.streaming_stores},
                                 {"stages", tile.stages}};
  auto info = roofline::case_info(
      device, params, nested_saxpy_work(p, static_cast<std::int64_t>(n), m), device.compute_units);
  return with_type<float, double, __half, __nv_bfloat16>(p, "nested saxpy on CUDA", [&]<class T>() {
    return bulk_case<T>(std::move(info), m, tile, n);
  });
}

std::unique_ptr<roofline::Case> make_thrust_nested_saxpy_case(const roofline::Device& device, int m,
                                                              roofline::Precision p,
                                                              std::size_t n) {
  check_depth(m);
  if (n > std::size_t{std::numeric_limits<std::int32_t>::max()})
    throw roofline::InputError("nested saxpy thrust_transform: " + std::to_string(n) +
                               " elements, more than its 32-bit offsets reach (2^31 - 1)");
  const nlohmann::json params = {{"n", n}, {"m", m}};
  auto info = roofline::case_info(
      device, params, nested_saxpy_work(p, static_cast<std::int64_t>(n), m), device.compute_units);
  return with_type<float, double, __half, __nv_bfloat16>(
      p, "nested saxpy on CUDA", [&]<class T>() { return thrust_case<T>(std::move(info), m, n); });
}

std::unique_ptr<roofline::Case> make_cublas_axpy_case(const roofline::Device& device,
                                                      roofline::Precision p, std::size_t n) {
  const nlohmann::json params = {{"n", n}, {"m", 1}};
  auto info = roofline::case_info(
      device, params, nested_saxpy_work(p, static_cast<std::int64_t>(n), 1), device.compute_units);
  return with_type<float, double>(p, "cuBLAS axpy",
                                  [&]<class T>() { return cublas_case<T>(std::move(info), n); });
}

}  // namespace kernels::cuda
