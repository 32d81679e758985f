#include "kernels/opencl/cases.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <optional>
#include <utility>

#include "kernels/gemm.hpp"
#include "kernels/gpu_dram.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/opencl/device_check.hpp"
#include "kernels/opencl/device_support.hpp"
#include "kernels/opencl/gemm_cases.hpp"
#include "kernels/opencl/nested_saxpy_cases.hpp"
#include "kernels/opencl/reduce_cases.hpp"
#include "kernels/opencl/scan_cases.hpp"
#include "kernels/opencl/stream_cases.hpp"
#include "kernels/reduce.hpp"
#include "kernels/scan.hpp"
#include "kernels/stream.hpp"

namespace kernels::opencl {
namespace {

using roofline::Precision;

constexpr std::size_t kGroup = 256;
constexpr std::size_t kCpuGroup = 64;  // blocked stream launches (probes/opencl/bandwidth.hpp)

// The reduce study's largest inputs on a GPU: 2^28 floats (1 GiB), as on CUDA.
constexpr double kReduceGpuBytes = double(1 << 30);

std::vector<Precision> precisions(const Runtime& runtime) {
  std::vector<Precision> out;
  for (Precision p : {Precision::fp32, Precision::fp64})
    if (supports(runtime.device(), p)) out.push_back(p);
  return out;
}

// A size study's lengths on `device`: on a GPU from 1 K elements to DRAM (quick: every 8×, as on
// CUDA), on a CPU device as on the CPU backend (quick: the DRAM case alone).
std::vector<std::size_t> study_lengths(const roofline::Device& device, const Sizing& sizing,
                                       int arrays, Precision p) {
  if (sizing.quick() && !is_device_type(device, "GPU")) return {sizing.elements(arrays, p)};
  return sizing.lengths_to_dram(arrays, p);
}

// The cases of one stream row: every operation in each precision the device has, over the study's
// lengths where the row is `swept`, else at the DRAM size; `launch_of` gives the launch of n
// elements of precision p.
void add_stream_cases(Cases& cases, const Sizing& sizing, const roofline::Device& device,
                      const std::shared_ptr<Runtime>& runtime, bool swept,
                      const std::function<StreamLaunch(Precision, std::size_t)>& launch_of) {
  for (Precision p : precisions(*runtime))
    for (StreamOp op : kStreamOps)
      for (std::size_t n : swept ? study_lengths(device, sizing, stream_arrays(op), p)
                                 : std::vector{sizing.elements(stream_arrays(op), p)}) {
        const StreamLaunch launch = launch_of(p, n);
        const roofline::Work work =
            stream_work(op, p, static_cast<std::int64_t>(n), Store::temporal);
        nlohmann::json params = {
            {"n", n},
            {"op", to_string(op)},
            {"width", launch.width},
            {"group", launch.group},
            {"layout", layout_name(launch)},
            {"items", items_per_work_item(op, launch, n, device.compute_units)}};
        if (launch.groups_per_unit > 0) params["groups_per_unit"] = launch.groups_per_unit;
        cases.push_back(
            make_stream_case(opencl_case_info(device, params, work), runtime, op, p, n, launch));
      }
}

void add_stream_rows(std::vector<Variant>& out, const roofline::Device& device,
                     const std::shared_ptr<Runtime>& runtime) {
  // Work-items in turn on a CPU device take runs of vectors (blocked), a GPU's strided vectors.
  const bool cpu_device = is_device_type(device, "CPU");
  const std::size_t group = group_size(runtime->device(), cpu_device ? kCpuGroup : kGroup);
  for (int width : {1, 2, 4, 8, 16}) {
    const StreamLaunch base{.width = width, .group = group, .blocked = cpu_device};
    const std::string name = launch_name(base);
    // A CPU device's quick rows: 16-byte vectors in both precisions (4 and 2 lanes; each row runs
    // both), the widest access every OpenCL device has natively; they sweep the lengths.
    const bool quick = cpu_device && (width == 2 || width == 4);
    out.push_back(
        {&kStream, name, quick, false, [=, &device](Cases& cases, const Sizing& sizing) {
           add_stream_cases(cases, sizing, device, runtime, quick, [=](Precision, std::size_t n) {
             return cpu_device ? blocked_launch(width, group, n, device.compute_units) : base;
           });
         }});
  }
  if (cpu_device) return;
  // A GPU's: 16-byte vectors in either precision, the widest NVIDIA's OpenCL keeps whole (on an
  // H200 a 200 MiB double4 write ran at 1686 GB/s, double2 at 3906: 2026-11-26), in a grid that
  // covers the arrays (quick), or CUDA's grid_stride_v16 shape of one or four waves of full
  // occupancy on an SM of 2048 threads (8 or 32 groups of 256 per unit). On an H100 with 2^27
  // elements per array the covering grid ran at 0.990–1.020 of CUDA's grid_stride_v16, the grid
  // strides at 0.940–1.010 and 0.928–0.991 (docs/performance.md, 2026-11-26). The covering grid
  // sweeps the lengths, as CUDA's grid_stride_v16.
  for (unsigned groups_per_unit : {0u, 8u, 32u}) {
    std::string name = "v16_wg" + std::to_string(group);
    if (groups_per_unit > 0) name += "_grid" + std::to_string(groups_per_unit);
    const bool covering = groups_per_unit == 0;
    out.push_back(
        {&kStream, name, covering, false, [=, &device](Cases& cases, const Sizing& sizing) {
           add_stream_cases(cases, sizing, device, runtime, covering,
                            [=](Precision p, std::size_t) {
                              return StreamLaunch{.width = 16 / roofline::size_of(p),
                                                  .group = group,
                                                  .groups_per_unit = groups_per_unit};
                            });
         }});
  }
}

// The cases of one row of `family` in each precision the device has: of kNestedSaxpy every depth
// at the DRAM size, of kNestedSaxpySize plain SAXPY over the study's lengths.
void add_nested_saxpy_cases(Cases& cases, const Sizing& sizing, const roofline::Device& device,
                            const std::shared_ptr<Runtime>& runtime, const Family& family,
                            const std::function<NestedSaxpyLaunch(Precision)>& launch_of) {
  for (Precision p : precisions(*runtime)) {
    std::vector<std::pair<int, std::size_t>> points;  // (m, n)
    if (&family == &kNestedSaxpySize)
      for (std::size_t n : study_lengths(device, sizing, family.arrays, p))
        points.emplace_back(kNestedSaxpySizeDepth, n);
    else
      for (int m : kNestedSaxpyDepths) points.emplace_back(m, sizing.elements(family.arrays, p));
    for (const auto& [m, n] : points) {
      const NestedSaxpyLaunch launch = launch_of(p);
      const roofline::Work work = nested_saxpy_work(p, static_cast<std::int64_t>(n), m);
      nlohmann::json params = {{"n", n},
                               {"m", m},
                               {"width", launch.width},
                               {"chains", launch.chains},
                               {"group", launch.group}};
      if (launch.groups_per_unit > 0) params["groups_per_unit"] = launch.groups_per_unit;
      cases.push_back(
          make_nested_saxpy_case(opencl_case_info(device, params, work), runtime, m, p, n, launch));
    }
  }
}

void add_nested_saxpy_rows(std::vector<Variant>& out, const roofline::Device& device,
                           const std::shared_ptr<Runtime>& runtime) {
  const std::size_t group = group_size(runtime->device(), kGroup);
  // A row of the depth study; a quick one also runs plain SAXPY's size study.
  const auto add = [&](const std::string& name, bool quick,
                       const std::function<NestedSaxpyLaunch(Precision)>& launch_of) {
    for (const Family* family : {&kNestedSaxpy, &kNestedSaxpySize}) {
      if (family == &kNestedSaxpySize && !quick) continue;
      out.push_back({family, name, quick, false, [=, &device](Cases& cases, const Sizing& sizing) {
                       add_nested_saxpy_cases(cases, sizing, device, runtime, *family, launch_of);
                     }});
    }
  };
  // One 2-wide vector per work-item, the GPU way (on an H200 the 4-byte fp32 load of one lane left
  // a fifth of the bandwidth unused); and 8 chains of 8-wide vectors per work-item, the
  // instruction-level parallelism a CPU device needs to fill its FMA pipes (it runs one
  // work-item's chain after another), the quick suite's on a CPU device.
  const bool cpu_device = is_device_type(device, "CPU");
  for (const NestedSaxpyLaunch launch :
       {NestedSaxpyLaunch{.width = 2, .chains = 1, .group = group},
        NestedSaxpyLaunch{.width = 8, .chains = 8, .group = group}}) {
    add(nested_saxpy_launch_name(launch), cpu_device && launch.chains > 1,
        [=](Precision) { return launch; });
  }
  if (cpu_device) return;
  // CUDA's launches on a GPU: 16-byte vectors in either precision, the depth loop unrolled by 32
  // as CUDA's, one or 4 chains per work-item in a grid that covers the arrays, and 4 chains in one
  // wave of half occupancy (4 groups of 256 per unit on an SM of 2048 threads). On an H100 at 32M
  // elements, against its OpenCL roofs (docs/performance.md, 2026-11-26): unrolled, fp32 m = 1024
  // ran at 0.955 of its roof instead of 0.536, m = 128 at 0.749 instead of 0.478; one chain in
  // the covering grid (the quick suite's) 0.893-0.955 in fp32 except 0.749 at m = 128, where one
  // wave of 4 chains reached 0.797, and 0.806-0.965 in fp64. At 64M (2026-11-27) the better of
  // the one-chain covering grid and the one wave of 4 chains reached >= 0.834 at the ridge and
  // >= 0.916 away from it in both precisions.
  for (const NestedSaxpyLaunch shape :
       {NestedSaxpyLaunch{.chains = 1, .group = group, .unroll = 32},
        NestedSaxpyLaunch{.chains = 4, .group = group, .unroll = 32},
        NestedSaxpyLaunch{.chains = 4, .group = group, .groups_per_unit = 4, .unroll = 32}}) {
    std::string name = nested_saxpy_launch_name(shape);  // "w1_c4_wg256…" → "v16_c4_wg256…"
    name.replace(0, name.find('_'), "v16");
    add(name, shape.chains == 1, [=](Precision p) {
      NestedSaxpyLaunch launch = shape;
      launch.width = 16 / roofline::size_of(p);
      return launch;
    });
  }
}

// The reduce ladder and CLBlast (the baseline) over the length sweep, the group × items sweep at
// the largest fp32 sum length and the grid sweep over the fp32 sum's lengths (both quick on GPUs
// only: PoCL takes about a second to build each program). A sweep point that is a ladder config
// (the default shape) is that rung's case at the length, not a second run of it. A variant the
// device cannot run is left out; the device not_offered says why. One host-input cache serves every
// case.
void add_reduce_rows(std::vector<Variant>& out, const roofline::Device& device,
                     const std::shared_ptr<Runtime>& runtime) {
  const bool gpu = is_device_type(device, "GPU");
  const auto cache = std::make_shared<HostInputCache>();
  const DeviceSupport support = query_device_support(runtime->device());
  const auto types = [support](const ReduceConfig& c) {  // kept by the variants: no references
    std::vector<Precision> out;
    for (Precision p : {Precision::fp32, Precision::fp64, Precision::int32})
      if (!unsupported(c, p, support)) out.push_back(p);
    return out;
  };
  const std::size_t max_group = group_size(runtime->device(), 1024);
  const std::vector<ReduceConfig> ladder = reduce_ladder(), sweep = reduce_sweep();
  for (const ReduceConfig& base : ladder) {
    if (types(base).empty()) continue;
    const bool swept = std::find(sweep.begin(), sweep.end(), base) != sweep.end() &&
                       static_cast<std::size_t>(base.group) <= max_group;
    out.push_back({&kReduce, reduce_variant_name(base), true, false,
                   [=, &device](Cases& cases, const Sizing& sizing) {
                     for (ReduceOp op : kReduceOps) {
                       ReduceConfig c = base;
                       c.op = op;
                       for (Precision p : types(c)) {
                         const std::vector<std::size_t> lengths =
                             sizing.lengths(reduce_inputs(op), p);
                         for (std::size_t n : lengths) {
                           // A sweep point only where the sweep runs too: one cell is no map.
                           const bool sweep_point = swept && (gpu || !sizing.quick()) &&
                                                    c == base && p == Precision::fp32 &&
                                                    n == lengths.back();
                           cases.push_back(make_reduce_case(device, runtime, support, c, p, n,
                                                            sweep_point, cache));
                         }
                       }
                     }
                   }});
  }
  out.push_back({&kReduce, "clblast", true, true, [=, &device](Cases& cases, const Sizing& sizing) {
                   for (ReduceOp op : {ReduceOp::sum, ReduceOp::dot})  // CLBlast has no maximum
                     for (Precision p : precisions(*runtime))
                       for (std::size_t n : sizing.lengths(reduce_inputs(op), p))
                         cases.push_back(
                             make_clblast_reduce_case(device, runtime, op, p, n, cache));
                 }});
  for (const ReduceConfig& c : sweep) {
    if (static_cast<std::size_t>(c.group) > max_group ||
        std::find(ladder.begin(), ladder.end(), c) != ladder.end())
      continue;
    out.push_back(
        {&kReduce, reduce_variant_name(c), gpu, false, [=, &device](Cases& cases, const Sizing& s) {
           const std::size_t n = s.lengths(reduce_inputs(c.op), Precision::fp32).back();
           cases.push_back(
               make_reduce_case(device, runtime, support, c, Precision::fp32, n, true, cache));
         }});
  }
  for (const ReduceConfig& c : reduce_grid_sweep())
    out.push_back(
        {&kReduce, reduce_variant_name(c), gpu, false, [=, &device](Cases& cases, const Sizing& s) {
           for (std::size_t n : s.lengths(reduce_inputs(c.op), Precision::fp32))
             cases.push_back(
                 make_reduce_case(device, runtime, support, c, Precision::fp32, n, false, cache));
         }});
}

// The scan variants over the length sweep, inclusive and exclusive, in every type the device has.
// The size study's baseline is scan_then_fan_local (every device runs it; the study's reference
// on a GPU); the quick suite runs it, reduce_then_scan_local and Merrill and Grimshaw's with the
// best portable work-group scan the device has (sub-groups where offered; NVIDIA's shfl rows in
// full runs), and on NVIDIA the look-back with the shfl scan (kNvidiaLookback), its fastest scan.
// The look-back with the portable work-group scans runs only when named (on NVIDIA 0.70× the shfl
// one; elsewhere untuned). The tuning sweep (scan_sweep) runs at the largest fp32 length,
// inclusive; quick on GPUs only, as the reduce sweep, and its look-back points only when named.
// A variant the device cannot run is left out; not_offered says why.
void add_scan_rows(std::vector<Variant>& out, const roofline::Device& device,
                   const std::shared_ptr<Runtime>& runtime) {
  const auto cache = std::make_shared<HostInputCache>();
  const DeviceSupport support = query_device_support(runtime->device());
  const auto types = [support](const ScanConfig& c) {  // kept by the variants: no references
    std::vector<Precision> out;
    for (Precision p : {Precision::int32, Precision::fp32, Precision::fp64})
      if (!unsupported(c, p, support)) out.push_back(p);
    return out;
  };
  for (const ScanConfig& c : scan_variants()) {
    if (types(c).empty()) continue;
    const bool local = c.group_scan == GroupScan::local;
    const bool lookback = c.algorithm == ScanAlgorithm::decoupled_lookback;
    const bool nvidia_lookback = lookback && c.group_scan == GroupScan::shfl;
    const bool quick = local ? c.algorithm != ScanAlgorithm::merrill_grimshaw || !support.sub_groups
                             : nvidia_lookback || (c.group_scan == GroupScan::subgroup &&
                                                   c.algorithm == ScanAlgorithm::merrill_grimshaw);
    out.push_back({.family = &kScan,
                   .name = scan_variant_name(c),
                   .quick = quick,
                   .baseline = c.algorithm == ScanAlgorithm::scan_then_fan && local,
                   .add_cases =
                       [=, &device](Cases& cases, const Sizing& sizing) {
                         for (Precision p : types(c))
                           for (ScanKind kind : kScanKinds)
                             for (std::size_t n : sizing.lengths(kScan.arrays, p))
                               cases.push_back(
                                   make_scan_case(device, runtime, support, c, kind, p, n, cache));
                       },
                   .opt_in = lookback && !nvidia_lookback});
  }
  const bool gpu = is_device_type(device, "GPU");
  const std::size_t max_group = group_size(runtime->device(), 1024);
  for (const ScanConfig& c : scan_sweep()) {
    if (static_cast<std::size_t>(c.group) > max_group || unsupported(c, Precision::fp32, support))
      continue;
    out.push_back({.family = &kScan,
                   .name = scan_variant_name(c),
                   .quick = gpu,
                   .add_cases =
                       [=, &device](Cases& cases, const Sizing& sizing) {
                         const std::size_t n = sizing.lengths(kScan.arrays, Precision::fp32).back();
                         cases.push_back(make_scan_case(device, runtime, support, c,
                                                        ScanKind::inclusive, Precision::fp32, n,
                                                        cache, {}, true));
                       },
                   .opt_in = c.algorithm == ScanAlgorithm::decoupled_lookback});
  }
}

// The GEMM ladder, CLBlast (the baseline) and the group-size sweep over squares, then the study's
// rectangular shapes. A GPU runs the squares (quick: 256, 1024, 4096), both rectangles in
// a full run, where the block- and warp-tiled kernels and CLBlast also run the study's largest
// (kGemmLargestSize) and the transposed-B kernel and the group sweep stop at 4096 (strided or
// small tiles: seconds per call above); a CPU device (PoCL on a small host runs the naive kernel
// at about a GFLOP/s) squares up to 1024 and the small rectangle in a full run, 256 alone in a
// quick one, where it leaves out the group sweep. A size the user names runs alone, as a square.
// A rung is left out in a precision the device cannot run it in (its work-group or local memory,
// gemm_unsupported).
void add_gemm_rows(std::vector<Variant>& out, const roofline::Device& device,
                   const std::shared_ptr<Runtime>& runtime) {
  const bool gpu = is_device_type(device, "GPU");
  const auto cache = std::make_shared<HostInputCache>();
  GemmClLimits limits = gemm_cl_limits(runtime->device());
  limits.max_group = group_size(runtime->device(), 1024);
  using Sizes = std::vector<std::size_t>;
  const Sizes quick = gpu ? Sizes{256, 1024, 4096} : Sizes{256};
  const Sizes full = gpu ? Sizes{256, 512, 1024, 2048, 4096, 8192} : Sizes{256, 512, 1024};
  Sizes largest = full, strided = full;
  if (gpu) {
    largest.push_back(kGemmLargestSize);
    strided.pop_back();
  }
  const auto full_sizes = [&](const GemmClConfig& c) -> const Sizes& {
    switch (c.technique) {
      case GemmClTechnique::naive_transposed_b:
        return strided;
      case GemmClTechnique::block_tiled:
      case GemmClTechnique::warp_tiled:
      case GemmClTechnique::clblast:
        return largest;
      default:
        return full;
    }
  };
  std::vector<GemmShape> rectangles = {{.m = 1024, .n = 512, .k = 768}};
  if (gpu) rectangles.push_back({.m = 3000, .n = 4000, .k = 5000});
  const std::vector<Precision> types = precisions(*runtime);
  std::vector<std::pair<GemmClConfig, bool>> configs;  // (config, in the group sweep)
  for (const GemmClConfig& c : gemm_cl_ladder()) configs.emplace_back(c, false);
  for (const GemmClConfig& c : gemm_cl_group_sweep()) configs.emplace_back(c, true);
  for (const auto& row : configs) {
    const GemmClConfig c = row.first;
    const bool swept = row.second;
    const auto runs = [c, limits](Precision p) { return !gemm_unsupported(c, p, limits); };
    if (std::none_of(types.begin(), types.end(), runs)) continue;
    const Sizes& sizes = swept ? strided : full_sizes(c);
    out.push_back(
        {&kGemm, gemm_variant_name(c), gpu || !swept, c.technique == GemmClTechnique::clblast,
         [=, &device](Cases& cases, const Sizing& sizing) {
           for (Precision p : types) {
             if (!runs(p)) continue;
             for (std::size_t n : sizing.square_sizes(quick, sizes, kGemm.arrays, p)) {
               const auto side = static_cast<std::int64_t>(n);
               cases.push_back(make_gemm_case(device, runtime, c, p, {side, side, side}, cache));
             }
             if (sizing.user_sized() || sizing.quick()) continue;
             for (const GemmShape& r : rectangles) {
               const auto size = [](std::int64_t rows, std::int64_t cols) {
                 return static_cast<std::size_t>(rows * cols);
               };
               sizing.check_arrays(gemm_shape_name(r),
                                   {size(r.m, r.k), size(r.k, r.n), size(r.m, r.n)}, p);
               cases.push_back(make_gemm_case(device, runtime, c, p, r, cache));
             }
           }
         }});
  }
}

// "variant precision: reason" for each of `configs` in each precision that `support` cannot run.
template <class Configs, class Name>
std::vector<std::string> unsupported_lines(const Configs& configs,
                                           std::initializer_list<Precision> precisions, Name name,
                                           const DeviceSupport& support) {
  std::vector<std::string> lines;
  for (const auto& c : configs)
    for (Precision p : precisions)
      if (const auto why = unsupported(c, p, support))
        lines.push_back(name(c) + " " + std::string(to_string(p)) + ": " + *why);
  return lines;
}

}  // namespace

std::map<std::string, std::vector<std::string>> not_offered(const cl::Device& device,
                                                            bool has_fp16) {
  std::optional<DeviceSupport> queried;  // once for both families that need it
  const auto support = [&]() -> const DeviceSupport& {
    if (!queried) queried = query_device_support(device);
    return *queried;
  };
  return kernels::not_offered(
      {{&kNestedSaxpy, [&] { return nested_saxpy_not_offered(has_fp16); }},
       {&kReduce,
        [&] {
          return unsupported_lines(reduce_ladder(),
                                   {Precision::fp32, Precision::fp64, Precision::int32},
                                   reduce_variant_name, support());
        }},
       {&kScan, [&] {
          return unsupported_lines(scan_variants(),
                                   {Precision::int32, Precision::fp32, Precision::fp64},
                                   scan_variant_name, support());
        }}});
}

bool is_device_type(const roofline::Device& device, std::string_view type) {
  return device.facts.value("device_type", "") == type;
}

roofline::CaseInfo opencl_case_info(const roofline::Device& device, std::string family,
                                    std::string variant, nlohmann::json params,
                                    const roofline::Work& work) {
  params["precision"] = to_string(work.precision);
  return {.family = std::move(family),
          .variant = std::move(variant),
          .backend = "opencl",
          .device = device.id,
          .params = std::move(params),
          .work = work,
          .level = device.level_for(work.working_set, device.compute_units)};
}

roofline::CaseInfo opencl_case_info(const roofline::Device& device, nlohmann::json params,
                                    const roofline::Work& work) {
  return opencl_case_info(device, "", "", std::move(params), work);
}

std::vector<Variant> variants(const roofline::Device& device,
                              const std::shared_ptr<Runtime>& runtime) {
  std::vector<Variant> out;
  // The nested SAXPY sweep first, next in time to the probe's ceilings (as on the CPU).
  add_nested_saxpy_rows(out, device, runtime);
  add_stream_rows(out, device, runtime);
  add_reduce_rows(out, device, runtime);
  add_scan_rows(out, device, runtime);
  add_gemm_rows(out, device, runtime);
  return out;
}

MemoryFacts memory_facts(const roofline::Device& device, const Runtime& runtime, bool quick) {
  const double dram = dram_working_set(device);
  const bool gpu = is_device_type(device, "GPU");
  double l2 = 0;
  for (const auto& c : device.caches) l2 = std::max(l2, c.size_bytes);
  const double max_alloc = static_cast<double>(runtime.max_alloc_bytes());
  const bool as_cuda = gpu && (!quick || checks_on_device(runtime.device()));
  return {.dram_bytes = as_cuda ? std::max(dram, gpu_dram_smallest(l2)) : dram,
          .study_bytes = std::max(gpu ? kReduceGpuBytes : 0, dram),
          .all_arrays = {},
          .one_array = {.bytes = max_alloc,
                        .what = device.id + "'s largest allocation (CL_DEVICE_MAX_MEM_ALLOC_SIZE " +
                                std::to_string(static_cast<long long>(max_alloc)) + " bytes)"}};
}

std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        std::shared_ptr<Runtime> runtime,
                                                        const roofline::RunOptions& options) {
  const std::vector<Variant> rows = variants(device, runtime);
  return kernels::make_cases(chosen_variants(rows, options, device.id),
                             memory_facts(device, *runtime, options.quick), options);
}

}  // namespace kernels::opencl
