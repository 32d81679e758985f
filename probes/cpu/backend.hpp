#pragma once
// The CPU backend: the host processor as one device, its ceilings from the probes in this folder
// and its kernel cases from kernels/cpu.
#include <memory>
#include <string>
#include <vector>

#include "roofline/backend.hpp"

namespace probes::cpu {

class CpuBackend : public roofline::Backend {
 public:
  std::string name() const override { return "cpu"; }
  roofline::Availability availability() const override { return {.available = true, .reason = ""}; }
  std::vector<roofline::Device> devices() const override;
  // Peak FLOPs, each with the clock measured right after its own chains, then the bandwidth
  // sweep and its levels; theoretical peaks move to the measured clocks. A max_working_set in the
  // options stops the sweep there (the DRAM ceiling then says it comes from the largest points).
  // Failed verifications are listed in facts["probe_failures"] and never become ceilings.
  std::vector<std::string> probe(roofline::Device& device,
                                 const roofline::ProbeOptions& options) const override;
  std::vector<std::unique_ptr<roofline::Case>> cases(
      const roofline::Device& device, const roofline::RunOptions& options) const override;
  // PAPI on the process's threads.
  std::unique_ptr<roofline::CounterProvider> counter_provider(
      const roofline::Device& device) const override;
  // A program's regions marked with roofline/region.hpp (roofline::make_region_profiler).
  std::unique_ptr<roofline::ProgramProfiler> program_profiler() const override;
  std::vector<std::unique_ptr<roofline::Case>> calibration_cases(
      const roofline::Device& device) const override;
  // The bandwidth sweep's point behind the outermost memory roof (bandwidth.hpp).
  std::vector<std::unique_ptr<roofline::Case>> roof_check_cases(
      const roofline::Device& device) const override;
  // RAPL's energy counters and cpufreq's clocks (probes/cpu/power_sampler.hpp).
  std::unique_ptr<roofline::Sampler> sampler(const roofline::Device& device) const override;
};

// Where OpenBLAS does not know the CPU, names the kernel set of its ISA in OPENBLAS_CORETYPE
// unless the user has set it (kernels/cpu/openblas.hpp); true when it did. OpenBLAS reads
// it once, as it loads: rooflab calls this first and starts again, and the reduce family's
// baseline records it (params "library").
bool prepare_cpu_environment();
void register_cpu_backend(roofline::Registry& registry);

}  // namespace probes::cpu
