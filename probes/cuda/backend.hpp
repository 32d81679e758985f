#pragma once
// The CUDA backend: every NVIDIA GPU the CUDA runtime sees, its ceilings from the probes in this
// folder and its kernel cases from kernels/cuda. Built when nvcc is found; a machine without a
// driver or GPU gets "cuda: unavailable (reason)" and everything else still works.
#include <memory>
#include <string>
#include <vector>

#include "roofline/backend.hpp"

namespace probes::cuda {

class CudaBackend : public roofline::Backend {
 public:
  std::string name() const override { return "cuda"; }
  roofline::Availability availability() const override;
  std::vector<roofline::Device> devices() const override;
  // FMA peaks per precision (the SM clock read through NVML while each runs), shared-memory
  // bandwidth, then per stream kernel a launch-geometry search at a DRAM-sized working set and a
  // working-set sweep with the best geometry, whose plateaus give the L2 and DRAM ceilings.
  // Failed measurements are listed in facts["probe_failures"] and never become ceilings.
  std::vector<std::string> probe(roofline::Device& device,
                                 const roofline::ProbeOptions& options) const override;
  // Each GPU's HBM roof (its DRAM ceiling's kernel at the roof point) and FMA roof per precision,
  // alone and on every GPU at once (probes/cuda/together.hpp).
  std::vector<std::string> probe_together(const std::vector<roofline::Device*>& devices,
                                          const roofline::ProbeOptions& options) const override;
  std::vector<std::unique_ptr<roofline::Case>> cases(
      const roofline::Device& device, const roofline::RunOptions& options) const override;
  // The CUPTI range profiler (probes/cuda/cupti_provider.hpp).
  std::unique_ptr<roofline::CounterProvider> counter_provider(
      const roofline::Device& device) const override;
  std::vector<std::unique_ptr<roofline::Case>> calibration_cases(
      const roofline::Device& device) const override;
  // The sweep's point behind the outermost memory roof with the launch the probe searched for its
  // kernel on that side of the L2 (facts["bandwidth_launches"]); none for a profile without them.
  std::vector<std::unique_ptr<roofline::Case>> roof_check_cases(
      const roofline::Device& device) const override;
  // NVML's energy counter, clocks, temperature and clock events (probes/nvidia/nvml_sampler.hpp).
  std::unique_ptr<roofline::Sampler> sampler(const roofline::Device& device) const override;
  // A program's kernels through librooflab_inject.so, found beside the rooflab binary or in
  // ../lib of an installed one (probes/cuda/program_profiler.hpp).
  std::unique_ptr<roofline::ProgramProfiler> program_profiler() const override;
};

void register_cuda_backend(roofline::Registry& registry);

}  // namespace probes::cuda
