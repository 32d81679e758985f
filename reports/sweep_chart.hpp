#pragma once
// The bandwidth sweep of one device: bandwidth against working set (log-log), one line per
// kernel, thread count and store mode, with the cache capacities marked. It shows the levels.
#include <string>
#include <vector>

#include "roofline/profile.hpp"

namespace reports {

struct SweepSeries {
  std::string kernel, store;
  int threads = 0;
  std::vector<double> working_set;  // ascending
  std::vector<double> bandwidth;    // median bytes/s at each working set
  std::string label() const;        // "triad · 2 threads · nontemporal"
};

// The sweep points grouped by (kernel, threads, store), in order of first appearance.
std::vector<SweepSeries> sweep_series(const std::vector<roofline::SweepPoint>& sweep);

struct CacheMark {
  std::string label;  // "L2 512 KiB", "L2 ×2 1 MiB"
  double bytes = 0;
};

// Each cache level's capacity for one thread and, where larger, for the most threads measured.
std::vector<CacheMark> cache_marks(const roofline::Device& device);

// Empty when the device has no sweep.
std::string sweep_svg(const std::string& title, const roofline::Device& device);

}  // namespace reports
