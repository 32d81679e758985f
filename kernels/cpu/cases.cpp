#include "kernels/cpu/cases.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <string>

#include "kernels/cpu/nested_saxpy_cases.hpp"
#include "kernels/cpu/reduce_cases.hpp"
#include "kernels/cpu/stream_cases.hpp"
#include "kernels/nested_saxpy.hpp"
#include "roofline/json_io.hpp"
#include "roofline/selection.hpp"

namespace kernels::cpu {
namespace {

using roofline::Case;
using roofline::InputError;
using roofline::Precision;
using Cases = std::vector<std::unique_ptr<Case>>;

constexpr std::array kPrecisions = {Precision::fp32, Precision::fp64};

// Elements per array: the user's size, or the smallest that puts a case's working set in DRAM
// (STREAM's rule: at least 4× the last-level cache, and at least 64 MiB).
class Sizing {
 public:
  Sizing(const roofline::Device& device, std::optional<std::int64_t> size)
      : memory_bytes_(device.memory_bytes), size_(size) {
    if (size_ && *size_ <= 0)
      throw InputError("size " + std::to_string(*size_) + " is not a positive element count");
    double last_level = 0;
    for (const auto& c : device.caches)
      last_level = std::max(last_level, c.size_bytes * std::max(c.instances, 1));
    target_bytes_ = std::max(4 * last_level, 64.0 * (1 << 20));
  }

  // For a case with `arrays` arrays; throws InputError when they do not fit in memory.
  std::size_t elements(int arrays, Precision p) const {
    const double array_bytes = target_bytes_ / arrays;
    const auto n = size_ ? static_cast<std::size_t>(*size_)
                         : static_cast<std::size_t>(std::ceil(array_bytes / size_of(p)));
    const double bytes = static_cast<double>(n) * arrays * size_of(p);
    if (size_ && memory_bytes_ > 0 && bytes > memory_bytes_)
      throw InputError("size " + std::to_string(*size_) + " needs " +
                       std::to_string(static_cast<long long>(bytes)) + " bytes of " +
                       std::string(to_string(p)) + " arrays, more than the device's " +
                       std::to_string(static_cast<long long>(memory_bytes_)));
    return n;
  }

  // The user's size, if given.
  std::optional<std::int64_t> size() const { return size_; }
  // Bytes that put a working set in DRAM.
  double dram_bytes() const { return target_bytes_; }
  bool in_dram(double bytes) const { return bytes >= target_bytes_; }

 private:
  double memory_bytes_;
  std::optional<std::int64_t> size_;
  double target_bytes_ = 0;
};

// A named variant of a family and how it expands into cases (one per precision, op or depth).
struct Variant {
  std::string family, name;
  bool quick;  // part of the quick suite
  std::function<void(Cases&, const Sizing&)> add_cases;
};

void add_stream_variants(std::vector<Variant>& out, const roofline::Device& device, int threads) {
  const auto add = [&](std::string name, bool quick, StreamTechnique technique, Isa isa,
                       Store store) {
    out.push_back({"stream", name, quick, [=, &device](Cases& cases, const Sizing& sizing) {
                     for (Precision p : kPrecisions)
                       for (StreamOp op : kStreamOps) {
                         if (store == Store::nontemporal && !stream_stores(op)) continue;
                         const std::size_t n = sizing.elements(stream_arrays(op), p);
                         const bool balanced = technique == StreamTechnique::simd && threads > 1 &&
                                               sizing.in_dram(n * stream_arrays(op) * size_of(p));
                         const StreamCall call{op, store, threads, 1, isa, balanced};
                         cases.push_back(make_stream_case(device, name, technique, call, p, n));
                       }
                   }});
  };
  // Quick runs the best ISA level and, below AVX-512, AVX2: 256-bit loads stream DRAM faster on
  // cores that split 512-bit ones in two (a Zen 4 thread's reads: 1.05-1.07x the plain loop with
  // ymm accumulators, 0.93-0.95x with zmm, same loop).
  const Isa best = best_isa();
  for (Isa isa : supported_isas()) {
    const std::string name = "simd_" + std::string(to_string(isa));
    const bool quick = isa == best || (isa == Isa::avx2 && best == Isa::avx512);
    add(name, quick, StreamTechnique::simd, isa, Store::temporal);
    add(name + "_nt", quick, StreamTechnique::simd, isa, Store::nontemporal);
  }
  add("omp_plain", true, StreamTechnique::plain, best, Store::temporal);
}

void add_nested_saxpy_variants(std::vector<Variant>& out, const roofline::Device& device,
                               int threads) {
  const Isa best = best_isa();
  for (Isa isa : supported_isas())
    for (bool prefetch : {false, true}) {
      const std::string name = nested_saxpy_variant_name({.isa = isa, .prefetch = prefetch});
      out.push_back(
          {"nested_saxpy", name, isa == best, [=, &device](Cases& cases, const Sizing& sizing) {
             for (Precision p : kPrecisions)
               for (int m : kNestedSaxpyDepths)
                 cases.push_back(make_nested_saxpy_case(
                     device, name, {.m = m, .threads = threads, .isa = isa, .prefetch = prefetch},
                     p, sizing.elements(2, p)));
           }});
    }
}

// Reduce sweeps the vector length: log-spaced from 1 K up to DRAM (×8 per step quick, ×2 full),
// or only the user's size.
void add_reduce_variants(std::vector<Variant>& out, const roofline::Device& device, int threads,
                         bool quick) {
  const int step = quick ? 8 : 2;
  for (const ReduceVariant& v : reduce_ladder(threads)) {
    out.push_back({"reduce", reduce_variant_name(v.call), v.quick,
                   [=, &device](Cases& cases, const Sizing& sizing) {
                     for (ReduceOp op : kReduceOps) {
                       ReduceCall call = v.call;
                       call.op = op;
                       for (Precision p : reduce_precisions(call)) {
                         const std::vector<std::size_t> sizes =
                             sizing.size() ? std::vector{sizing.elements(reduce_inputs(op), p)}
                                           : reduce_sizes(op, p, sizing.dram_bytes(), step);
                         for (std::size_t n : sizes)
                           cases.push_back(make_reduce_case(device, call, p, n));
                       }
                     }
                   }});
  }
}

}  // namespace

std::vector<std::string> families() { return {"nested_saxpy", "reduce", "stream"}; }

std::vector<std::string> default_families() { return {"nested_saxpy", "stream"}; }

std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options) {
  const std::vector<std::string> wanted =
      roofline::wanted_families(options, families(), default_families(), "the CPU");

  const int threads = omp_get_max_threads();
  std::vector<Variant> variants;
  // The nested SAXPY sweep runs first: right after a probe its memory-bound points are measured
  // next to the DRAM ceilings they are compared with (host bandwidth drifts over minutes).
  add_nested_saxpy_variants(variants, device, threads);
  add_stream_variants(variants, device, threads);
  add_reduce_variants(variants, device, threads, options.quick);
  roofline::keep_wanted_variants(variants, wanted, options, "this CPU");

  const Sizing sizing(device, options.size);
  Cases cases;
  for (const auto& v : variants)
    if (roofline::chosen(options, v.name, v.quick)) v.add_cases(cases, sizing);
  interleave_reduce_cases(cases);
  return cases;
}

}  // namespace kernels::cpu
