#include "kernels/cuda/cases.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/gemm_cases.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/nested_saxpy_cases.hpp"
#include "kernels/cuda/nested_saxpy_offload_cases.hpp"
#include "kernels/cuda/one_buffer_cases.hpp"
#include "kernels/cuda/reduce_cases.hpp"
#include "kernels/cuda/scan_cases.hpp"
#include "kernels/cuda/stream_cases.hpp"
#include "kernels/gemm.hpp"
#include "kernels/gpu_dram.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/nested_saxpy_offload.hpp"
#include "kernels/one_buffer.hpp"
#include "kernels/reduce.hpp"
#include "kernels/scan.hpp"
#include "kernels/stream.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

constexpr std::array kPrecisions = {Precision::fp32, Precision::fp64};

// The own stream and nested SAXPY kernels' launch: a grid stride over 16-byte vectors.
constexpr std::string_view kGridStrideV16 = "grid_stride_v16";

// The reduce study's largest inputs: 2^28 floats (1 GiB), at least 4× the L2 of current GPUs.
constexpr double kReduceDramBytes = double(1 << 30);

// Depth m's arithmetic intensity over the ridge of the device's theoretical peaks; 0 where a peak
// is unknown.
double over_ridge(const roofline::Device& device, Precision p, int m) {
  double peak = 0, dram = 0;
  for (const auto& t : device.theoretical_compute)
    if (t.precision == p) peak = std::max(peak, t.flops_per_s);
  for (const auto& t : device.theoretical_memory)
    if (t.level == "DRAM") dram = t.bytes_per_s;
  if (peak <= 0 || dram <= 0) return 0;
  return nested_saxpy_work(p, 1, m).arithmetic_intensity() / (peak / dram);
}

// The nested SAXPY's precisions on `device`: fp32, fp64, and fp16 and bf16 where the device has
// an FMA roof of theirs (bf16 from sm_80 on).
std::vector<Precision> nested_saxpy_precisions(const roofline::Device& device) {
  std::vector<Precision> out(kPrecisions.begin(), kPrecisions.end());
  for (Precision p : {Precision::fp16, Precision::bf16})
    if (std::any_of(device.theoretical_compute.begin(), device.theoretical_compute.end(),
                    [p](const auto& t) { return t.precision == p; }))
      out.push_back(p);
  return out;
}

// The nested SAXPY at every depth in its launch, in tiles fed by the copy engine (into shared
// memory, or the L2) where the device has it, and through Thrust (the baseline), and cuBLAS axpy
// (its m = 1).
void add_nested_saxpy_rows(std::vector<Variant>& out, const roofline::Device& device) {
  const std::vector<Precision> precisions = nested_saxpy_precisions(device);
  out.push_back({&kNestedSaxpy, std::string(kGridStrideV16), true, false,
                 [=, &device](Cases& cases, const Sizing& s) {
                   for (Precision p : precisions)
                     for (int m : kNestedSaxpyDepths) {
                       const std::size_t n = s.elements(kNestedSaxpy.arrays, p);
                       cases.push_back(make_nested_saxpy_case(
                           device, m, nested_saxpy_geometry(device, p, m, n), p, n));
                     }
                 }});
  // The same kernel in one wave where the rule covers the arrays (each launch runs once).
  out.push_back(
      {&kNestedSaxpy, "one_wave_v16", true, false, [=, &device](Cases& cases, const Sizing& s) {
         for (Precision p : precisions)
           for (int m : kNestedSaxpyDepths) {
             const Geometry wave = nested_saxpy_one_wave(device, p, m);
             const std::size_t n = s.elements(kNestedSaxpy.arrays, p);
             if (nested_saxpy_geometry(device, p, m, n).blocks() != wave.blocks())
               cases.push_back(make_nested_saxpy_case(device, m, wave, p, n));
           }
       }});
  // The same kernel double-buffered in its resident grid, from half the ridge up, where a
  // thread's FMAs take about as long as its loads (at every depth where a peak is unknown).
  out.push_back({&kNestedSaxpy, "double_buffered_v16", true, false,
                 [=, &device](Cases& cases, const Sizing& s) {
                   constexpr auto buffering = NestedSaxpyBuffering::double_buffered;
                   for (Precision p : precisions)
                     for (int m : kNestedSaxpyDepths) {
                       const double ridge = over_ridge(device, p, m);
                       if (ridge > 0 && ridge < 0.5) continue;
                       cases.push_back(make_nested_saxpy_case(
                           device, m, nested_saxpy_resident_geometry(device, p, m, buffering), p,
                           s.elements(kNestedSaxpy.arrays, p), buffering));
                     }
                 }});
  if (has_bulk_copy(device)) {
    out.push_back({&kNestedSaxpy, "bulk_copy_tiles", true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     for (Precision p : precisions)
                       for (int m : kNestedSaxpyDepths)
                         cases.push_back(make_bulk_nested_saxpy_case(
                             device, m, p, s.elements(kNestedSaxpy.arrays, p)));
                   }});
    out.push_back({&kNestedSaxpy, "l2_prefetch_tiles", true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     for (Precision p : precisions)
                       for (int m : kNestedSaxpyDepths)
                         cases.push_back(make_bulk_nested_saxpy_case(
                             device, m, p, s.elements(kNestedSaxpy.arrays, p),
                             nested_saxpy_l2_tile(device, p, m)));
                   }});
  }
  out.push_back(
      {&kNestedSaxpy, "thrust_transform", true, true, [=, &device](Cases& cases, const Sizing& s) {
         for (Precision p : precisions)
           for (int m : kNestedSaxpyDepths)
             cases.push_back(
                 make_thrust_nested_saxpy_case(device, m, p, s.elements(kNestedSaxpy.arrays, p)));
       }});
  out.push_back(
      {&kNestedSaxpy, "cublas_axpy", true, true, [&device](Cases& cases, const Sizing& s) {
         for (Precision p : kPrecisions)
           cases.push_back(make_cublas_axpy_case(device, p, s.elements(kNestedSaxpy.arrays, p)));
       }});
}

// Plain SAXPY's size study: the own kernel, Thrust and cuBLAS axpy (the baselines) at each length
// from 1 K elements to DRAM (quick: every 8×, full: every 2×).
void add_nested_saxpy_size_rows(std::vector<Variant>& out, const roofline::Device& device) {
  constexpr int m = kNestedSaxpySizeDepth;
  const auto each_length = [](const Sizing& s,
                              const std::function<void(Precision, std::size_t)>& f) {
    for (Precision p : kPrecisions)
      for (std::size_t n : s.lengths_to_dram(kNestedSaxpySize.arrays, p)) f(p, n);
  };
  out.push_back({&kNestedSaxpySize, std::string(kGridStrideV16), true, false,
                 [=, &device](Cases& cases, const Sizing& s) {
                   each_length(s, [&](Precision p, std::size_t n) {
                     cases.push_back(make_nested_saxpy_case(
                         device, m, nested_saxpy_geometry(device, p, m, n), p, n));
                   });
                 }});
  out.push_back({&kNestedSaxpySize, "thrust_transform", true, true,
                 [=, &device](Cases& cases, const Sizing& s) {
                   each_length(s, [&](Precision p, std::size_t n) {
                     cases.push_back(make_thrust_nested_saxpy_case(device, m, p, n));
                   });
                 }});
  out.push_back(
      {&kNestedSaxpySize, "cublas_axpy", true, true, [=, &device](Cases& cases, const Sizing& s) {
         each_length(s, [&](Precision p, std::size_t n) {
           cases.push_back(make_cublas_axpy_case(device, p, n));
         });
       }});
}

// The offloaded nested SAXPY from pinned and from managed host memory: every part of a call at
// the study's depths, the kernel in the nested SAXPY's launch.
void add_offload_rows(std::vector<Variant>& out, const roofline::Device& device) {
  for (OffloadMemory memory : kOffloadMemories)
    out.push_back({&kNestedSaxpyOffload, std::string(offload_variant(memory)), true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     for (Precision p : kPrecisions)
                       for (int m : kOffloadDepths) {
                         const std::size_t n = s.elements(kNestedSaxpyOffload.arrays, p);
                         const Geometry g = nested_saxpy_geometry(device, p, m, n);
                         for (OffloadPart part : kOffloadParts)
                           cases.push_back(make_offload_case(device, memory, part, m, g, p, n));
                       }
                   }});
}

// CPU and GPU on one buffer: every memory the device can read, every CPU share, every part of
// a call, fp32 at the DRAM length; `separate` (nothing shared) is the reference.
void add_one_buffer_rows(std::vector<Variant>& out, const roofline::Device& device) {
  for (OneBufferMemory memory : kOneBufferMemories)
    out.push_back(
        {&kOneBuffer, std::string(to_string(memory)), true, memory == OneBufferMemory::separate,
         [=, &device](Cases& cases, const Sizing& s) {
           // A memory the device cannot read has no cases; not_offered says why.
           if (one_buffer_unsupported(memory, device.facts.at("ordinal").get<int>())) return;
           const std::size_t n = s.elements(kOneBuffer.arrays, Precision::fp32);
           const Geometry g = nested_saxpy_geometry(device, Precision::fp32, kOneBufferDepth, n);
           for (int percent : kOneBufferCpuPercents)
             for (OneBufferPart part : kOneBufferParts)
               cases.push_back(
                   make_one_buffer_case(device, memory, part, percent, g, Precision::fp32, n));
         }});
}

// Every stream operation in its run geometry, and cuBLAS dot (the baseline), at each length from
// 1 K elements to DRAM (quick: every 8×, full: every 2×): one launch per call, so that the launch
// cost and the L2-to-DRAM transition show in the size study.
void add_stream_rows(std::vector<Variant>& out, const roofline::Device& device) {
  out.push_back({&kStream, std::string(kGridStrideV16), true, false,
                 [=, &device](Cases& cases, const Sizing& s) {
                   for (Precision p : kPrecisions)
                     for (StreamOp op : kStreamOps)
                       for (std::size_t n : s.lengths_to_dram(stream_arrays(op), p)) {
                         const Geometry g = run_geometry(device, op, double(n) * size_of(p));
                         cases.push_back(make_stream_case(
                             device, {.op = op, .geometry = g, .passes = 1}, p, n));
                       }
                 }});
  out.push_back({&kStream, "cublas", true, true, [&device](Cases& cases, const Sizing& s) {
                   for (Precision p : kPrecisions)
                     for (std::size_t n : s.lengths_to_dram(stream_arrays(StreamOp::dot), p))
                       cases.push_back(make_cublas_dot_case(device, p, n));
                 }});
}

// The reduce ladder and CUB (the baseline) over the length sweep, the threads × items sweep at the
// largest fp32 sum length, the grid sweep over the fp32 sum's lengths. A sweep point that is a
// ladder config (the default shape) is that rung's case at the length, not a second run of it. One
// host-input cache serves every case.
void add_reduce_rows(std::vector<Variant>& out, const roofline::Device& device) {
  const auto cache = std::make_shared<HostInputCache>();
  const bool redux = std::stoi(device.facts.at("compute_capability").get<std::string>()) >= 8;
  const std::vector<ReduceConfig> ladder = reduce_ladder(), sweep = reduce_sweep();
  for (const ReduceConfig& base : ladder) {
    if (base.shape.block == BlockReduce::warp_redux && !redux) continue;
    const bool swept = std::find(sweep.begin(), sweep.end(), base) != sweep.end();
    out.push_back({&kReduce, reduce_variant_name(base), true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     for (ReduceOp op : kReduceOps)
                       for (Precision p : reduce_precisions(base)) {
                         ReduceConfig c = base;
                         c.op = op;
                         const std::vector<std::size_t> lengths = s.lengths(reduce_inputs(op), p);
                         for (std::size_t n : lengths) {
                           const bool sweep_point =
                               swept && c == base && p == Precision::fp32 && n == lengths.back();
                           cases.push_back(make_reduce_case(device, c, p, n, sweep_point, cache));
                         }
                       }
                   }});
  }
  out.push_back({&kReduce, "cub", true, true, [=, &device](Cases& cases, const Sizing& s) {
                   for (ReduceOp op : kReduceOps)
                     for (Precision p : {Precision::fp32, Precision::fp64, Precision::int32})
                       for (std::size_t n : s.lengths(reduce_inputs(op), p))
                         cases.push_back(make_cub_reduce_case(device, op, p, n, cache));
                 }});
  for (const ReduceConfig& c : sweep) {
    if (std::find(ladder.begin(), ladder.end(), c) != ladder.end()) continue;
    out.push_back({&kReduce, reduce_variant_name(c), true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     const std::size_t n = s.lengths(reduce_inputs(c.op), Precision::fp32).back();
                     cases.push_back(make_reduce_case(device, c, Precision::fp32, n, true, cache));
                   }});
  }
  for (const ReduceConfig& c : reduce_grid_sweep())
    out.push_back({&kReduce, reduce_variant_name(c), true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     for (std::size_t n : s.lengths(reduce_inputs(c.op), Precision::fp32))
                       cases.push_back(
                           make_reduce_case(device, c, Precision::fp32, n, false, cache));
                   }});
}

// The scan ladder (every algorithm with either block scan) and CUB (the baseline) over the length
// sweep, both kinds, int32, fp32 and fp64; the look-back's sweep (shapes, hints, the prefetch
// schedule) inclusive at the largest length of each type, opt-in (timings of the same work, for
// tuning). Quick: the
// look-back and scan-then-fan (the CUDA Handbook study's reference) with warp shuffles, and CUB.
// One host-input cache serves every case.
void add_scan_rows(std::vector<Variant>& out, const roofline::Device& device) {
  const auto cache = std::make_shared<HostInputCache>();
  for (const ScanConfig& c : scan_ladder()) {
    const bool quick = c.block == BlockScanAlgorithm::warp_shfl &&
                       (c.algorithm == ScanAlgorithm::decoupled_lookback ||
                        c.algorithm == ScanAlgorithm::scan_then_fan);
    out.push_back(
        {&kScan, scan_variant_name(c), quick, false, [=, &device](Cases& cases, const Sizing& s) {
           for (Precision p : scan_precisions(c))
             for (ScanKind kind : kScanKinds)
               for (std::size_t n : s.lengths(kScan.arrays, p))
                 cases.push_back(make_scan_case(device, c, kind, p, n, false, cache));
         }});
  }
  out.push_back({&kScan, "cub", true, true, [=, &device](Cases& cases, const Sizing& s) {
                   for (Precision p : {Precision::int32, Precision::fp32, Precision::fp64})
                     for (ScanKind kind : kScanKinds)
                       for (std::size_t n : s.lengths(kScan.arrays, p))
                         cases.push_back(make_cub_scan_case(device, kind, p, n, cache));
                 }});
  for (const ScanConfig& c : scan_sweep())
    out.push_back({&kScan, scan_variant_name(c), true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     for (Precision p : scan_precisions(c)) {
                       const std::size_t n = s.lengths(kScan.arrays, p).back();
                       cases.push_back(
                           make_scan_case(device, c, ScanKind::inclusive, p, n, true, cache));
                     }
                   },
                   /*opt_in=*/true});
}

// The GEMM study's squares: 256 … 8192 (quick: 256, 1024, 4096), and its largest, 20000, for the
// kernels that finish it in about a second per call (1.6e13 FLOPs: the tiled kernels from
// block_tiled on and cuBLAS, at 18-50 TFLOP/s on an H200; the naive kernel's few TFLOP/s would
// take several seconds). The kernels with strided loads (the uncoalesced naive kernel, the
// transposed-B one: siboehm's uncoalesced kernel took 1.3% of cuBLAS's time on an A6000) and the
// group-size sweep to 4096.
const std::vector<std::size_t> kGemmQuick = {256, 1024, 4096},
                               kGemmFull = {256, 512, 1024, 2048, 4096, 8192},
                               kGemmLargestFull =
                                   {256, 512, 1024, 2048, 4096, 8192, kGemmLargestSize},
                               kGemmStridedFull = {256, 512, 1024, 2048, 4096};

// A ladder config's full sizes (above).
const std::vector<std::size_t>& gemm_full_sizes(const GemmConfig& c) {
  switch (c.kernel) {
    case GemmKernel::naive:
      return c.index == NaiveIndex::uncoalesced ? kGemmStridedFull : kGemmFull;
    case GemmKernel::naive_transposed_b:
      return kGemmStridedFull;
    case GemmKernel::smem_tiled:
    case GemmKernel::register_tiled:
      return kGemmFull;
    case GemmKernel::block_tiled:
    case GemmKernel::warp_tiled:
    case GemmKernel::warp_tiled_async:
      break;
  }
  return kGemmLargestFull;
}

// The squares (the user's size alone, as a square), then the study's rectangles (quick: the
// first). bf16 cases are sized as fp32: they keep float A, B and X besides the bf16 copies.
void add_gemm_shapes(const Sizing& sizing, Precision p, const std::vector<std::size_t>& full,
                     const std::function<void(const GemmShape&)>& add) {
  if (p == Precision::bf16) p = Precision::fp32;
  for (std::size_t n : sizing.square_sizes(kGemmQuick, full, kGemm.arrays, p)) {
    const auto side = static_cast<std::int64_t>(n);
    add({side, side, side});
  }
  if (sizing.user_sized()) return;
  for (const GemmShape& r : {kGemmRectangle, kGemmLargeRectangle}) {
    if (sizing.quick() && r == kGemmLargeRectangle) continue;
    const auto size = [](std::int64_t rows, std::int64_t cols) {
      return static_cast<std::size_t>(rows * cols);
    };
    sizing.check_arrays(gemm_shape_name(r), {size(r.m, r.k), size(r.k, r.n), size(r.m, r.n)}, p);
    add(r);
  }
}

// The GEMM ladder (gemm_ladder: the study's kernels, the tiled ones at this architecture's tuned
// tiles per precision) and cuBLAS under pedantic math, the baseline. cuBLAS TF32 and BF16 (sm_80
// on) are opt-in reference points: the model has no tensor-core roofs, so they would lie far
// above the SIMT roofs they are placed under and set off the run's above-the-roof warning.
void add_gemm_rows(std::vector<Variant>& out, const roofline::Device& device) {
  const int cc = compute_capability(device);
  const std::vector<GemmConfig> fp32 = gemm_ladder(Precision::fp32, cc),
                                fp64 = gemm_ladder(Precision::fp64, cc);
  for (std::size_t i = 0; i < fp32.size(); ++i) {
    const std::vector<std::size_t>& full = gemm_full_sizes(fp32[i]);
    out.push_back({&kGemm, gemm_variant_name(fp32[i]), true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     for (Precision p : kPrecisions) {
                       const GemmConfig& c = p == Precision::fp32 ? fp32[i] : fp64[i];
                       add_gemm_shapes(s, p, full, [&](const GemmShape& shape) {
                         cases.push_back(make_gemm_case(device, c, p, shape));
                       });
                     }
                   }});
  }
  // The group-size sweep of the naive and register-tiled kernels, both precisions.
  for (const GemmConfig& c : gemm_group_sweep())
    out.push_back(
        {&kGemm, gemm_variant_name(c), true, false, [=, &device](Cases& cases, const Sizing& s) {
           for (Precision p : kPrecisions)
             add_gemm_shapes(s, p, kGemmStridedFull, [&](const GemmShape& shape) {
               cases.push_back(make_gemm_case(device, c, p, shape));
             });
         }});
  // cuBLAS as its users call it, the baseline (to the study's largest size); its pedantic mode,
  // named and opt-in.
  for (const CublasGemmMath m : {CublasGemmMath::standard, CublasGemmMath::pedantic})
    out.push_back({&kGemm, cublas_gemm_variant_name(m), true, m == CublasGemmMath::standard,
                   [&device, m](Cases& cases, const Sizing& s) {
                     const bool standard = m == CublasGemmMath::standard;
                     for (Precision p : kPrecisions)
                       add_gemm_shapes(
                           s, p, standard ? kGemmLargestFull : kGemmFull,
                           [&](const GemmShape& shape) {
                             cases.push_back(make_cublas_gemm_case(device, m, p, shape));
                           });
                   },
                   /*opt_in=*/m == CublasGemmMath::pedantic});
  // The tuning sweep (kGemmSweep, fp32 only), opt-in: timings of the same work, for tuning.
  for (const GemmConfig& c : gemm_sweep())
    out.push_back({&kGemm, gemm_variant_name(c), true, false,
                   [=, &device](Cases& cases, const Sizing& s) {
                     add_gemm_shapes(s, Precision::fp32, kGemmFull, [&](const GemmShape& shape) {
                       cases.push_back(make_gemm_case(device, c, Precision::fp32, shape));
                     });
                   },
                   /*opt_in=*/true});
  if (cc < 80) return;
  for (const auto& [m, p] : {std::pair{CublasGemmMath::tf32, Precision::fp32},
                             std::pair{CublasGemmMath::bf16, Precision::bf16}})
    out.push_back({&kGemm, cublas_gemm_variant_name(m), true, false,
                   [&device, m, p](Cases& cases, const Sizing& s) {
                     add_gemm_shapes(s, p, kGemmFull, [&](const GemmShape& shape) {
                       cases.push_back(make_cublas_gemm_case(device, m, p, shape));
                     });
                   },
                   /*opt_in=*/true});
}

}  // namespace

std::vector<Variant> variants(const roofline::Device& device) {
  std::vector<Variant> out;
  add_nested_saxpy_rows(out, device);
  add_nested_saxpy_size_rows(out, device);
  add_offload_rows(out, device);
  add_one_buffer_rows(out, device);
  add_stream_rows(out, device);
  add_reduce_rows(out, device);
  add_scan_rows(out, device);
  add_gemm_rows(out, device);
  return out;
}

MemoryFacts memory_facts(const roofline::Device& device) {
  double l2 = 0;
  for (const auto& c : device.caches) l2 = std::max(l2, c.size_bytes);
  std::size_t free = 0, total = 0;
  ROOFLAB_CUDA(cudaMemGetInfo(&free, &total));
  return {.dram_bytes = std::min(gpu_dram_smallest(l2), double(free) / 2),
          .study_bytes = std::max(kReduceDramBytes, kDramFromL2 * l2),
          .all_arrays = {.bytes = double(free),
                         .what = "the " + std::to_string(free) + " bytes free on the device"},
          .one_array = {}};
}

Geometry run_geometry(const roofline::Device& device, StreamOp op, double array_bytes) {
  if (!stream_stores(op)) {
    const int threads_per_sm = device.facts.value("max_threads_per_sm", 2048);
    return {.sms = device.compute_units, .blocks_per_sm = std::max(threads_per_sm / 256, 1)};
  }
  return covering({.sms = device.compute_units, .threads = 256, .vector_bytes = 16, .items = 1},
                  array_bytes);
}

Geometry nested_saxpy_geometry(const roofline::Device& device, Precision p, int m, std::size_t n) {
  const Geometry g{.sms = device.compute_units,
                   .threads = 256,
                   .vector_bytes = 16,
                   .items = nested_saxpy_items(size_of(p), m)};
  if (over_ridge(device, p, m) >= 2) return nested_saxpy_one_wave(device, p, m);
  return covering(g, double(n) * size_of(p));
}

NestedSaxpyBulkTile nested_saxpy_l2_tile(const roofline::Device& device, Precision p, int m) {
  if (over_ridge(device, p, m) >= 1) return kNestedSaxpyL2Vectors;
  return nested_saxpy_l2_lanes(nested_saxpy_lane_bytes(p));
}

Geometry nested_saxpy_one_wave(const roofline::Device& device, Precision p, int m) {
  const int threads_per_sm = device.facts.value("max_threads_per_sm", 2048), threads = 256;
  return {.sms = device.compute_units,
          .blocks_per_sm = std::max(threads_per_sm / threads / 2, 1),  // one wave, half full
          .threads = threads,
          .vector_bytes = 16,
          .items = nested_saxpy_items(size_of(p), m)};
}

std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options) {
  // CUDA has no smaller quick suite: every row is in it.
  const std::vector<Variant> rows = variants(device);
  const std::vector<const Variant*> chosen = chosen_variants(rows, options, "CUDA");
  ROOFLAB_CUDA(cudaSetDevice(device.facts.at("ordinal").get<int>()));
  return kernels::make_cases(chosen, memory_facts(device), options);
}

}  // namespace kernels::cuda
