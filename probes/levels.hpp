#pragma once
// From a bandwidth sweep to memory ceilings. Levels are named from the cache capacities the
// threads can reach, never from the order of the plateaus, so a level that shows no plateau is
// missing rather than mislabelled.
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "roofline/profile.hpp"

namespace probes {

// A point belongs to a level when its working set lies in [from, to].
struct LevelSpan {
  std::string level;
  double capacity = 0;  // bytes the threads reach in this level (DRAM: infinite)
  double from = 0, to = 0;
};

// Spans clearly inside each level: between 2× the previous level's capacity and 0.5× this
// level's, capacities as `threads` threads reach them (roofline::Cache::capacity: a private
// level grows with the threads, a shared one by the instances covered); DRAM from 4× the last
// cache's. `caches` are ordered nearest first.
std::vector<LevelSpan> level_spans(const std::vector<roofline::Cache>& caches, int threads);

// One ceiling per (level, kernel, threads) found in the sweep: at each working set the best store
// mode counts; the plateau is the points in the level's span whose median is within 10% of the
// best median there; the ceiling summarizes the plateau's pooled samples. When the sweep stops
// short of 4× the last cache, DRAM comes from its largest points and the method says so.
std::vector<roofline::MemoryCeiling> memory_ceilings(const std::vector<roofline::SweepPoint>& sweep,
                                                     const std::vector<roofline::Cache>& caches);

// The sweep points behind a device's outermost memory roof (DRAM, unless the sweep stopped inside
// the caches), which a run repeats to check that roof and to measure it in the same seconds as its
// cases (roofline::Backend::roof_check_cases): one per kernel with a ceiling of that level at the
// most threads, each at the largest working set of its plateau, with the store mode that did best
// there. The roof is the fastest of them, and which one is fastest moves with a shared host's load.
// Empty without such ceilings and points.
struct RoofPoint {
  std::string level;
  roofline::SweepPoint point;
};
std::vector<RoofPoint> roof_points(const roofline::Device& device);

}  // namespace probes
