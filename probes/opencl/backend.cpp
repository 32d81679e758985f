#include "probes/opencl/backend.hpp"

#include <functional>
#include <map>
#include <optional>

#include "kernels/opencl/cases.hpp"
#include "probes/levels.hpp"
#include "probes/nvidia/nvml.hpp"
#include "probes/opencl/bandwidth.hpp"
#include "probes/opencl/device.hpp"
#include "probes/opencl/host_link.hpp"
#include "probes/opencl/l2_shared.hpp"
#include "probes/opencl/latency.hpp"
#include "probes/opencl/local_bandwidth.hpp"
#include "probes/opencl/peak_flops.hpp"
#include "roofline/budget.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"
#include "roofline/stats.hpp"

namespace probes::opencl {
namespace {

using roofline::Result;

std::string failure_text(const Result& r) {
  return r.family + " " + r.variant + " " + r.params.dump() + ": " + r.failure();
}

// Every sample as a rate of `amount` (Work::flops or Work::bytes) per second.
std::vector<double> rates(const Result& r, double roofline::Work::*amount) {
  std::vector<double> out;
  for (double seconds : r.samples) out.push_back(r.work.*amount / seconds);
  return out;
}

// The best verified result per precision by the median rate of `amount`; failures go to
// `failures`.
std::map<roofline::Precision, const Result*> best_per_precision(
    const std::vector<Result>& results, double roofline::Work::*amount,
    std::vector<std::string>& failures) {
  std::map<roofline::Precision, const Result*> best;
  for (const Result& r : results) {
    if (!r.ok()) {
      failures.push_back(failure_text(r));
      continue;
    }
    const Result*& slot = best[r.work.precision];
    if (!slot || r.work.*amount / r.time->median > slot->work.*amount / slot->time->median)
      slot = &r;
  }
  return best;
}

std::string searched_text(const std::vector<Result>& results, const Result& best) {
  std::size_t tried = 0;
  for (const Result& r : results) tried += r.work.precision == best.work.precision;
  return "the best of " + std::to_string(tried) + " configurations searched";
}

// The clock while `work` runs: NVML's SM clock for an NVIDIA device (found by its PCI bus id);
// otherwise none, since OpenCL reports only the highest clock.
nvidia::ClockReading clock_during_fma(const roofline::Device& device,
                                      const std::function<void()>& work) {
  const auto bus = device.facts.find("pci_bus_id");
  if (bus == device.facts.end()) {
    work();
    return {.hz = 0,
            .samples = 0,
            .text =
                "clock not read: OpenCL reports only the highest clock, and NVML only NVIDIA "
                "devices"};
  }
  nvidia::NvmlDevice nvml(bus->get<std::string>());
  return nvidia::clock_during(nvml, work);
}

}  // namespace

OpenClBackend::OpenClBackend() {
  try {
    enumeration_ = kernels::opencl::enumerate_devices();
  } catch (const std::exception& e) {
    error_ = e.what();
  }
}

roofline::Availability OpenClBackend::availability() const {
  if (!error_.empty()) return {.available = false, .reason = error_};
  if (enumeration_.devices.empty())
    return {.available = false,
            .reason = enumeration_.reason.empty() ? "no device found" : enumeration_.reason};
  return {.available = true, .reason = ""};
}

std::vector<roofline::Device> OpenClBackend::devices() const {
  std::vector<roofline::Device> out;
  for (const auto& handle : enumeration_.devices) out.push_back(describe_device(handle));
  return out;
}

std::shared_ptr<kernels::opencl::Runtime> OpenClBackend::runtime(const std::string& id) const {
  if (auto it = runtimes_.find(id); it != runtimes_.end()) return it->second;
  for (const auto& handle : enumeration_.devices)
    if (handle.id() == id)
      return runtimes_[id] = std::make_shared<kernels::opencl::Runtime>(handle);
  std::string known;
  for (const auto& handle : enumeration_.devices)
    known += (known.empty() ? "" : ", ") + handle.id();
  throw roofline::InputError("unknown OpenCL device '" + id +
                             "' (available: " + (known.empty() ? "none" : known) + ")");
}

std::vector<std::string> OpenClBackend::probe(roofline::Device& device,
                                              const roofline::ProbeOptions& options) const {
  device.compute.clear();
  device.memory.clear();
  device.sweep.clear();
  device.facts.erase("probe_notes");
  std::vector<std::string> failures;
  const auto rt = runtime(device.id);
  // Planned for the time budget before the first is measured (the bandwidth sweep plans its own).
  if (roofline::Budget* budget = options.measure.budget)
    budget->plan(static_cast<int>(peak_flops_configs(device, *rt, options.quick).size() +
                                  local_bandwidth_configs(device, *rt, options.quick).size() +
                                  l2_shared_configs(device, *rt).size()));

  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (const PeakFlopsConfig& config : peak_flops_configs(device, *rt, options.quick))
    cases.push_back(make_peak_flops_case(config, device, rt));
  std::vector<Result> flops;
  const nvidia::ClockReading clock = clock_during_fma(device, [&] {
    flops = roofline::measure_all(cases, options.measure, "peak FLOP/s " + device.id);
  });
  for (const auto& [precision, r] : best_per_precision(flops, &roofline::Work::flops, failures))
    device.compute.push_back({.precision = precision,
                              .path = "fma",
                              .threads = device.compute_units,
                              .flops_per_s = roofline::summarize(rates(*r, &roofline::Work::flops)),
                              .clock_hz = clock.hz,
                              .method = r->variant + " (" + r->params.dump() + "), " +
                                        searched_text(flops, *r) +
                                        "; every lane converges to 2b exactly; profiling-event "
                                        "time; " +
                                        clock.text,
                              .sensors = r->sensors});

  cases.clear();
  for (const LocalBandwidthConfig& config : local_bandwidth_configs(device, *rt, options.quick))
    cases.push_back(make_local_bandwidth_case(config, device, rt));
  const std::vector<Result> local =
      roofline::measure_all(cases, options.measure, "local-memory bandwidth " + device.id);
  for (const auto& [precision, r] : best_per_precision(local, &roofline::Work::bytes, failures))
    device.memory.push_back({.level = kLocal,
                             .kernel = "read",
                             .threads = device.compute_units,
                             .bytes_per_s = roofline::summarize(rates(*r, &roofline::Work::bytes)),
                             .working_set_min = r->work.working_set,
                             .working_set_max = r->work.working_set,
                             .method = r->variant + " (" + r->params.dump() + "), the best of " +
                                       std::to_string(local.size()) +
                                       " vector widths; tile per work-group in local memory, "
                                       "sums checked exactly; profiling-event time",
                             .sensors = r->sensors});

  cases.clear();
  for (const L2SharedConfig& config : l2_shared_configs(device, *rt))
    cases.push_back(make_l2_shared_case(config, device, rt));
  if (!cases.empty()) {
    const std::vector<Result> shared =
        roofline::measure_all(cases, options.measure, "shared-line delivery " + device.id);
    for (const Result& r : shared)
      if (!r.ok()) failures.push_back(failure_text(r));
    if (auto c = probes::l2_shared_ceiling(
            shared, device.compute_units,
            "volatile loads (NVIDIA's compiler serves them from the L2, not L1); "
            "profiling-event time")) {
      double local = 0;  // the local-memory ceiling, measured before
      for (const roofline::MemoryCeiling& m : device.memory)
        if (m.level == kLocal) local = std::max(local, m.bytes_per_s.median);
      if (const std::string why = probes::l2_shared_implausible(*c, local); !why.empty())
        failures.push_back(why);
      else
        device.memory.push_back(std::move(*c));
    }
  }

  BandwidthProbe global = probe_global_bandwidth(device, rt, options);
  for (const Result& r : global.failed) failures.push_back(failure_text(r));
  device.sweep = std::move(global.sweep);
  probes::record_dram_onset(device, options.host_dram_from);
  device.facts["bandwidth_launches"] = launches_to_facts(global.launches);
  if (!global.l2_search.empty()) device.facts["bandwidth_l2_search"] = global.l2_search;
  device.memory.insert(device.memory.end(), global.ceilings.begin(), global.ceilings.end());
  probe_host_link(device, rt, options, failures);
  probe_dispatch_latency(device, rt, options, failures);
  device.facts["probe_failures"] = failures;
  return failures;
}

std::vector<std::unique_ptr<roofline::Case>> OpenClBackend::cases(
    const roofline::Device& device, const roofline::RunOptions& options) const {
  return kernels::opencl::make_cases(device, runtime(device.id), options);
}

std::vector<std::unique_ptr<roofline::Case>> OpenClBackend::roof_check_cases(
    const roofline::Device& device) const {
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (const probes::RoofPoint& roof : probes::roof_points(device)) {
    const auto op = kernels::stream_op_named(roof.point.kernel);
    const auto launch = launch_from_facts(device, roof.point.kernel);
    if (!op || !launch) continue;
    cases.push_back(make_bandwidth_case(*op, *launch, roof.point.working_set, device,
                                        runtime(device.id), roof.level));
  }
  return cases;
}

void register_opencl_backend(roofline::Registry& registry) {
  registry.add(std::make_unique<OpenClBackend>());
}

}  // namespace probes::opencl
