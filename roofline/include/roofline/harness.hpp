#pragma once
// The measurement harness: Google Benchmark times each verified case; Rooflab's reporter keeps
// every repetition as a sample.
#include <memory>
#include <string>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/results.hpp"

namespace roofline {

class Counting;

struct MeasureOptions {
  int repetitions = 9;                // samples kept per case: 9 gives a true 95% CI of the median
  double min_sample_seconds = 0.004;  // each sample runs at least this long (≥ 1 ms, ≫ 20 ticks)
  double warmup_seconds = 0.005;      // untimed warm-up before the first sample
  // Prints each case's wall time on stderr, split into prepare, verify and timing (--verbose).
  bool verbose = false;
  // Counts one more call after the timed ones (rooflab run --counters); nullptr: no counting.
  Counting* counting = nullptr;
};

// Progress of a sweep on stderr, drawn only when stderr is a terminal.
class Progress {
 public:
  Progress(std::string title, int total);
  ~Progress();
  void step(const std::string& label);

 private:
  std::string title_;
  int total_, done_ = 0;
  bool enabled_;
};

// Prepares, verifies and (only when verified) times one case, counts one call when counting,
// then releases it.
// A case that throws is recorded with the error; nothing escapes.
Result measure(Case& c, const MeasureOptions& options);

// Measures every case in order, showing progress.
std::vector<Result> measure_all(std::vector<std::unique_ptr<Case>>& cases,
                                const MeasureOptions& options, const std::string& title);

}  // namespace roofline
