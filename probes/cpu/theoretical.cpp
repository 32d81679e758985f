#include "probes/cpu/theoretical.hpp"

#include <cstdio>

namespace probes::cpu {

roofline::TheoreticalCompute theoretical_peak(const CoreFamily& core, roofline::Precision precision,
                                              const FmaPath& path, int threads, double clock_hz,
                                              const std::string& clock_kind) {
  const double per_cycle = flops_per_cycle(core, path.width_bits, precision);
  char basis[256];
  std::snprintf(basis, sizeof basis, "%d core%s x %.3f GHz (%s) x %g FLOP/cycle (%s, %s)", threads,
                threads == 1 ? "" : "s", clock_hz / 1e9, clock_kind.c_str(), per_cycle,
                core.name.c_str(), path.name.c_str());
  return {.precision = precision,
          .path = path.name,
          .threads = threads,
          .flops_per_s = threads * clock_hz * per_cycle,
          .basis = basis};
}

}  // namespace probes::cpu
