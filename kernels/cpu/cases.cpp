#include "kernels/cpu/cases.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <string>

#include "kernels/cpu/gemm_cases.hpp"
#include "kernels/cpu/nested_saxpy_cases.hpp"
#include "kernels/cpu/reduce_cases.hpp"
#include "kernels/cpu/scan_cases.hpp"
#include "kernels/cpu/stream_cases.hpp"
#include "kernels/cpu/tutorial_scale_cases.hpp"
#include "kernels/gemm.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/reduce.hpp"
#include "kernels/scan.hpp"
#include "kernels/stream.hpp"
#include "kernels/tutorial_scale.hpp"

namespace kernels::cpu {
namespace {

using roofline::Precision;

constexpr std::array kPrecisions = {Precision::fp32, Precision::fp64};

// OpenBLAS picks its threads per call and runs small ones on one thread: its calls may pay no
// fork and join, so its latency-aware roof charges none.
std::string library_sync(bool openblas) { return openblas ? "none" : ""; }

// The nested SAXPY at every depth, per ISA level, with and without software prefetch; quick: the
// best level.
void add_nested_saxpy_rows(std::vector<Variant>& out, const roofline::Device& device, int threads) {
  const Isa best = best_isa();
  for (Isa isa : supported_isas())
    for (bool prefetch : {false, true}) {
      const std::string name = nested_saxpy_variant_name({.isa = isa, .prefetch = prefetch});
      out.push_back({&kNestedSaxpy, name, isa == best, false,
                     [=, &device](Cases& cases, const Sizing& sizing) {
                       for (Precision p : kPrecisions)
                         for (int m : kNestedSaxpyDepths)
                           cases.push_back(make_nested_saxpy_case(
                               device,
                               {.m = m, .threads = threads, .isa = isa, .prefetch = prefetch}, p,
                               sizing.elements(kNestedSaxpy.arrays, p)));
                     }});
    }
}

// Every stream operation per ISA level, with ordinary and non-temporal stores, and the plain
// OpenMP loop (the size study's baseline). A quick run sizes each case into DRAM; a full run
// sweeps the study's lengths.
void add_stream_rows(std::vector<Variant>& out, const roofline::Device& device, int threads) {
  const auto add = [&](std::string name, bool quick, StreamTechnique technique, Isa isa,
                       Store store) {
    const bool baseline = technique == StreamTechnique::plain;
    out.push_back(
        {&kStream, name, quick, baseline, [=, &device](Cases& cases, const Sizing& sizing) {
           for (Precision p : kPrecisions)
             for (StreamOp op : kStreamOps) {
               if (store == Store::nontemporal && !stream_stores(op)) continue;
               const int arrays = stream_arrays(op);
               const std::vector<std::size_t> lengths =
                   sizing.quick() ? std::vector{sizing.elements(arrays, p)}
                                  : sizing.lengths(arrays, p);
               for (std::size_t n : lengths) {
                 const bool balanced = technique == StreamTechnique::simd && threads > 1 &&
                                       sizing.in_dram(n * arrays * size_of(p));
                 const StreamCall call{op, store, threads, 1, isa, balanced};
                 cases.push_back(make_stream_case(device, technique, call, p, n));
               }
             }
         }});
  };
  // Quick runs the best ISA level and, below AVX-512, AVX2: 256-bit loads stream DRAM faster on
  // cores that split 512-bit ones in two (a Zen 4 thread's reads: 1.05-1.07x the plain loop with
  // ymm accumulators, 0.93-0.95x with zmm, same loop).
  const Isa best = best_isa();
  for (Isa isa : supported_isas()) {
    const std::string name = "simd_" + std::string(to_string(isa));
    const bool quick = isa == best || narrower_stream_isa(best) == isa;
    add(name, quick, StreamTechnique::simd, isa, Store::temporal);
    add(name + "_nt", quick, StreamTechnique::simd, isa, Store::nontemporal);
  }
  add("omp_plain", true, StreamTechnique::plain, best, Store::temporal);
}

// The reduce ladder over the length sweep; OpenBLAS is the baseline.
void add_reduce_rows(std::vector<Variant>& out, const roofline::Device& device, int threads) {
  for (const ReduceVariant& v : reduce_ladder(threads))
    out.push_back({&kReduce, reduce_variant_name(v.call), v.quick,
                   v.call.technique == ReduceTechnique::openblas,
                   [=, &device](Cases& cases, const Sizing& sizing) {
                     for (ReduceOp op : kReduceOps) {
                       ReduceCall call = v.call;
                       call.op = op;
                       for (Precision p : reduce_precisions(call))
                         for (std::size_t n : sizing.lengths(reduce_inputs(op), p))
                           cases.push_back(make_reduce_case(device, call, p, n));
                     }
                   },
                   false, library_sync(v.call.technique == ReduceTechnique::openblas)});
}

// The scan ladder over the length sweep, int32 (the study's type) first, streaming the output
// past the caches in DRAM where the technique can; the standard library's scan of each kind is
// the baseline.
void add_scan_rows(std::vector<Variant>& out, const roofline::Device& device, int threads) {
  // The study's reference for the time relative to a baseline is its plain loop (inclusive
  // only); std::exclusive_scan stands in for it in the exclusive panels.
  const auto baseline = [](const ScanCall& c) {
    return (c.technique == ScanTechnique::plain && c.unroll == 1) ||
           (c.technique == ScanTechnique::std_library && c.kind == ScanKind::exclusive);
  };
  for (const ScanVariant& v : scan_ladder(threads, scan_block_bytes(device)))
    out.push_back({&kScan, scan_variant_name(v.call), v.quick, baseline(v.call),
                   [=, &device](Cases& cases, const Sizing& sizing) {
                     for (ScanKind kind : scan_kinds(v.call)) {
                       ScanCall call = v.call;
                       call.kind = kind;
                       for (Precision p : {Precision::int32, Precision::fp32, Precision::fp64})
                         for (std::size_t n : sizing.lengths(kScan.arrays, p)) {
                           call.store = scan_store(
                               call, sizing.in_dram(double(n) * kScan.arrays * size_of(p)));
                           cases.push_back(make_scan_case(device, call, p, n));
                         }
                     }
                   }});
}

// The GEMM ladder over its squares (each variant's own list, see gemm_ladder), then the study's
// rectangular shapes (which variant runs which: GemmVariant); OpenBLAS is the baseline. A size the
// user names runs alone, as a square.
void add_gemm_rows(std::vector<Variant>& out, const roofline::Device& device, int threads) {
  for (const GemmVariant& v : gemm_ladder(threads))
    out.push_back({&kGemm, gemm_variant_name(v.call), v.quick,
                   v.call.technique == GemmTechnique::openblas,
                   [=, &device](Cases& cases, const Sizing& sizing) {
                     for (Precision p : kPrecisions) {
                       for (std::size_t n :
                            sizing.square_sizes(v.quick_sizes, v.full_sizes, kGemm.arrays, p)) {
                         const auto side = static_cast<std::int64_t>(n);
                         cases.push_back(make_gemm_case(device, v.call, p, {side, side, side}));
                       }
                       if (sizing.user_sized()) continue;
                       std::vector<GemmShape> rectangles;
                       if (!sizing.quick() || v.quick_rectangle)
                         rectangles.push_back(kGemmRectangle);
                       if (!sizing.quick() && v.large_rectangle)
                         rectangles.push_back(kGemmLargeRectangle);
                       for (const GemmShape& r : rectangles) {
                         const auto size = [](std::int64_t rows, std::int64_t cols) {
                           return static_cast<std::size_t>(rows * cols);
                         };
                         sizing.check_arrays(gemm_shape_name(r),
                                             {size(r.m, r.k), size(r.k, r.n), size(r.m, r.n)}, p);
                         cases.push_back(make_gemm_case(device, v.call, p, r));
                       }
                     }
                   },
                   false, library_sync(v.call.technique == GemmTechnique::openblas)});
}

// tutorial: a family's rows
// The tutorial family (docs/extending.md): y = a·x in one OpenMP loop on every thread, over the
// length sweep in both precisions.
void add_tutorial_scale_rows(std::vector<Variant>& out, const roofline::Device& device,
                             int threads) {
  out.push_back({.family = &kTutorialScale,
                 .name = "omp_loop",
                 .quick = true,
                 .baseline = false,
                 .add_cases = [=, &device](Cases& cases, const Sizing& sizing) {
                   for (Precision p : kPrecisions)
                     for (std::size_t n : sizing.lengths(kTutorialScale.arrays, p))
                       cases.push_back(make_tutorial_scale_case(device, threads, p, n));
                 }});
}
// tutorial: end

}  // namespace

std::vector<Variant> variants(const roofline::Device& device) {
  const int threads = omp_get_max_threads();
  std::vector<Variant> out;
  // The nested SAXPY sweep runs first: right after a probe its memory-bound points are measured
  // next to the DRAM ceilings they are compared with (host bandwidth drifts over minutes).
  add_nested_saxpy_rows(out, device, threads);
  add_stream_rows(out, device, threads);
  add_reduce_rows(out, device, threads);
  add_scan_rows(out, device, threads);
  add_gemm_rows(out, device, threads);
  add_tutorial_scale_rows(out, device, threads);
  return out;
}

std::map<std::string, std::vector<std::string>> not_offered() {
  return kernels::not_offered(
      {{&kReduce, reduce_not_offered}, {&kNestedSaxpy, nested_saxpy_not_offered}});
}

MemoryFacts memory_facts(const roofline::Device& device) {
  const double dram = dram_working_set(device);
  return {.dram_bytes = dram,
          .study_bytes = dram,
          .all_arrays = {.bytes = device.memory_bytes,
                         .what = "the device's " +
                                 std::to_string(static_cast<long long>(device.memory_bytes))},
          .one_array = {}};
}

std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options) {
  const std::vector<Variant> rows = variants(device);
  return kernels::make_cases(chosen_variants(rows, options, "the CPU"), memory_facts(device),
                             options);
}

}  // namespace kernels::cpu
