#include "probes/cuda/backend.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>

#include "kernels/cuda/calibration_cases.hpp"
#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/bandwidth.hpp"
#include "probes/cuda/bandwidth_probe.hpp"
#include "probes/cuda/ceiling_cases.hpp"
#include "probes/cuda/cupti_provider.hpp"
#include "probes/cuda/device.hpp"
#include "probes/cuda/fma_path.hpp"
#include "probes/cuda/host_link.hpp"
#include "probes/cuda/l2_shared.hpp"
#include "probes/cuda/latency.hpp"
#include "probes/cuda/measured.hpp"
#include "probes/cuda/peak_flops.hpp"
#include "probes/cuda/peers.hpp"
#include "probes/cuda/program_profiler.hpp"
#include "probes/cuda/shared_memory.hpp"
#include "probes/cuda/tensor_ceilings.hpp"
#include "probes/cuda/together.hpp"
#include "probes/levels.hpp"
#include "probes/nvidia/nvml.hpp"
#include "probes/nvidia/nvml_sampler.hpp"
#include "roofline/budget.hpp"
#include "roofline/energy_window.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"
#include "roofline/program.hpp"
#include "roofline/stats.hpp"

namespace probes::cuda {

namespace {

constexpr char kInjectLibrary[] = "librooflab_inject.so";

using roofline::Precision;
using roofline::Result;

// Precisions with a theoretical FMA peak (the architecture has native arithmetic for them).
std::vector<Precision> probed_precisions(const roofline::Device& device) {
  std::vector<Precision> out;
  for (const auto& t : device.theoretical_compute)
    if (!roofline::is_tensor(t.precision)) out.push_back(t.precision);
  if (out.empty()) out = {Precision::fp64, Precision::fp32};  // unknown architecture
  return out;
}

PeakFlopsConfig fma_config(const roofline::Device& device, Precision p) {
  return {.precision = p,
          .sms = device.compute_units,
          .blocks_per_sm = std::max(device.facts.at("max_threads_per_sm").get<int>() / 256, 1),
          .threads = 256,
          // About 4 ms per launch on an H100 or H200: at 1 ms a launch's ramp and tail cost
          // a few tenths of a percent.
          .iterations = p == Precision::fp64 ? std::int64_t{1} << 14 : std::int64_t{1} << 15};
}

void probe_compute(roofline::Device& device, const roofline::ProbeOptions& options,
                   CeilingCases& kept, std::vector<std::string>& failures) {
  nvidia::NvmlDevice clock(device.facts.at("pci_bus_id").get<std::string>());
  for (Precision p : probed_precisions(device)) {
    const PeakFlopsConfig config = fma_config(device, p);
    auto c = make_peak_flops_case(device, config);
    const auto clocked = measure_clocked(*c, clock, options.measure, failures);
    if (!clocked) continue;
    const auto& [r, reading] = *clocked;
    char method[400];
    std::snprintf(method, sizeof method,
                  "%d independent %s chains per thread, %d threads x %d blocks/SM on %d SMs, "
                  "%lld steps per launch, CUDA-event timing; %s",
                  r.params.at("chains").get<int>(), std::string(fma_path(p)).c_str(),
                  config.threads, config.blocks_per_sm, config.sms,
                  static_cast<long long>(config.iterations), reading.text.c_str());
    device.compute.push_back({.precision = p,
                              .path = std::string(fma_path(p)),
                              .threads = device.compute_units,
                              .flops_per_s = roofline::summarize(rates(r, r.work.flops)),
                              .clock_hz = reading.hz,
                              .method = method,
                              .sensors = r.sensors});
    kept.compute.emplace_back(device.compute.size() - 1, std::move(c));
  }
}

void probe_shared_memory(roofline::Device& device, const roofline::ProbeOptions& options,
                         CeilingCases& kept, std::vector<std::string>& failures) {
  const SharedMemoryConfig config{
      .sms = device.compute_units,
      .blocks_per_sm = std::max(device.facts.at("max_threads_per_sm").get<int>() / 256, 1),
      .threads = 256,
      .passes = 1024};
  auto c = make_shared_memory_case(device, config);
  const Result r = roofline::measure(*c, options.measure);
  if (!r.ok()) {
    failures.push_back(failure_text(r));
    return;
  }
  char method[300];
  std::snprintf(method, sizeof method,
                "LDS.128 reads of a %d KiB array per block, %d threads x %d blocks/SM, %d passes "
                "of %d loads per launch, each thread's sum checked exactly; CUDA-event timing",
                kSharedVectors * 16 / 1024, config.threads, config.blocks_per_sm, config.passes,
                kSharedLoadsPerPass);
  device.memory.push_back({.level = "shared",
                           .kernel = "read",
                           .threads = device.compute_units,
                           .bytes_per_s = roofline::summarize(rates(r, r.work.bytes)),
                           .working_set_min = kSharedVectors * 16.0,
                           .working_set_max = kSharedVectors * 16.0,
                           .method = method,
                           .sensors = r.sensors});
  kept.memory.emplace_back(device.memory.size() - 1, std::move(c));
}

// The shared-read L2 ceiling (probes/l2_shared.hpp): a resident grid of 256-thread blocks, each
// reader count of kL2SharedReaders, the best kept with every rate in its method. 1024 passes: about
// 2 ms at 18 TB/s on an H100's 132 SMs.
void probe_l2_shared(roofline::Device& device, const roofline::ProbeOptions& options,
                     CeilingCases& kept, std::vector<std::string>& failures) {
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (int readers : probes::kL2SharedReaders)
    cases.push_back(make_l2_shared_case(
        device, {.blocks = device.compute_units *
                           std::max(device.facts.at("max_threads_per_sm").get<int>() / 256, 1),
                 .threads = 256,
                 .readers = readers,
                 .passes = 1024}));
  const std::vector<Result> results =
      roofline::measure_all(cases, options.measure, "shared-line delivery " + device.id);
  for (const Result& r : results)
    if (!r.ok()) failures.push_back(failure_text(r));
  auto c = probes::l2_shared_ceiling(results, device.compute_units,
                                     "loads through ld.global.cg (L2 only); CUDA-event timing");
  if (!c) return;
  double shared = 0;  // the shared-memory ceiling, measured before
  for (const roofline::MemoryCeiling& m : device.memory)
    if (m.level == "shared") shared = std::max(shared, m.bytes_per_s.median);
  if (const std::string why = probes::l2_shared_implausible(*c, shared); !why.empty()) {
    failures.push_back(why);
    return;
  }
  device.memory.push_back(std::move(*c));
  // The case of the fastest reader count, as l2_shared_ceiling chose it.
  std::size_t best = results.size();
  for (std::size_t k = 0; k < results.size(); ++k)
    if (results[k].ok() && (best == results.size() ||
                            roofline::bandwidth(results[k]) > roofline::bandwidth(results[best])))
      best = k;
  kept.memory.emplace_back(device.memory.size() - 1, std::move(cases[best]));
}

// The energy pass (ProbeOptions::energy): each kept ceiling's case, and per level of the
// bandwidth sweep (`swept`: its ceilings' indices) its read kernel's (else its fastest's) at the
// largest working set of its plateau, run for an energy window into its ceiling's energy_window. A
// window that fails is a failure of the probe; its ceiling stays.
void probe_energy(roofline::Device& device, CeilingCases& kept,
                  const std::vector<std::size_t>& swept, const roofline::ProbeOptions& options,
                  std::vector<std::string>& failures) {
  roofline::Sampler* const sampler = options.measure.sampler;
  if (!options.energy || !sampler) return;
  // Per level one kernel's ceiling: the read's where the sweep has it (the same kernel in every
  // probe, so two probes' figures compare; the fastest differs between runs, read in one and
  // write in the next), else the fastest.
  std::map<std::string, std::size_t> chosen;
  const auto better = [&](std::size_t i, std::size_t than) {
    const roofline::MemoryCeiling &m = device.memory[i], &o = device.memory[than];
    if ((m.kernel == "read") != (o.kernel == "read")) return m.kernel == "read";
    return m.bytes_per_s.median > o.bytes_per_s.median;
  };
  for (std::size_t i : swept) {
    const auto it = chosen.find(device.memory[i].level);
    if (it == chosen.end() || better(i, it->second)) chosen[device.memory[i].level] = i;
  }
  for (const auto& [level, i] : chosen)
    if (auto c =
            sweep_case(device, device.memory[i].kernel, device.memory[i].working_set_max, level))
      kept.memory.emplace_back(i, std::move(c));
  const auto start = std::chrono::steady_clock::now();
  int windows = 0;
  const auto run = [&](roofline::Case& c) -> std::optional<roofline::Sensors> {
    try {
      ++windows;
      return roofline::energy_window(c, *sampler);
    } catch (const std::exception& e) {
      failures.push_back("energy window of " + c.info().family + " " + c.info().variant + " " +
                         c.info().params.dump() + ": " + e.what());
      return std::nullopt;
    }
  };
  for (auto& [i, c] : kept.compute) device.compute[i].energy_window = run(*c);
  for (auto& [i, c] : kept.memory) device.memory[i].energy_window = run(*c);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (options.measure.budget) options.measure.budget->exempt(seconds);
  char note[160];
  std::snprintf(note, sizeof note, "energy pass: %d windows of %g s, %.1f s in all", windows,
                roofline::kEnergyWindowSeconds, seconds);
  device.facts["probe_notes"].push_back(note);
}

}  // namespace

roofline::Availability CudaBackend::availability() const {
  static const roofline::Availability availability = cuda_availability();
  return availability;
}

std::vector<roofline::Device> CudaBackend::devices() const { return describe_cuda_devices(); }

std::vector<std::string> CudaBackend::probe(roofline::Device& device,
                                            const roofline::ProbeOptions& options) const {
  ROOFLAB_CUDA(cudaSetDevice(device.facts.at("ordinal").get<int>()));
  device.compute.clear();
  device.memory.clear();
  device.sweep.clear();
  device.facts.erase("bandwidth_launches");
  device.facts.erase("peers");
  device.facts.erase("probe_notes");
  device.facts.erase("tensor_gemm_reference");
  device.sustained.clear();
  std::vector<std::string> failures;
  const std::vector<double> sizes = sweep_sizes(device, options);
  // The whole probe's cases, planned for the time budget before the first is measured: each
  // precision's FMA case, the shared-memory case, the shared-read L2 cases, and per stream kernel
  // two launch searches (at most, given back as each ends) and the sweep, the read's slices
  // launch, then the copies to the host's other GPUs.
  if (roofline::Budget* budget = options.measure.budget)
    budget->plan(static_cast<int>(
                     probed_precisions(device).size() + 1 + std::size(probes::kL2SharedReaders) +
                     kBandwidthOps.size() * (2 * kMostSearchedGeometries + sizes.size()) + 1) +
                 kPeerCasesPerGpu * other_gpus());
  CeilingCases kept;
  probe_compute(device, options, kept, failures);
  probe_tensor(device, options, kept, failures);
  probe_sustained(device, options, failures);
  probe_shared_memory(device, options, kept, failures);
  probe_l2_shared(device, options, kept, failures);
  const auto searched = probe_bandwidth(device, sizes, options, failures);
  probe_peers(device, options, failures);
  const double l2 = device.caches.front().size_bytes;
  std::vector<std::size_t> swept;  // the sweep's ceilings in device.memory
  for (roofline::MemoryCeiling& m : probes::memory_ceilings(
           ceiling_points(device.sweep, l2), device.caches, probes::CachePlateau::best_point)) {
    const std::string side = m.working_set_max <= l2 ? " L2" : " DRAM";
    if (const auto it = searched.find(m.kernel + side); it != searched.end())
      m.method += it->second;
    swept.push_back(device.memory.size());
    device.memory.push_back(std::move(m));
  }
  probe_host_link(device, options, failures);
  probe_launch_latency(device, options, failures);
  probe_energy(device, kept, swept, options, failures);
  device.facts["probe_failures"] = failures;
  return failures;
}

std::vector<std::unique_ptr<roofline::Case>> CudaBackend::cases(
    const roofline::Device& device, const roofline::RunOptions& options) const {
  return kernels::cuda::make_cases(device, options);
}

std::unique_ptr<roofline::CounterProvider> CudaBackend::counter_provider(
    const roofline::Device& device) const {
  return make_cupti_provider(device, cupti_library());
}

std::unique_ptr<roofline::ProgramProfiler> CudaBackend::program_profiler() const {
  const std::filesystem::path library = roofline::library_beside_rooflab(kInjectLibrary);
  if (library.empty())
    throw roofline::InputError(std::string("rooflab profile: ") + kInjectLibrary +
                               " is neither beside the rooflab binary nor in its ../lib");
  return make_cuda_program_profiler(library);
}

std::vector<std::unique_ptr<roofline::Case>> CudaBackend::calibration_cases(
    const roofline::Device& device) const {
  return kernels::cuda::calibration_cases(device);
}

std::unique_ptr<roofline::Sampler> CudaBackend::sampler(const roofline::Device& device) const {
  return std::make_unique<nvidia::NvmlSampler>(device.facts.at("pci_bus_id").get<std::string>());
}

std::vector<std::unique_ptr<roofline::Case>> CudaBackend::roof_check_cases(
    const roofline::Device& device) const {
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (const probes::RoofPoint& roof : probes::roof_points(device))
    if (auto c = sweep_case(device, roof.point.kernel, roof.point.working_set, roof.level))
      cases.push_back(std::move(c));
  return cases;
}

std::vector<std::string> CudaBackend::probe_together(const std::vector<roofline::Device*>& devices,
                                                     const roofline::ProbeOptions& options) const {
  std::vector<TogetherRoof> roofs;
  roofs.push_back({"DRAM", false, [this](const roofline::Device& d) {
                     // The roof check's case of the kernel whose ceiling is the DRAM roof.
                     const roofline::MemoryCeiling* best = nullptr;
                     for (const roofline::MemoryCeiling& m : d.memory)
                       if (m.level == "DRAM" && m.threads == d.max_threads_measured() &&
                           (!best || m.bytes_per_s.median > best->bytes_per_s.median))
                         best = &m;
                     std::unique_ptr<roofline::Case> chosen;
                     for (auto& c : roof_check_cases(d))
                       if (best && c->info().level == "DRAM" && c->info().variant == best->kernel)
                         chosen = std::move(c);
                     return chosen;
                   }});
  // The host link: its faster direction's pinned copy at the size that gave the ceiling, every
  // GPU copying at once through the same host.
  roofs.push_back(
      {"host_link", false, [](const roofline::Device& d) {
         const roofline::MemoryCeiling* best = nullptr;
         for (const roofline::MemoryCeiling& m : d.memory)
           if (m.level == "host_link" && (!best || m.bytes_per_s.median > best->bytes_per_s.median))
             best = &m;
         if (!best) return std::unique_ptr<roofline::Case>();
         return make_link_case(d, {best->kernel == "h2d" ? LinkDirection::h2d : LinkDirection::d2h,
                                   HostMemory::pinned, best->working_set_max});
       }});
  for (Precision p : probed_precisions(*devices.front()))
    roofs.push_back({std::string(to_string(p)) + " " + std::string(fma_path(p)), true,
                     [p](const roofline::Device& d) -> std::unique_ptr<roofline::Case> {
                       for (const roofline::ComputeCeiling& c : d.compute)
                         if (c.precision == p && c.path == fma_path(p))
                           return make_peak_flops_case(d, fma_config(d, p));
                       return nullptr;
                     }});
  return probes::cuda::probe_together(devices, roofs, options);
}

void register_cuda_backend(roofline::Registry& registry) {
  registry.add(std::make_unique<CudaBackend>());
}

}  // namespace probes::cuda
