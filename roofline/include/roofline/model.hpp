#pragma once
// The roofline model: pure functions of ceilings and work, no I/O.
#include <optional>
#include <string>
#include <vector>

#include "roofline/work.hpp"

namespace roofline {

// A roof's 95% interval: that of the median of its ceiling's samples (Summary::ci_low/ci_high);
// both 0 where the profile records none.
struct RoofInterval {
  double low = 0, high = 0;

  bool known() const { return high > low && low > 0; }
};

struct ComputeRoof {
  Precision precision;
  std::string path;  // instruction path: "scalar", "sse", "avx2", "avx512", ...
  double flops_per_s;
  RoofInterval interval = {};
};

struct MemoryRoof {
  std::string level;  // "L1", "L2", "L3", "DRAM", ...
  double bytes_per_s;
  RoofInterval interval = {};
};

enum class Bound { memory, compute };

struct Placement {
  double ai = 0;           // FLOP per byte at the point's level
  double performance = 0;  // FLOP/s achieved
  double attainable = 0;   // min(peak, bandwidth × ai)
  // performance / attainable; for work without FLOPs (write, copy) the bandwidth reached over the
  // level's roof, which is the same ratio for any memory-bound point.
  double efficiency = 0;
  // performance over the attainable roof with the level's bandwidth measured in the same seconds
  // (Result::roof_now) instead of the profile's; nullopt without such a measurement.
  std::optional<double> efficiency_now;
  Bound bound = Bound::memory;
  std::string level;  // memory level whose roof applies
  // A finding a reader must see: a stable result far below its roof, with the roof it misses
  // (roofline::place); empty otherwise.
  std::string note;
};

class Roofline {
 public:
  Roofline(std::vector<ComputeRoof> compute, std::vector<MemoryRoof> memory);

  // Highest compute roof of a precision over all paths; nullopt when none was measured.
  std::optional<double> peak(Precision p) const;
  std::optional<double> bandwidth(const std::string& level) const;
  // min(peak, bandwidth × ai); nullopt when either roof is missing.
  std::optional<double> attainable(Precision p, const std::string& level, double ai) const;
  // The AI where the memory roof of the level meets the compute peak.
  std::optional<double> ridge(Precision p, const std::string& level) const;
  // Places a point: work done in `seconds` with its data in `level`.
  std::optional<Placement> place(const Work& work, const std::string& level, double seconds) const;

  // The latency-aware roof of one call: `latency` (a launch, a fork and join) plus the longer of
  // its bytes at the level's bandwidth and its FLOPs at the peak; nullopt without the level's
  // bandwidth.
  std::optional<double> least_seconds(const Work& work, const std::string& level,
                                      double latency) const;

  const std::vector<ComputeRoof>& compute() const { return compute_; }
  const std::vector<MemoryRoof>& memory() const { return memory_; }

 private:
  std::vector<ComputeRoof> compute_;
  std::vector<MemoryRoof> memory_;
};

std::string_view to_string(Bound b);

}  // namespace roofline
