#include "kernels/cuda/cases.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/nested_saxpy_cases.hpp"
#include "kernels/cuda/stream_cases.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/stream.hpp"
#include "roofline/json_io.hpp"

namespace kernels::cuda {
namespace {

using roofline::Case;
using roofline::InputError;
using roofline::Precision;
using Cases = std::vector<std::unique_ptr<Case>>;

constexpr std::array kPrecisions = {Precision::fp32, Precision::fp64};

// Elements per array: the user's size, or the smallest that puts a case's working set in DRAM
// (at least 4× the L2 and at least 256 MiB). Every size is checked against the free device
// memory before any case allocates.
class Sizing {
 public:
  Sizing(const roofline::Device& device, std::optional<std::int64_t> size) : size_(size) {
    if (size_ && *size_ <= 0)
      throw InputError("size " + std::to_string(*size_) + " is not a positive element count");
    double l2 = 0;
    for (const auto& c : device.caches) l2 = std::max(l2, c.size_bytes);
    target_bytes_ = std::max(4 * l2, 256.0 * (1 << 20));
    std::size_t free = 0, total = 0;
    ROOFLAB_CUDA(cudaMemGetInfo(&free, &total));
    free_bytes_ = static_cast<double>(free);
  }

  std::size_t elements(int arrays, Precision p) const {
    const auto n = size_ ? static_cast<std::size_t>(*size_)
                         : static_cast<std::size_t>(std::ceil(target_bytes_ / arrays / size_of(p)));
    const double bytes = static_cast<double>(n) * arrays * size_of(p);
    if (bytes > free_bytes_)
      throw InputError(
          "size " + std::to_string(n) + " needs " + std::to_string(static_cast<long long>(bytes)) +
          " bytes of " + std::string(to_string(p)) + " arrays, more than the " +
          std::to_string(static_cast<long long>(free_bytes_)) + " bytes free on the device");
    return n;
  }

 private:
  std::optional<std::int64_t> size_;
  double target_bytes_ = 0, free_bytes_ = 0;
};

struct Variant {
  std::string family, name;
  std::function<void(Cases&, const Sizing&)> add_cases;
};

std::vector<Variant> variants(const roofline::Device& device) {
  const Geometry g = run_geometry(device);
  const std::string kernel = "grid_stride_v16";
  return {
      {"nested_saxpy", kernel,
       [=, &device](Cases& cases, const Sizing& sizing) {
         for (Precision p : kPrecisions)
           for (int m : kNestedSaxpyDepths)
             cases.push_back(make_nested_saxpy_case(
                 device, kernel, m, nested_saxpy_geometry(device, p, m), p, sizing.elements(2, p)));
       }},
      {"nested_saxpy", "cublas_axpy",
       [&device](Cases& cases, const Sizing& sizing) {
         for (Precision p : kPrecisions)
           cases.push_back(make_cublas_axpy_case(device, p, sizing.elements(2, p)));
       }},
      {"stream", kernel,
       [=, &device](Cases& cases, const Sizing& sizing) {
         for (Precision p : kPrecisions)
           for (StreamOp op : kStreamOps)
             cases.push_back(make_stream_case(device, "stream", kernel,
                                              {.op = op, .geometry = g, .passes = 1}, p,
                                              sizing.elements(stream_arrays(op), p)));
       }},
      {"stream", "cublas",
       [&device](Cases& cases, const Sizing& sizing) {
         for (Precision p : kPrecisions)
           cases.push_back(make_cublas_dot_case(device, p, sizing.elements(2, p)));
       }},
  };
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

std::vector<std::string> families() { return {"nested_saxpy", "stream"}; }

Geometry run_geometry(const roofline::Device& device) {
  const int threads_per_sm = device.facts.value("max_threads_per_sm", 2048);
  return {.sms = device.compute_units,
          .blocks_per_sm = 4 * std::max(threads_per_sm / 256, 1),
          .threads = 256,
          .vector_bytes = 16};
}

Geometry nested_saxpy_geometry(const roofline::Device& device, Precision p, int m) {
  Geometry g = run_geometry(device);
  double peak = 0, dram = 0;
  for (const auto& t : device.theoretical_compute)
    if (t.precision == p) peak = std::max(peak, t.flops_per_s);
  for (const auto& t : device.theoretical_memory)
    if (t.level == "DRAM") dram = t.bytes_per_s;
  const double ai = nested_saxpy_work(p, 1, m).arithmetic_intensity();
  if (peak > 0 && dram > 0 && ai >= peak / dram) g.blocks_per_sm /= 8;  // one wave, half full
  return g;
}

std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options) {
  const std::vector<std::string> known = families();
  const std::vector<std::string>& wanted = options.families.empty() ? known : options.families;
  for (const auto& f : wanted)
    if (std::find(known.begin(), known.end(), f) == known.end())
      throw InputError("unknown family '" + f + "' on CUDA (expected one of: " + joined(known) +
                       ")");
  std::vector<Variant> all = variants(device);
  std::erase_if(all, [&](const Variant& v) {
    return std::find(wanted.begin(), wanted.end(), v.family) == wanted.end();
  });
  std::vector<std::string> names;
  for (const auto& v : all) names.push_back(v.name);
  for (const auto& requested : options.variants)
    if (std::find(names.begin(), names.end(), requested) == names.end())
      throw InputError("unknown variant '" + requested + "' of " + joined(wanted) +
                       " on CUDA (expected one of: " + joined(names) + ")");

  ROOFLAB_CUDA(cudaSetDevice(device.facts.at("ordinal").get<int>()));
  const Sizing sizing(device, options.size);
  Cases cases;
  for (const auto& v : all)
    if (options.variants.empty() || std::find(options.variants.begin(), options.variants.end(),
                                              v.name) != options.variants.end())
      v.add_cases(cases, sizing);
  return cases;
}

}  // namespace kernels::cuda
