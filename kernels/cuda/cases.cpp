#include "kernels/cuda/cases.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/nested_saxpy_cases.hpp"
#include "kernels/cuda/reduce_cases.hpp"
#include "kernels/cuda/stream_cases.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/reduce.hpp"
#include "kernels/stream.hpp"
#include "roofline/json_io.hpp"
#include "roofline/selection.hpp"

namespace kernels::cuda {
namespace {

using roofline::Case;
using roofline::InputError;
using roofline::Precision;
using Cases = std::vector<std::unique_ptr<Case>>;

constexpr std::array kPrecisions = {Precision::fp32, Precision::fp64};

// The reduce study's largest inputs: 2^28 floats (1 GiB), at least 4× the L2 of current GPUs.
constexpr double kReduceDramBytes = double(1 << 30);

// Elements per array: the user's size, or the smallest that puts a case's working set in DRAM
// (dram_smallest, like the probe's DRAM ceilings: with 256 MiB on an H200 the nested SAXPY at
// m = 1 ran 2% slower than with 1 GiB), at most half the free device memory, as the probe's sweep.
// Every size is checked against the free device memory before any case allocates.
class Sizing {
 public:
  Sizing(const roofline::Device& device, std::optional<std::int64_t> size) : size_(size) {
    if (size_ && *size_ <= 0)
      throw InputError("size " + std::to_string(*size_) + " is not a positive element count");
    for (const auto& c : device.caches) l2_ = std::max(l2_, c.size_bytes);
    std::size_t free = 0, total = 0;
    ROOFLAB_CUDA(cudaMemGetInfo(&free, &total));
    free_bytes_ = static_cast<double>(free);
    target_bytes_ = std::min(dram_smallest(l2_), free_bytes_ / 2);
  }

  std::size_t elements(int arrays, Precision p) const {
    const auto n = size_ ? static_cast<std::size_t>(*size_)
                         : static_cast<std::size_t>(std::ceil(target_bytes_ / arrays / size_of(p)));
    check_fits(n, arrays, p);
    return n;
  }

  // The reduce sweep's lengths: the user's size, or 1 K ×step up to kReduceDramBytes of inputs
  // (more when 8× the L2 is more).
  std::vector<std::size_t> reduce_lengths(ReduceOp op, Precision p, int step) const {
    if (size_) return {elements(reduce_inputs(op), p)};
    const auto lengths = reduce_sizes(op, p, std::max(kReduceDramBytes, kDramFromL2 * l2_), step);
    check_fits(lengths.back(), reduce_inputs(op), p);
    return lengths;
  }

 private:
  void check_fits(std::size_t n, int arrays, Precision p) const {
    const double bytes = static_cast<double>(n) * arrays * size_of(p);
    if (bytes > free_bytes_)
      throw InputError(
          "size " + std::to_string(n) + " needs " + std::to_string(static_cast<long long>(bytes)) +
          " bytes of " + std::string(to_string(p)) + " arrays, more than the " +
          std::to_string(static_cast<long long>(free_bytes_)) + " bytes free on the device");
  }

  std::optional<std::int64_t> size_;
  double l2_ = 0, target_bytes_ = 0, free_bytes_ = 0;
};

struct Variant {
  std::string family, name;
  std::function<void(Cases&, const Sizing&)> add_cases;
};

// The reduce ladder and CUB over the length sweep (×8 per step quick, ×2 full), the threads ×
// items sweep at the largest fp32 sum length. One host-input cache serves every case.
void add_reduce_variants(std::vector<Variant>& out, const roofline::Device& device, bool quick) {
  const int step = quick ? 8 : 2;
  const auto cache = std::make_shared<HostInputCache>();
  const bool redux = std::stoi(device.facts.at("compute_capability").get<std::string>()) >= 8;
  for (const ReduceConfig& base : reduce_ladder()) {
    if (base.shape.block == BlockReduce::warp_redux && !redux) continue;
    out.push_back(
        {"reduce", reduce_variant_name(base), [=, &device](Cases& cases, const Sizing& sizing) {
           for (ReduceOp op : kReduceOps)
             for (Precision p : reduce_precisions(base)) {
               ReduceConfig c = base;
               c.op = op;
               for (std::size_t n : sizing.reduce_lengths(op, p, step))
                 cases.push_back(make_reduce_case(device, c, p, n, false, cache));
             }
         }});
  }
  out.push_back({"reduce", "cub", [=, &device](Cases& cases, const Sizing& sizing) {
                   for (ReduceOp op : kReduceOps)
                     for (Precision p : {Precision::fp32, Precision::fp64, Precision::int32})
                       for (std::size_t n : sizing.reduce_lengths(op, p, step))
                         cases.push_back(make_cub_reduce_case(device, op, p, n, cache));
                 }});
  for (const ReduceConfig& c : reduce_sweep())
    out.push_back({"reduce", reduce_variant_name(c), [=, &device](Cases& cases, const Sizing& s) {
                     const std::size_t n = s.reduce_lengths(c.op, Precision::fp32, step).back();
                     cases.push_back(make_reduce_case(device, c, Precision::fp32, n, true, cache));
                   }});
}

std::vector<Variant> variants(const roofline::Device& device, bool quick) {
  const std::string kernel = "grid_stride_v16";
  std::vector<Variant> all = {
      {"nested_saxpy", kernel,
       [=, &device](Cases& cases, const Sizing& sizing) {
         for (Precision p : kPrecisions)
           for (int m : kNestedSaxpyDepths) {
             const std::size_t n = sizing.elements(2, p);
             cases.push_back(make_nested_saxpy_case(device, kernel, m,
                                                    nested_saxpy_geometry(device, p, m, n), p, n));
           }
       }},
      {"nested_saxpy", "cublas_axpy",
       [&device](Cases& cases, const Sizing& sizing) {
         for (Precision p : kPrecisions)
           cases.push_back(make_cublas_axpy_case(device, p, sizing.elements(2, p)));
       }},
      {"stream", kernel,
       [=, &device](Cases& cases, const Sizing& sizing) {
         for (Precision p : kPrecisions)
           for (StreamOp op : kStreamOps) {
             const std::size_t n = sizing.elements(stream_arrays(op), p);
             const Geometry g = run_geometry(device, op, double(n) * size_of(p));
             cases.push_back(make_stream_case(device, "stream", kernel,
                                              {.op = op, .geometry = g, .passes = 1}, p, n));
           }
       }},
      {"stream", "cublas",
       [&device](Cases& cases, const Sizing& sizing) {
         for (Precision p : kPrecisions)
           cases.push_back(make_cublas_dot_case(device, p, sizing.elements(2, p)));
       }},
  };
  add_reduce_variants(all, device, quick);
  return all;
}

}  // namespace

std::vector<std::string> families() { return {"nested_saxpy", "reduce", "stream"}; }

std::vector<std::string> default_families() { return {"nested_saxpy", "stream"}; }

Geometry run_geometry(const roofline::Device& device, StreamOp op, double array_bytes) {
  if (!stream_stores(op)) {
    const int threads_per_sm = device.facts.value("max_threads_per_sm", 2048);
    return {.sms = device.compute_units, .blocks_per_sm = std::max(threads_per_sm / 256, 1)};
  }
  return covering({.sms = device.compute_units, .threads = 256, .vector_bytes = 16, .items = 1},
                  array_bytes);
}

Geometry nested_saxpy_geometry(const roofline::Device& device, Precision p, int m, std::size_t n) {
  double peak = 0, dram = 0;
  for (const auto& t : device.theoretical_compute)
    if (t.precision == p) peak = std::max(peak, t.flops_per_s);
  for (const auto& t : device.theoretical_memory)
    if (t.level == "DRAM") dram = t.bytes_per_s;
  const double ai = nested_saxpy_work(p, 1, m).arithmetic_intensity();
  const Geometry g{
      .sms = device.compute_units, .threads = 256, .vector_bytes = 16, .items = kNestedSaxpyItems};
  if (peak > 0 && dram > 0 && ai >= peak / dram / 2) {
    const int threads_per_sm = device.facts.value("max_threads_per_sm", 2048);
    return {.sms = g.sms,
            .blocks_per_sm = std::max(threads_per_sm / g.threads / 2, 1),  // one wave, half full
            .threads = g.threads,
            .vector_bytes = g.vector_bytes,
            .items = g.items};
  }
  return covering(g, double(n) * size_of(p));
}

std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options) {
  const std::vector<std::string> wanted =
      roofline::wanted_families(options, families(), default_families(), "CUDA");
  std::vector<Variant> all = variants(device, options.quick);
  roofline::keep_wanted_variants(all, wanted, options, "CUDA");

  ROOFLAB_CUDA(cudaSetDevice(device.facts.at("ordinal").get<int>()));
  const Sizing sizing(device, options.size);
  Cases cases;
  for (const auto& v : all)  // CUDA has no smaller quick suite: every variant is in it
    if (roofline::chosen(options, v.name, /*quick=*/true)) v.add_cases(cases, sizing);
  interleave_reduce_cases(cases);
  return cases;
}

}  // namespace kernels::cuda
