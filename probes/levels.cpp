#include "probes/levels.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <utility>

#include "probes/bandwidth_sweep.hpp"
#include "roofline/stats.hpp"

namespace probes {

namespace {

using roofline::Cache;
using roofline::MemoryCeiling;
using roofline::SweepPoint;

constexpr double kAbovePrevious = 2.0;  // clearly past the previous level
constexpr double kBelowCapacity = 0.5;  // clearly inside this level
constexpr double kDramFactor = 4.0;     // DRAM working sets: ≥ 4× the last cache (STREAM rule)
constexpr double kPlateauTolerance = 0.10;
// Where a sweep shows DRAM (dram_onset): its last plateau, the points within 35% of the median
// of its last three (a shared 2-vCPU guest's DRAM read 44 to 79 GB/s from one point to the
// next while other work ran), spanning two octaves, and a level before it at least 2x faster
// (so that no point of it can fall in the band).
constexpr double kDramTolerance = 0.35;
constexpr double kFasterLevel = 2.0;
// Who measured a device's DRAM onset when it is the host's (the fact dram_from_source).
constexpr const char* kHostSweep = "the CPU backend's sweep of the host in the same probe";

// A working set of one (kernel, threads) series with the store mode that did best there.
struct SizePoint {
  double working_set = 0;
  double median = 0;
  const SweepPoint* point = nullptr;
};

std::vector<SizePoint> best_per_size(const std::vector<const SweepPoint*>& series) {
  std::map<double, SizePoint> best;
  for (const SweepPoint* p : series) {
    if (p->bytes_per_s.empty()) continue;
    const double median = roofline::summarize(p->bytes_per_s).median;
    SizePoint& slot = best[p->working_set];
    if (slot.point == nullptr || median > slot.median) slot = {p->working_set, median, p};
  }
  std::vector<SizePoint> sizes;
  for (const auto& [ws, point] : best) sizes.push_back(point);
  return sizes;
}

// The plateau's points: within 10% of the best median of the span; in DRAM, of the middle one of
// its three largest points, since a point past dram_onset may still hit in a cache (a 16-vCPU guest
// reporting a 300 MiB L3 read 1.5x its DRAM at 450 MiB, inside dram_onset's 35% band).
MemoryCeiling plateau_ceiling(const std::vector<SizePoint>& in_span, const std::string& level,
                              const std::string& note) {
  const bool dram = level == "DRAM";
  double reference = 0;
  if (dram) {
    // The middle of the (up to) three largest, the faster of two: always one of the points.
    std::vector<double> largest;
    for (std::size_t i = in_span.size() - std::min<std::size_t>(in_span.size(), 3);
         i < in_span.size(); ++i)
      largest.push_back(in_span[i].median);
    std::ranges::sort(largest, std::greater<>());
    reference = largest[(largest.size() - 1) / 2];
  } else {
    for (const SizePoint& s : in_span) reference = std::max(reference, s.median);
  }
  std::vector<double> pooled;
  std::set<std::string> stores;
  MemoryCeiling ceiling;
  ceiling.level = level;
  ceiling.kernel = in_span.front().point->kernel;
  ceiling.threads = in_span.front().point->threads;
  int used = 0;
  // What the sensors saw over the plateau's points, where they were read at every one.
  std::optional<roofline::Sensors> sensed = roofline::Sensors{};
  for (const SizePoint& s : in_span) {
    if (std::abs(s.median - reference) > kPlateauTolerance * reference) continue;
    if (sensed && s.point->sensors)
      roofline::accumulate(*sensed, *s.point->sensors);
    else
      sensed.reset();
    pooled.insert(pooled.end(), s.point->bytes_per_s.begin(), s.point->bytes_per_s.end());
    stores.insert(s.point->store);
    ceiling.working_set_min = used == 0 ? s.working_set : ceiling.working_set_min;
    ceiling.working_set_max = s.working_set;
    ++used;
  }
  ceiling.bytes_per_s = roofline::summarize(std::move(pooled));
  ceiling.sensors = sensed;
  std::string store_text;
  for (const std::string& store : stores) store_text += (store_text.empty() ? "" : "+") + store;
  char method[256];
  std::snprintf(method, sizeof method,
                "plateau of %d of %zu sweep points in %s within 10%% of %s "
                "(%s to %s), pooled samples; store %s",
                used, in_span.size(), level.c_str(),
                dram ? "the middle of its three largest" : "the best median",
                bytes_text(ceiling.working_set_min).c_str(),
                bytes_text(ceiling.working_set_max).c_str(), store_text.c_str());
  ceiling.method = method + note;
  return ceiling;
}

// The best point of a cache level's working sets, its samples alone.
MemoryCeiling best_point_ceiling(const std::vector<SizePoint>& in_span, const std::string& level) {
  const SizePoint& best = *std::ranges::max_element(in_span, {}, &SizePoint::median);
  MemoryCeiling ceiling;
  ceiling.level = level;
  ceiling.kernel = best.point->kernel;
  ceiling.threads = best.point->threads;
  ceiling.working_set_min = ceiling.working_set_max = best.working_set;
  ceiling.bytes_per_s = roofline::summarize(best.point->bytes_per_s);
  ceiling.sensors = best.point->sensors;
  char method[256];
  std::snprintf(method, sizeof method,
                "the best of %zu sweep points in %s up to its capacity, at %s, its samples; "
                "store %s",
                in_span.size(), level.c_str(), bytes_text(best.working_set).c_str(),
                best.point->store.c_str());
  ceiling.method = method;
  return ceiling;
}

std::vector<SizePoint> inside(const std::vector<SizePoint>& sizes, double from, double to) {
  std::vector<SizePoint> out;
  for (const SizePoint& s : sizes)
    if (s.working_set >= from && s.working_set <= to) out.push_back(s);
  return out;
}

// DRAM when the sweep stops short of DRAM's span (`dram_span`: where it begins, and why there):
// its largest points past the last cache.
std::vector<SizePoint> largest_past(const std::vector<SizePoint>& sizes, double last_capacity,
                                    const std::string& dram_span, std::string& note) {
  if (sizes.empty() || sizes.back().working_set <= last_capacity) return {};
  const double largest = sizes.back().working_set;
  note = "; the sweep stops at " + bytes_text(largest) + ", short of " + dram_span +
         ": DRAM from its largest points, which may still hit in cache";
  std::vector<SizePoint> out;
  for (const SizePoint& s : sizes)
    if (s.working_set > last_capacity && s.working_set >= largest / 2) out.push_back(s);
  return out;
}

}  // namespace

std::vector<LevelSpan> level_spans(const std::vector<Cache>& caches, int threads,
                                   std::optional<double> dram_from) {
  std::vector<LevelSpan> spans;
  double previous = 0;
  for (const Cache& cache : caches) {
    const double capacity = cache.capacity(threads);
    spans.push_back({cache.level, capacity, kAbovePrevious * previous, kBelowCapacity * capacity});
    previous = capacity;
  }
  const double dram = dram_from ? *dram_from : kDramFactor * previous;
  if (!spans.empty()) spans.back().to = std::min(spans.back().to, dram / kAbovePrevious);
  spans.push_back({"DRAM", std::numeric_limits<double>::infinity(), dram,
                   std::numeric_limits<double>::infinity()});
  return spans;
}

namespace {

// The sweep's last plateau, as dram_onset reads it: one point per step (working set, best median
// of the most threads), past the second-to-last cache, and where the plateau begins.
struct TailPlateau {
  std::vector<std::pair<double, double>> series;
  std::size_t first = 0;
  double median = 0;          // of the last three points
  double dram_start_cap = 0;  // STREAM's rule: DRAM's span begins there at the latest
};

std::optional<TailPlateau> tail_plateau(const std::vector<SweepPoint>& sweep,
                                        const std::vector<Cache>& caches) {
  if (caches.empty()) return std::nullopt;
  int threads = 0;
  for (const SweepPoint& p : sweep) threads = std::max(threads, p.threads);
  const std::vector<LevelSpan> spans = level_spans(caches, threads);
  // Past the second-to-last cache (nothing to skip with one cache level).
  const double start = spans.size() > 2 ? kAbovePrevious * spans[spans.size() - 3].capacity : 0;
  std::map<double, double> best;  // working set → the best median there
  for (const SweepPoint& p : sweep) {
    if (p.threads != threads || p.bytes_per_s.empty() || p.working_set < start) continue;
    double& slot = best[p.working_set];
    slot = std::max(slot, roofline::summarize(p.bytes_per_s).median);
  }
  TailPlateau t;
  t.dram_start_cap = spans.back().from;
  // One point per step of the sweep: the kernels' working sets at a step differ by their
  // rounding to whole lines (within 2%).
  for (const auto& [ws, median] : best)
    if (!t.series.empty() && ws <= t.series.back().first * kSameWorkingSet)
      t.series.back().second = std::max(t.series.back().second, median);
    else
      t.series.emplace_back(ws, median);
  if (t.series.size() < 2) return std::nullopt;
  std::vector<double> tail;
  for (std::size_t i = t.series.size() - std::min<std::size_t>(t.series.size(), 3);
       i < t.series.size(); ++i)
    tail.push_back(t.series[i].second);
  t.median = roofline::summarize(tail).median;
  const auto on_plateau = [&](std::size_t i) {
    return std::abs(t.series[i].second - t.median) <= kDramTolerance * t.median;
  };
  if (!on_plateau(t.series.size() - 1)) return std::nullopt;
  t.first = t.series.size() - 1;
  while (t.first > 0 && on_plateau(t.first - 1)) --t.first;
  return t;
}

}  // namespace

std::optional<double> dram_shown_by(const std::vector<SweepPoint>& sweep,
                                    const std::vector<Cache>& caches) {
  const std::optional<TailPlateau> t = tail_plateau(sweep, caches);
  if (!t) return std::nullopt;
  return kDramPlateauSpan * t->series[t->first].first;
}

std::optional<double> dram_onset(const std::vector<SweepPoint>& sweep,
                                 const std::vector<Cache>& caches) {
  const std::optional<TailPlateau> t = tail_plateau(sweep, caches);
  if (!t) return std::nullopt;
  const auto& series = t->series;
  if (series.back().first < kDramPlateauSpan * series[t->first].first) return std::nullopt;
  const bool faster_before = std::any_of(series.begin(), series.begin() + t->first, [&](auto& p) {
    return p.second >= kFasterLevel * t->median;
  });
  if (!faster_before) return std::nullopt;
  return std::min(series[t->first].first, t->dram_start_cap);
}

std::optional<double> shared_dram_onset(const std::vector<SweepPoint>& sweep,
                                        const std::vector<Cache>& caches,
                                        std::optional<double> host) {
  const std::optional<double> own = dram_onset(sweep, caches);
  if (!host) return own;
  return std::max(*host, own.value_or(0));
}

void record_dram_onset(roofline::Device& device, std::optional<double> host) {
  const std::optional<double> own = dram_onset(device.sweep, device.caches);
  const std::optional<double> onset = shared_dram_onset(device.sweep, device.caches, host);
  device.facts.erase("dram_from_source");
  if (!onset) {
    device.facts.erase("dram_from");
    return;
  }
  device.facts["dram_from"] = *onset;
  const bool host_sweep = !own || *own < *onset;
  if (host_sweep) device.facts["dram_from_source"] = kHostSweep;
  if (device.caches.empty()) return;
  int threads = 0;
  for (const SweepPoint& p : device.sweep) threads = std::max(threads, p.threads);
  const Cache& last = device.caches.back();
  const double capacity = last.capacity(threads);
  if (*onset >= kBelowCapacity * capacity) return;
  char note[512];
  std::snprintf(note, sizeof note,
                "%s shows DRAM from %s with %d thread(s), inside the %s the device reports (%s "
                "for %d thread(s)): the %s this process reaches is smaller (a virtual machine "
                "may report its host's), so DRAM working sets follow the sweep",
                host_sweep ? kHostSweep : "the bandwidth sweep", bytes_text(*onset).c_str(),
                threads, last.level.c_str(), bytes_text(capacity).c_str(), threads,
                last.level.c_str());
  device.facts["probe_notes"].push_back(note);
}

std::vector<MemoryCeiling> memory_ceilings(const std::vector<SweepPoint>& sweep,
                                           const std::vector<Cache>& caches, CachePlateau rule,
                                           std::optional<double> host_dram_from) {
  // Series keep the order in which the sweep first shows each (kernel, threads).
  std::vector<std::pair<std::string, int>> order;
  std::map<std::pair<std::string, int>, std::vector<const SweepPoint*>> series;
  for (const SweepPoint& p : sweep) {
    const auto key = std::make_pair(p.kernel, p.threads);
    if (!series.contains(key)) order.push_back(key);
    series[key].push_back(&p);
  }
  const std::optional<double> onset = shared_dram_onset(sweep, caches, host_dram_from);
  std::vector<MemoryCeiling> ceilings;
  for (const auto& key : order) {
    const std::vector<SizePoint> sizes = best_per_size(series[key]);
    const std::vector<LevelSpan> spans = level_spans(caches, key.second, onset);
    for (const LevelSpan& span : spans) {
      const bool best_point = rule == CachePlateau::best_point && span.level != "DRAM";
      if (best_point) {
        // Up to the whole capacity, unless DRAM showed sooner (level_spans cut the span).
        const bool cut = span.to < kBelowCapacity * span.capacity;
        const std::vector<SizePoint> in_level =
            inside(sizes, span.from, cut ? span.to : span.capacity);
        if (!in_level.empty()) ceilings.push_back(best_point_ceiling(in_level, span.level));
        continue;
      }
      std::string note;
      std::vector<SizePoint> in_span = inside(sizes, span.from, span.to);
      if (in_span.empty() && span.level == "DRAM") {
        const std::string dram_span = onset ? "where DRAM begins (" + bytes_text(*onset) + ")"
                                            : "4x the last cache (" + bytes_text(span.from) + ")";
        const double last_capacity = spans.size() >= 2 ? spans[spans.size() - 2].capacity : 0;
        in_span = largest_past(sizes, last_capacity, dram_span, note);
      }
      if (!in_span.empty()) ceilings.push_back(plateau_ceiling(in_span, span.level, note));
    }
  }
  return ceilings;
}

std::vector<RoofPoint> roof_points(const roofline::Device& device) {
  const int threads = device.max_threads_measured();
  const std::vector<LevelSpan> spans = level_spans(device.caches, threads);
  // L1 0, L2 1, …, DRAM last; levels outside the hierarchy (a GPU's local memory) are none.
  const auto outwards = [&](const std::string& level) {
    return std::ranges::find(spans, level, &LevelSpan::level) - spans.begin();
  };
  std::ptrdiff_t outermost = -1;
  for (const MemoryCeiling& m : device.memory)
    if (m.threads == threads && outwards(m.level) < static_cast<std::ptrdiff_t>(spans.size()))
      outermost = std::max(outermost, outwards(m.level));
  std::vector<RoofPoint> points;
  for (const MemoryCeiling& roof : device.memory) {
    if (roof.threads != threads || outwards(roof.level) != outermost) continue;
    const SweepPoint* point = nullptr;
    double point_median = 0;
    for (const SweepPoint& p : device.sweep) {
      if (p.kernel != roof.kernel || p.threads != threads || p.bytes_per_s.empty() ||
          p.working_set < roof.working_set_min || p.working_set > roof.working_set_max)
        continue;
      const double median = roofline::summarize(p.bytes_per_s).median;
      if (point == nullptr || p.working_set > point->working_set ||
          (p.working_set == point->working_set && median > point_median))
        point = &p, point_median = median;
    }
    if (point != nullptr) points.push_back({roof.level, *point});
  }
  return points;
}

}  // namespace probes
