#pragma once
// Cases of different devices timed at the same time, one host thread each: does every device keep
// its roof while its neighbours are busy (a shared power budget, host link or host threads)?
// Google Benchmark runs one benchmark at a time, so this loop times them itself the way the
// harness does (roofline/harness.hpp): an untimed warm-up, then repetitions of at least the
// minimum sample time each, in device time where the case keeps it.
#include <chrono>
#include <functional>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/harness.hpp"

namespace roofline {

struct AtOnce {
  Case* c = nullptr;
  // Runs first on the case's own thread: selects its device there (cudaSetDevice), say.
  std::function<void()> enter = [] {};
};

struct AtOnceResult {
  Result result;
  // When its kept samples began and ended (steady clock): every other case ran all that time.
  std::chrono::steady_clock::time_point first_sample, last_sample;
};

// Prepares and verifies each case on its own thread. Once all are verified they start together:
// each warms up (options.warmup_seconds, long enough for every neighbour to be running before any
// sample is kept), takes its samples, and then keeps running, untimed, until every other case has
// its samples too, so that no kept sample ran beside an idle neighbour. A case that fails
// verification or throws is recorded with its error; where one fails before timing, none is timed
// (the others would not be "at once"), and their error says which failed. With a time budget, the
// options are fitted once for the whole group, which counts as one case (its cases' seconds
// overlap).
std::vector<AtOnceResult> measure_at_once(const std::vector<AtOnce>& cases,
                                          const MeasureOptions& options);

}  // namespace roofline
