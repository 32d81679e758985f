#pragma once
// The peak-FLOP probe: independent chains of FMAs, t = t·a + b, per precision, path and thread
// count. With a = 0.5 every chain converges to 2b exactly (probes/chain_check.hpp).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "probes/cpu/fma_paths.hpp"
#include "roofline/case.hpp"
#include "roofline/work.hpp"

namespace probes::cpu {

struct PeakFlopsConfig {
  roofline::Precision precision = roofline::Precision::fp64;  // fp32 or fp64
  FmaPath path;
  int threads = 1;
  // Steps of every chain per call: 2^18 steps of 12 ymm FMAs on 2 pipes last ~0.5 ms at 3.5 GHz.
  std::int64_t iterations = std::int64_t{1} << 18;
};

// Exact: threads × iterations × accumulators × lanes × 2 FLOPs per call.
roofline::Work peak_flops_work(const PeakFlopsConfig& config);

// The probe as a case. Each thread also times its own chains on every call, so a slow core
// cannot hide what the others did (see thread_share.hpp).
class PeakFlopsCase : public roofline::Case {
 public:
  using Case::Case;
  // [thread][call]: how long each thread's chains took on every call since prepare(), seconds.
  virtual const std::vector<std::vector<double>>& thread_call_seconds() const = 0;
};

// Throws roofline::InputError for a precision other than fp32/fp64, threads < 1 or
// iterations < 1.
std::unique_ptr<PeakFlopsCase> make_peak_flops_case(const PeakFlopsConfig& config,
                                                    const std::string& device_id);

// fp32 and fp64 on every supported path, with `threads` threads.
std::vector<PeakFlopsConfig> peak_flops_configs(int threads);

// Runs one call's chains of `config` on the calling thread alone: the load under which the clock
// probe measures the clock these chains run at (AVX-512 frequency licences, for one).
void run_chains_on_this_thread(const PeakFlopsConfig& config);

}  // namespace probes::cpu
