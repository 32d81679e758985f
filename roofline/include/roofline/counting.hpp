#pragma once
// A counted run on one device: first the provider's events are calibrated on kernels of known
// work, then one extra call of each case is counted after its timed measurement. The timed calls
// are never counted, so counters cannot change the reported times.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/counters.hpp"
#include "roofline/results.hpp"

namespace roofline {

// Relative calibration tolerances per kind of quantity (docs/methodology.md explains them).
inline constexpr double kFlopsTolerance = 0.02;  // FLOP events count retired instructions
inline constexpr double kBytesTolerance = 0.05;  // other traffic, prefetch; the GPU target
// Task clock against the threads' CPU clocks: on a loaded 2-core machine (two tests at once) they
// differed by up to 5.6%.
inline constexpr double kCpuTimeTolerance = 0.10;
double calibration_tolerance(const std::string& quantity);

// The known value of a quantity for one call of work `work`: FLOPs and, at every level, the
// bytes with write-allocate (a working set in DRAM streams every byte through each level);
// CPU seconds are the provider's CounterProvider::cpu_seconds (0: none). nullopt: not known.
std::optional<double> expected_value(const std::string& quantity, const Work& work,
                                     double cpu_seconds);

// Sums the readings of each quantity (weight × count); a quantity whose events all lack a value
// is absent.
std::map<std::string, double> quantities(const std::vector<EventSpec>& events,
                                         const std::vector<EventReading>& readings);

class Counting {
 public:
  // Opens `events` on the provider.
  Counting(std::unique_ptr<CounterProvider> provider, std::vector<EventSpec> events);

  // Counts one call of each calibration case (prepared and verified first) and sets each
  // quantity's verdict: it agrees when every kernel with a known, nonzero value agrees within the
  // tolerance. Returns one record per kernel and quantity; a case that fails verification or
  // throws is left out, with a line in `failures`. A kernel on which no quantity's event counted
  // anything ends the calibration (the others would fare alike), with a line saying why.
  std::vector<Calibration> calibrate(std::vector<std::unique_ptr<Case>>& cases,
                                     const std::string& device, std::vector<std::string>& failures);

  // Counts one call of the prepared, verified case into r.counters, and into r.measured the
  // quantities that agreed with calibration.
  void count(Case& c, Result& r);

  const CounterProvider& provider() const { return *provider_; }

 private:
  struct Counted {
    std::vector<EventReading> readings;
    double cpu_seconds = 0;
  };
  Counted count_call(Case& c);
  Counter counter(std::size_t event, const EventReading& reading) const;

  std::unique_ptr<CounterProvider> provider_;
  std::vector<EventSpec> events_;
  struct QuantityVerdict {
    Verdict verdict = Verdict::uncalibrated;
    std::string note = "not calibrated: no calibration kernel was counted";
  };
  std::map<std::string, QuantityVerdict> verdicts_;
  std::set<std::size_t> calibrated_;  // events summed into a calibration record
};

}  // namespace roofline
