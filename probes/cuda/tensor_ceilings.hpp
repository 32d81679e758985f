#pragma once
// The CUDA probe's tensor-core steps: every matrix instruction's burst ceiling with cuBLAS's GEMM
// of its precision beside it, then the rates kept on random operands (probes/cuda/sustained.hpp).
#include <string>
#include <vector>

#include "probes/cuda/ceiling_cases.hpp"
#include "roofline/backend.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// Every matrix instruction this GPU runs and the architecture table rates: its FMA-only chains
// into device.compute (their cases into `kept`), then cuBLAS's GEMM of each precision measured
// (facts["tensor_gemm_reference"], named in every ceiling of its precision).
void probe_tensor(roofline::Device& device, const roofline::ProbeOptions& options,
                  CeilingCases& kept, std::vector<std::string>& failures);

// Beside the bursts: the rate each precision with a reference GEMM keeps on random operands, for
// every tensor precision measured and fp32's FMA units (device.sustained); left out, said in the
// notes, where a time budget cannot spare a quarter of what is left.
void probe_sustained(roofline::Device& device, const roofline::ProbeOptions& options,
                     std::vector<std::string>& failures);

}  // namespace probes::cuda
