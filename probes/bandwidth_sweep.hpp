#pragma once
// What every backend's bandwidth sweep shares: the working sets it visits (a log-spaced grid,
// densified around each cache capacity) and its verified results as the points levels.hpp turns
// into memory ceilings.
#include <string>
#include <vector>

#include "roofline/bytes_text.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace probes {

using roofline::bytes_text;

// Working sets closer than 2% are one point of the sweep (its kernels round them to whole lines
// differently).
inline constexpr double kSameWorkingSet = 1.02;

struct WorkingSetGrid {
  double min_working_set = 4096;  // bytes
  double max_working_set = 0;     // bytes
  int points_per_octave = 3;      // log-spaced grid before densifying
  // Past 2× the last cache, where only DRAM's plateau is left to find: the grid's density there
  // (0: points_per_octave), the top itself always a point.
  int points_per_octave_past_caches = 0;
};

// The log-spaced grid plus 0.5×, 0.75×, 1×, 1.5× and 2× of every cache capacity `threads`
// threads reach, within the grid's range, ascending; working sets closer than 2% are one.
std::vector<double> sweep_working_sets(const WorkingSetGrid& grid,
                                       const std::vector<roofline::Cache>& caches, int threads);

// The verified results of family "bandwidth" (params kernel, threads, store) as sweep points,
// every sample in bytes/s.
std::vector<roofline::SweepPoint> sweep_points(const std::vector<roofline::Result>& results);

}  // namespace probes
