#include "probes/cuda/tensor_ceilings.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "probes/cuda/measured.hpp"
#include "probes/cuda/sustained.hpp"
#include "probes/cuda/tensor_gemm.hpp"
#include "probes/cuda/tensor_instruction.hpp"
#include "probes/cuda/tensor_peak.hpp"
#include "probes/nvidia/nvml.hpp"
#include "roofline/budget.hpp"
#include "roofline/harness.hpp"
#include "roofline/stats.hpp"

namespace probes::cuda {
namespace {

using roofline::Precision;
using roofline::Result;

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
  const auto clocked = measure_clocked(*c, clock, options.measure, failures);
  if (!clocked) return;
  const auto& [r, reading] = *clocked;
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

}  // namespace

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
    const auto clocked = measure_clocked(*c, clock, options.measure, failures);
    if (!clocked) continue;
    const auto& [r, reading] = *clocked;
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

}  // namespace probes::cuda
