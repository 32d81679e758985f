#include "kernels/opencl/cases.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

#include "kernels/names.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/opencl/nested_saxpy_cases.hpp"
#include "kernels/opencl/stream_cases.hpp"
#include "kernels/stream.hpp"
#include "roofline/json_io.hpp"

namespace kernels::opencl {
namespace {

using roofline::Case;
using roofline::InputError;
using roofline::Precision;
using Cases = std::vector<std::unique_ptr<Case>>;

constexpr std::size_t kGroup = 256;

// Elements per array: the user's size, or the smallest that puts a case's working set in device
// memory (STREAM's rule: at least 4× the global-memory cache, and at least 64 MiB).
class Sizing {
 public:
  Sizing(const roofline::Device& device, const Runtime& runtime, std::optional<std::int64_t> size)
      : runtime_(runtime), size_(size) {
    if (size_ && *size_ <= 0)
      throw InputError("size " + std::to_string(*size_) + " is not a positive element count");
    double cache = 0;
    for (const auto& c : device.caches) cache = std::max(cache, c.size_bytes);
    target_bytes_ = std::max(4 * cache, 64.0 * (1 << 20));
  }

  // For a case with `arrays` arrays; throws InputError when one does not fit in an allocation.
  std::size_t elements(int arrays, Precision p, const std::string& what) const {
    const auto n = size_ ? static_cast<std::size_t>(*size_)
                         : static_cast<std::size_t>(std::ceil(target_bytes_ / arrays / size_of(p)));
    runtime_.check_fits(static_cast<double>(n) * size_of(p),
                        what + " " + std::string(to_string(p)) + " size " + std::to_string(n));
    return n;
  }

 private:
  const Runtime& runtime_;
  std::optional<std::int64_t> size_;
  double target_bytes_ = 0;
};

struct Variant {
  std::string family, name;
  bool quick;
  std::function<void(Cases&, const Sizing&)> add_cases;
};

std::vector<Precision> precisions(const Runtime& runtime) {
  std::vector<Precision> out;
  for (Precision p : {Precision::fp32, Precision::fp64})
    if (supports(runtime.device(), p)) out.push_back(p);
  return out;
}

void add_stream_variants(std::vector<Variant>& out, const roofline::Device& device,
                         const std::shared_ptr<Runtime>& runtime) {
  const std::size_t group = group_size(runtime->device(), kGroup);
  for (int width : {1, 2, 4, 8, 16}) {
    const StreamLaunch launch{.width = width, .group = group};
    const std::string name = launch_name(launch);
    // Quick runs one width: 4 lanes, the widest load every OpenCL device has natively.
    out.push_back({"stream", name, width == 4, [=, &device](Cases& cases, const Sizing& sizing) {
                     for (Precision p : precisions(*runtime))
                       for (StreamOp op : kStreamOps) {
                         const std::size_t n = sizing.elements(stream_arrays(op), p, "stream");
                         const roofline::Work work =
                             stream_work(op, p, static_cast<std::int64_t>(n), Store::temporal);
                         const nlohmann::json params = {{"n", n},
                                                        {"op", to_string(op)},
                                                        {"width", launch.width},
                                                        {"group", launch.group},
                                                        {"items", launch.items}};
                         cases.push_back(make_stream_case(
                             opencl_case_info(device, "stream", name, params, work), runtime, op, p,
                             n, launch));
                       }
                   }});
  }
}

void add_nested_saxpy_variants(std::vector<Variant>& out, const roofline::Device& device,
                               const std::shared_ptr<Runtime>& runtime) {
  const std::size_t group = group_size(runtime->device(), kGroup);
  // One 2-wide vector per work-item, the GPU way (on an H200 the 4-byte fp32 load of one lane left
  // a fifth of the bandwidth unused); and 8 chains of 8-wide vectors per work-item, the
  // instruction-level parallelism a CPU device needs to fill its FMA pipes (it runs one
  // work-item's chain after another). The quick suite runs the one for the device's type.
  const bool cpu_device = device.facts.value("device_type", "") == "CPU";
  for (const NestedSaxpyLaunch launch :
       {NestedSaxpyLaunch{.width = 2, .chains = 1, .group = group},
        NestedSaxpyLaunch{.width = 8, .chains = 8, .group = group}}) {
    const std::string name = nested_saxpy_launch_name(launch);
    out.push_back({"nested_saxpy", name, (launch.chains > 1) == cpu_device,
                   [=, &device](Cases& cases, const Sizing& sizing) {
                     for (Precision p : precisions(*runtime))
                       for (int m : kNestedSaxpyDepths) {
                         const std::size_t n = sizing.elements(2, p, "nested_saxpy");
                         const roofline::Work work =
                             nested_saxpy_work(p, static_cast<std::int64_t>(n), m);
                         const nlohmann::json params = {{"n", n},
                                                        {"m", m},
                                                        {"width", launch.width},
                                                        {"chains", launch.chains},
                                                        {"group", launch.group}};
                         cases.push_back(make_nested_saxpy_case(
                             opencl_case_info(device, "nested_saxpy", name, params, work), runtime,
                             m, p, n, launch));
                       }
                   }});
  }
}

}  // namespace

std::vector<std::string> families() { return {"nested_saxpy", "stream"}; }

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

std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        std::shared_ptr<Runtime> runtime,
                                                        const roofline::RunOptions& options) {
  const std::vector<std::string> known = families();
  const std::vector<std::string>& wanted = options.families.empty() ? known : options.families;
  for (const auto& f : wanted)
    if (std::find(known.begin(), known.end(), f) == known.end())
      throw InputError("unknown family '" + f + "' on OpenCL (expected one of: " + joined(known) +
                       ")");

  std::vector<Variant> variants;
  // The nested SAXPY sweep first, next in time to the probe's ceilings (as on the CPU).
  add_nested_saxpy_variants(variants, device, runtime);
  add_stream_variants(variants, device, runtime);
  std::erase_if(variants, [&](const Variant& v) {
    return std::find(wanted.begin(), wanted.end(), v.family) == wanted.end();
  });

  std::vector<std::string> names;
  for (const auto& v : variants) names.push_back(v.name);
  for (const auto& requested : options.variants)
    if (std::find(names.begin(), names.end(), requested) == names.end())
      throw InputError("unknown variant '" + requested + "' of " + joined(wanted) + " on " +
                       device.id + " (expected one of: " + joined(names) + ")");

  const Sizing sizing(device, *runtime, options.size);
  Cases cases;
  for (const auto& v : variants) {
    const bool chosen = options.variants.empty()
                            ? (v.quick || !options.quick)
                            : std::find(options.variants.begin(), options.variants.end(), v.name) !=
                                  options.variants.end();
    if (chosen) v.add_cases(cases, sizing);
  }
  return cases;
}

}  // namespace kernels::opencl
