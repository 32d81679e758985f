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
// level grows with the threads, a shared one by the instances covered); DRAM from `dram_from`
// where a sweep measured where it begins (dram_onset, shared_dram_onset), else from 4× the last
// cache's, the last cache's span ending at half of where DRAM begins. `caches` are ordered
// nearest first.
std::vector<LevelSpan> level_spans(const std::vector<roofline::Cache>& caches, int threads,
                                   std::optional<double> dram_from = std::nullopt);

// How far a sweep's last plateau must reach past its first point to be DRAM (two octaves).
inline constexpr double kDramPlateauSpan = 4.0;

// Where a sweep shows DRAM, from the series of its most threads (at each working set the best
// kernel and store): the first working set of its last plateau (medians within 35% of the median
// of the last three) when that plateau spans at least two octaves past the second-to-last
// cache and something 2x faster came before it there (the last cache's plateau: the sweep must
// have seen the level it is past); capped by STREAM's rule, 4× the last cache. A sweep that
// does not show it yet gives nullopt. A reported cache size is only a bound: on a virtual
// machine it may be the host socket's, not what this process reaches.
std::optional<double> dram_onset(const std::vector<roofline::SweepPoint>& sweep,
                                 const std::vector<roofline::Cache>& caches);

// Where DRAM begins for a device whose memory is the host's (roofline::Device::shares_host_memory;
// `host`: where the CPU backend's sweep showed the host's DRAM begin in the same probe, nullopt
// for any other device or where it did not): the later of that and its own sweep's dram_onset. An
// OpenCL CPU device reports caches as its runtime sees them (PoCL: none, or one level), so its own
// sweep may show "DRAM" inside a host cache; a later onset only leaves working sets out of DRAM,
// never puts a cache-resident one in.
std::optional<double> shared_dram_onset(const std::vector<roofline::SweepPoint>& sweep,
                                        const std::vector<roofline::Cache>& caches,
                                        std::optional<double> host);

// The working set the sweep must reach for dram_onset to show DRAM if its last plateau is DRAM
// (two octaves past the plateau's first point); nullopt while its last point is on no plateau.
std::optional<double> dram_shown_by(const std::vector<roofline::SweepPoint>& sweep,
                                    const std::vector<roofline::Cache>& caches);

// Records where the device's DRAM begins (shared_dram_onset with `host`) as its fact `dram_from`
// (bytes; removed when no sweep shows it), which sizes the runs' DRAM cases
// (kernels::dram_working_set) and places its DRAM ceilings (roofline::refuse_unfounded_ceilings),
// with `dram_from_source` when the host's sweep showed it; adds to its probe_notes when that
// contradicts the last cache the device reports (DRAM shown inside half its capacity).
void record_dram_onset(roofline::Device& device, std::optional<double> host = std::nullopt);

// One ceiling per (level, kernel, threads) found in the sweep: at each working set the best store
// mode counts; the plateau is the points in the level's span (DRAM from shared_dram_onset with
// `host_dram_from` when there is one) whose median is within 10% of the best median there (in
// DRAM, of the middle one of the span's three largest points); the ceiling summarizes the
// plateau's pooled samples. When the sweep stops short of the DRAM span, DRAM comes from its
// largest points and the method says so (a device sharing the host's memory has such a ceiling
// refused: roofline::refuse_unfounded_ceilings).
//
// With CachePlateau::best_point a cache level's ceiling is instead the best point of the level's
// working sets up to its whole capacity, with that point's samples: a GPU's L2 peaks on part of
// its span only (an H100's well under half its capacity, where both partitions hold a copy of
// what is read; docs/methodology.md), so pooling the span would put the ceiling under its own
// points.
enum class CachePlateau { pooled, best_point };
std::vector<roofline::MemoryCeiling> memory_ceilings(
    const std::vector<roofline::SweepPoint>& sweep, const std::vector<roofline::Cache>& caches,
    CachePlateau rule = CachePlateau::pooled, std::optional<double> host_dram_from = std::nullopt);

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
