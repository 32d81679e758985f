#include "probes/cuda/backend.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string_view>

#include "kernels/cuda/calibration_cases.hpp"
#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/gpu_dram.hpp"
#include "probes/cuda/bandwidth.hpp"
#include "probes/cuda/cupti_provider.hpp"
#include "probes/cuda/device.hpp"
#include "probes/cuda/fma_path.hpp"
#include "probes/cuda/host_link.hpp"
#include "probes/cuda/l2_shared.hpp"
#include "probes/cuda/latency.hpp"
#include "probes/cuda/measured.hpp"
#include "probes/cuda/peak_flops.hpp"
#include "probes/cuda/peer_copy.hpp"
#include "probes/cuda/peer_link.hpp"
#include "probes/cuda/program_profiler.hpp"
#include "probes/cuda/shared_memory.hpp"
#include "probes/cuda/sustained.hpp"
#include "probes/cuda/tensor_gemm.hpp"
#include "probes/cuda/tensor_instruction.hpp"
#include "probes/cuda/tensor_peak.hpp"
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

std::string failure_text(const Result& r) {
  return r.family + " " + r.variant + " " + r.params.dump() + ": " + r.failure();
}

// The cases behind the device's ceilings, by the ceiling's index in Device::compute or
// Device::memory, kept (released) for the energy pass, which runs once every ceiling is measured
// so that its seconds take nothing from a time budget's measurements.
struct CeilingCases {
  std::vector<std::pair<std::size_t, std::unique_ptr<roofline::Case>>> compute, memory;
};

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
    Result r;
    const nvidia::ClockReading reading =
        nvidia::clock_during(clock, [&] { r = roofline::measure(*c, options.measure); });
    if (!r.ok()) {
      failures.push_back(failure_text(r));
      continue;
    }
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

const roofline::TheoreticalCompute* theoretical(const roofline::Device& device, Precision p,
                                                std::string_view path) {
  for (const auto& t : device.theoretical_compute)
    if (t.precision == p && t.path == path) return &t;
  return nullptr;
}

// cuBLAS's GEMM of one tensor precision, measured beside the probe: facts["tensor_gemm_reference"]
// keeps it, and every ceiling of that precision names it in its method.
void measure_gemm_reference(roofline::Device& device, Precision p, nvidia::NvmlDevice& clock,
                            const roofline::ProbeOptions& options,
                            std::vector<std::string>& failures) {
  // Large enough that cuBLAS runs at its best on an H100 or H200 (about 1 ms in fp16), quick too.
  const int n = 8192;
  auto c = make_tensor_gemm_case(device, p, n);
  Result r;
  const nvidia::ClockReading reading =
      nvidia::clock_during(clock, [&] { r = roofline::measure(*c, options.measure); });
  if (!r.ok()) {
    failures.push_back(failure_text(r));
    return;
  }
  const double rate = roofline::summarize(rates(r, r.work.flops)).median;
  const std::string call = *tensor_gemm_call(p);
  device.facts["tensor_gemm_reference"][std::string(to_string(p))] = {
      {"call", call}, {"n", n}, {"flops_per_s", rate}, {"clock_hz", reading.hz}};
  char text[300];
  std::snprintf(text, sizeof text, "; reference in the same probe: %s, n = %d: %.4g FLOP/s (%s)",
                call.c_str(), n, rate, reading.text.c_str());
  for (roofline::ComputeCeiling& ceiling : device.compute)
    if (ceiling.precision == p) ceiling.method += text;
}

// Every matrix instruction this GPU runs and the architecture table rates: its FMA-only chains,
// then cuBLAS's GEMM of each precision measured.
void probe_tensor(roofline::Device& device, const roofline::ProbeOptions& options,
                  CeilingCases& kept, std::vector<std::string>& failures) {
  nvidia::NvmlDevice clock(device.facts.at("pci_bus_id").get<std::string>());
  const std::string cc = device.facts.at("compute_capability").get<std::string>();
  const int capability = std::stoi(cc) * 10 + std::stoi(cc.substr(cc.find('.') + 1));
  std::vector<Precision> measured;
  for (const TensorShape& s : kTensorShapes) {
    const roofline::TheoreticalCompute* peak = theoretical(device, s.precision, s.path);
    if (!s.runs_on(capability) || !peak) continue;
    const TensorPeakConfig config = tensor_peak_config(s.instruction, device.compute_units);
    auto c = make_tensor_peak_case(device, config);
    Result r;
    const nvidia::ClockReading reading =
        nvidia::clock_during(clock, [&] { r = roofline::measure(*c, options.measure); });
    if (!r.ok()) {
      failures.push_back(failure_text(r));
      continue;
    }
    const roofline::Summary flops = roofline::summarize(rates(r, r.work.flops));
    // The theoretical peak at the clock read while the chains ran, where it was read.
    const double at_clock =
        reading.hz > 0 ? peak->flops_per_s * reading.hz / device.clock_hz : peak->flops_per_s;
    // Faster than the matrix units can go means instructions the work counts did not run (ptxas
    // drops a wgmma whose result it proves dead): no roof. The margin covers the clock NVML reads
    // between samples (an H100's DMMA read 1.02 of the rate at the clock read).
    if (flops.median > 1.1 * at_clock) {
      char text[200];
      std::snprintf(text, sizeof text,
                    ": %.4g FLOP/s is %.2f times the dense theoretical at the clock read: "
                    "instructions were dropped",
                    flops.median, flops.median / at_clock);
      failures.push_back(r.family + " " + r.variant + " " + r.params.dump() + text);
      continue;
    }
    const char* restarts = s.chain == TensorChain::restarts_each_trip
                               ? " (restarted every trip: scale-d = 0 on its first instruction)"
                               : "";
    char method[600];
    std::snprintf(method, sizeof method,
                  "%s %dx%dx%d (SASS %s) chains%s, %d threads x %d blocks/SM on %d SMs, %lld "
                  "instructions per chain per launch, every accumulator checked exactly; "
                  "CUDA-event timing; %s; %.3f of the dense theoretical at that clock",
                  std::string(s.path).c_str(), s.m, s.n, s.k, std::string(s.sass).c_str(), restarts,
                  config.threads, config.blocks_per_sm, config.sms,
                  static_cast<long long>(config.iterations), reading.text.c_str(),
                  flops.median / at_clock);
    device.compute.push_back({.precision = s.precision,
                              .path = std::string(s.path),
                              .threads = device.compute_units,
                              .flops_per_s = flops,
                              .clock_hz = reading.hz,
                              .method = method,
                              .sensors = r.sensors});
    kept.compute.emplace_back(device.compute.size() - 1, std::move(c));
    if (std::find(measured.begin(), measured.end(), s.precision) == measured.end())
      measured.push_back(s.precision);
  }
  for (Precision p : measured)
    if (tensor_gemm_call(p)) measure_gemm_reference(device, p, clock, options, failures);
}

// Beside the bursts: the rate each precision with a reference GEMM keeps on random operands
// (probes/cuda/sustained.hpp), for every tensor precision measured and fp32's FMA units.
void probe_sustained(roofline::Device& device, const roofline::ProbeOptions& options,
                     std::vector<std::string>& failures) {
  nvidia::NvmlDevice nvml(device.facts.at("pci_bus_id").get<std::string>());
  std::vector<Precision> precisions;
  for (const roofline::ComputeCeiling& c : device.compute)
    if (gemm_call(c.precision) &&
        std::find(precisions.begin(), precisions.end(), c.precision) == precisions.end())
      precisions.push_back(c.precision);
  // Under a time budget they take at most a quarter of the seconds left, or are left out, said
  // in the notes: in the bare command's share of a probe they would crowd out the run's cases.
  const double need = kSustainedCaseSeconds * precisions.size();
  if (const roofline::Budget* budget = options.measure.budget;
      budget && need > budget->seconds_left() / 4) {
    char note[240];
    std::snprintf(note, sizeof note,
                  "sustained rates not measured: about %.0f s of the time budget's %.0f s left; "
                  "`rooflab probe --full` or a larger --budget measures them",
                  need, budget->seconds_left());
    device.facts["probe_notes"].push_back(note);
    return;
  }
  const nlohmann::json references =
      device.facts.value("tensor_gemm_reference", nlohmann::json::object());
  for (Precision p : precisions) {
    try {
      double burst = 0;
      if (const auto it = references.find(std::string(to_string(p))); it != references.end()) {
        burst = it->at("flops_per_s").get<double>();
      } else {
        const auto c = make_tensor_gemm_case(device, p, kSustainedGemmN);
        const Result r = roofline::measure(*c, options.measure);
        if (r.ok()) burst = roofline::summarize(rates(r, r.work.flops)).median;
      }
      device.sustained.push_back(measure_sustained(device, p, nvml, burst));
    } catch (const std::exception& e) {
      failures.push_back("sustained " + std::string(to_string(p)) + ": " + e.what());
    }
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

// The probe's peer-copy cases per other GPU of the host: with peer access by the copy engines and
// by SM loads, staged, 4 bytes.
constexpr int kPeerCasesPerGpu = 4;

int other_gpus() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 1 ? count - 1 : 0;
}

// Copies to every other GPU of the host into facts["peers"], one probe note each: 256 MiB with
// peer access (by the copy engines and by the destination's SM loads; the better is the peer
// bandwidth) and staged through the host, and 4 bytes (latency: the copy's start).
void probe_peers(roofline::Device& device, const roofline::ProbeOptions& options,
                 std::vector<std::string>& failures) {
  if (other_gpus() == 0) return;
  const int count = other_gpus() + 1;
  constexpr std::size_t kCopyBytes = std::size_t{256} << 20, kLatencyBytes = 4;
  const int self = device.facts.at("ordinal").get<int>();
  const auto measured = [&](int other, std::size_t bytes, bool access,
                            bool sm_loads = false) -> std::optional<roofline::Summary> {
    auto c = make_peer_copy_case(device, {self, other, bytes, access, sm_loads});
    const Result r = roofline::measure(*c, options.measure);
    if (!r.ok()) {
      failures.push_back(failure_text(r));
      return std::nullopt;
    }
    return roofline::summarize(bytes == kLatencyBytes ? r.samples
                                                      : rates(r, static_cast<double>(bytes)));
  };
  nlohmann::json peers = nlohmann::json::array();
  for (int other = 0; other < count; ++other) {
    if (other == self) continue;
    const bool access = can_access_peer(self, other);
    nlohmann::json peer = {{"device", "cuda:" + std::to_string(other)}, {"peer_access", access}};
    std::string note = "copy to cuda:" + std::to_string(other) + ":";
    char text[400];
    const auto engines = access ? measured(other, kCopyBytes, true) : std::nullopt;
    const auto sm = access ? measured(other, kCopyBytes, true, true) : std::nullopt;
    if (engines) peer["copy_engine_bandwidth_bytes_per_s"] = summary_fact(*engines);
    if (sm) peer["sm_loads_bandwidth_bytes_per_s"] = summary_fact(*sm);
    if (engines || sm) {
      const bool by_sm = sm && (!engines || sm->median > engines->median);
      const roofline::Summary& best = by_sm ? *sm : *engines;
      peer["bandwidth_bytes_per_s"] = summary_fact(best);
      peer["bandwidth_by"] = by_sm ? "sm_loads" : "copy_engines";
      std::snprintf(
          text, sizeof text, " %.1f GB/s with peer access (copy engines %.1f, SM loads %.1f GB/s",
          best.median / 1e9, engines ? engines->median / 1e9 : 0.0, sm ? sm->median / 1e9 : 0.0);
      note += text;
      std::string why;
      if (const auto link = peer_link(device, other, why)) {
        peer["link"] = {{"kind", link->kind},
                        {"theoretical_bytes_per_s", link->bytes_per_s},
                        {"basis", link->basis}};
        std::snprintf(text, sizeof text, "; %.3f of the %s's %.1f GB/s),",
                      best.median / link->bytes_per_s, link->kind.c_str(), link->bytes_per_s / 1e9);
      } else {
        peer["link"] = {{"theoretical_unavailable", why}};
        std::snprintf(text, sizeof text, "; link theoretical unavailable: %s),", why.c_str());
      }
      note += text;
    }
    if (const auto b = measured(other, kCopyBytes, false)) {
      peer["staged_bandwidth_bytes_per_s"] = summary_fact(*b);
      std::snprintf(text, sizeof text, " %.1f GB/s with it disabled,", b->median / 1e9);
      note += text;
    }
    if (const auto t = measured(other, kLatencyBytes, access)) {
      peer["latency_s"] = summary_fact(*t);
      std::snprintf(text, sizeof text, " 4 bytes in %.2f us", t->median * 1e6);
      note += text;
    }
    peers.push_back(peer);
    device.facts["probe_notes"].push_back(note);
  }
  device.facts["peers"] = peers;
  ROOFLAB_CUDA(cudaSetDevice(self));
}

// The searched launch of `op` at a working set of `bytes`, its median rate, and its summary for
// the ceiling's method.
struct SearchedLaunch {
  kernels::cuda::Geometry geometry;
  double bytes_per_s = 0;
  std::string summary;
};

// A launch as the device facts keep it (facts["bandwidth_launches"]), and back.
nlohmann::json geometry_json(const kernels::cuda::Geometry& g) {
  return {{"sms", g.sms},         {"blocks_per_sm", g.blocks_per_sm},
          {"threads", g.threads}, {"vector_bytes", g.vector_bytes},
          {"items", g.items},     {"slice_rows", g.slice_rows}};
}

kernels::cuda::Geometry geometry_from(const nlohmann::json& j) {
  return {.sms = j.at("sms"),
          .blocks_per_sm = j.at("blocks_per_sm"),
          .threads = j.at("threads"),
          .vector_bytes = j.at("vector_bytes"),
          .items = j.at("items"),
          .slice_rows = j.value("slice_rows", 0)};
}

SweepDevice sweep_device(const roofline::Device& device) {
  return {.l2_bytes = device.caches.front().size_bytes,
          .max_threads_per_sm = device.facts.at("max_threads_per_sm").get<int>()};
}

// The median bytes/s of `op` launched as g at a working set of `bytes` (0 when it failed).
double measure_launch(kernels::StreamOp op, const kernels::cuda::Geometry& g, double bytes,
                      const roofline::Device& device, const roofline::ProbeOptions& options,
                      std::vector<std::string>& failures) {
  std::size_t n = 0;
  const auto config = bandwidth_config(op, g, bytes, sweep_device(device), n);
  auto c =
      kernels::cuda::make_stream_case(device, "bandwidth", "search", config, Precision::fp32, n);
  const Result r = roofline::measure(*c, options.measure);
  if (!r.ok()) {
    failures.push_back(failure_text(r));
    return 0.0;
  }
  return roofline::summarize(rates(r, r.work.bytes)).median;
}

SearchedLaunch search_launch(kernels::StreamOp op, double bytes, const roofline::Device& device,
                             const roofline::ProbeOptions& options,
                             std::vector<std::string>& failures) {
  const GeometrySearch search =
      search_geometry(device.compute_units, sweep_device(device).max_threads_per_sm,
                      [&](const kernels::cuda::Geometry& g) {
                        return measure_launch(op, g, bytes, device, options, failures);
                      });
  if (roofline::Budget* budget = options.measure.budget)
    budget->plan(search.tried - kMostSearchedGeometries);  // the geometries it did not try
  std::size_t n = 0;
  char text[200];
  std::snprintf(text, sizeof text, "; launch %s, the best of %d searched at %.0f MiB",
                kernels::cuda::describe(
                    bandwidth_config(op, search.best, bytes, sweep_device(device), n).geometry)
                    .c_str(),
                search.tried, bytes / (1 << 20));
  return {search.best, search.best_bytes_per_s, text};
}

// The key of the read's slices launch in facts["bandwidth_launches"], kept with the working set
// it runs from ("from_bytes").
constexpr const char* kReadSlices = "read L2 slices";

// The launch kept in facts["bandwidth_launches"] for `kernel` at a working set of ws: its DRAM
// or L2 launch, or the read's slices from where they run; nullopt for none.
std::optional<kernels::cuda::Geometry> kept_launch(const nlohmann::json& launches,
                                                   const std::string& kernel, double ws,
                                                   double l2) {
  if (ws <= l2 && kernel == "read" && launches.contains(kReadSlices) &&
      ws >= launches.at(kReadSlices).at("from_bytes").get<double>())
    return geometry_from(launches.at(kReadSlices));
  const std::string key = kernel + (ws <= l2 ? " L2" : " DRAM");
  if (!launches.contains(key)) return std::nullopt;
  return geometry_from(launches.at(key));
}

std::vector<double> sweep_sizes(const roofline::Device& device,
                                const roofline::ProbeOptions& options) {
  std::size_t free = 0, total = 0;
  ROOFLAB_CUDA(cudaMemGetInfo(&free, &total));
  return sweep_working_sets(device.caches.front().size_bytes, options.quick,
                            options.max_working_set, static_cast<double>(free));
}

// Per stream kernel, a launch searched inside the L2 (at a quarter of its size, on the plateau
// where an H100's two L2 partitions each hold what is read) and one in DRAM, then the
// sweep over `sizes`, each working set with the launch of its side of the L2. Returns the search
// summaries keyed by "<op> L2" and "<op> DRAM".
std::map<std::string, std::string> probe_bandwidth(roofline::Device& device,
                                                   const std::vector<double>& sizes,
                                                   const roofline::ProbeOptions& options,
                                                   std::vector<std::string>& failures) {
  const double l2 = device.caches.front().size_bytes;
  // The DRAM search runs at the smallest DRAM working set: the larger ones only make each
  // geometry's verification longer.
  const double dram_bytes = std::min(kernels::gpu_dram_smallest(l2), sizes.back());
  const double l2_bytes = std::min(l2 / 4, dram_bytes);
  std::map<std::string, std::string> searched;
  std::vector<Result> sweep;
  for (kernels::StreamOp op : kBandwidthOps) {
    const std::string name(kernels::to_string(op));
    SearchedLaunch in_l2 = search_launch(op, l2_bytes, device, options, failures);
    const SearchedLaunch in_dram = search_launch(op, dram_bytes, device, options, failures);
    nlohmann::json& launches = device.facts["bandwidth_launches"];
    launches[name + " L2"] = geometry_json(in_l2.geometry);
    launches[name + " DRAM"] = geometry_json(in_dram.geometry);
    if (op == kernels::StreamOp::read) {
      const kernels::cuda::Geometry g = slices_geometry(device.compute_units);
      const double rate = measure_launch(op, g, l2_bytes, device, options, failures);
      char text[200];
      std::snprintf(text, sizeof text,
                    "; from %.0f MiB the slices launch (%s): %.2f TB/s there against %.2f",
                    l2_bytes / (1 << 20), kernels::cuda::describe(g).c_str(), rate * 1e-12,
                    in_l2.bytes_per_s * 1e-12);
      if (rate > in_l2.bytes_per_s) {
        in_l2.summary += text;
        launches[kReadSlices] = geometry_json(g);
        launches[kReadSlices]["from_bytes"] = l2_bytes;
      }
    }
    searched[name + " L2"] = in_l2.summary;
    searched[name + " DRAM"] = in_dram.summary;

    std::vector<std::unique_ptr<roofline::Case>> cases;
    for (double ws : sizes) {
      std::size_t n = 0;
      const auto config =
          bandwidth_config(op, *kept_launch(launches, name, ws, l2), ws, sweep_device(device), n);
      cases.push_back(
          kernels::cuda::make_stream_case(device, "bandwidth", name, config, Precision::fp32, n));
    }
    const auto results = roofline::measure_all(cases, options.measure, "bandwidth sweep " + name);
    for (const Result& r : results)
      if (!r.ok()) failures.push_back(failure_text(r));
    sweep.insert(sweep.end(), results.begin(), results.end());
  }
  device.sweep = sweep_points(sweep, device.compute_units);
  return searched;
}

// The bandwidth sweep's case of `kernel` at working set `ws`, with the launch that measured it
// (kept_launch), placed in `level`; nullptr where the probe kept none (a kernel of no stream
// operation, a host-link copy).
std::unique_ptr<roofline::Case> sweep_case(const roofline::Device& device,
                                           const std::string& kernel, double ws,
                                           const std::string& level) {
  const nlohmann::json launches =
      device.facts.value("bandwidth_launches", nlohmann::json::object());
  const auto op = kernels::stream_op_named(kernel);
  const auto launch = kept_launch(launches, kernel, ws, device.caches.front().size_bytes);
  if (!op || !launch) return nullptr;
  ROOFLAB_CUDA(cudaSetDevice(device.facts.at("ordinal").get<int>()));
  std::size_t n = 0;
  const auto config = bandwidth_config(*op, *launch, ws, sweep_device(device), n);
  return kernels::cuda::make_stream_case(device, "bandwidth", kernel, config, Precision::fp32, n,
                                         level);
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
