#include "roofline/profile.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>

#include "roofline/bytes_text.hpp"

namespace roofline {

double Cache::capacity(int threads) const {
  // In 64 bits: threads + per - 1 overflows an int for a thread count near INT_MAX.
  const std::int64_t per = std::max(cpus_per_instance, 1);
  const std::int64_t used =
      std::clamp<std::int64_t>((std::max(threads, 1) + per - 1) / per, 1, std::max(instances, 1));
  return size_bytes * static_cast<double>(used);
}

int Device::max_threads_measured() const {
  int t = 0;
  for (const auto& c : compute) t = std::max(t, c.threads);
  for (const auto& m : memory) t = std::max(t, m.threads);
  return t;
}

Roofline Device::roofline(int threads) const {
  if (threads == 0) threads = max_threads_measured();
  std::vector<ComputeRoof> roofs;
  for (const auto& c : compute)
    if (c.threads == threads)
      roofs.push_back({c.precision,
                       c.path,
                       c.flops_per_s.median,
                       {c.flops_per_s.ci_low, c.flops_per_s.ci_high}});
  std::map<std::string, MemoryRoof> best;  // per level, the fastest kernel's ceiling
  for (const auto& m : memory) {
    if (m.threads != threads) continue;
    const auto it = best.find(m.level);
    if (it == best.end() || m.bytes_per_s.median > it->second.bytes_per_s)
      best[m.level] = {
          m.level, m.bytes_per_s.median, {m.bytes_per_s.ci_low, m.bytes_per_s.ci_high}};
  }
  std::vector<MemoryRoof> levels;
  for (const auto& [level, roof] : best) levels.push_back(roof);
  return Roofline(std::move(roofs), std::move(levels));
}

std::optional<double> Device::call_latency(int threads) const {
  std::optional<double> least;
  for (const LatencyCeiling& l : latency) {
    const bool per_call =
        std::ranges::find(kCallLatencyKinds, l.kind) != std::end(kCallLatencyKinds);
    if (per_call && (threads == 0 || l.threads == threads) && (!least || l.seconds.median < *least))
      least = l.seconds.median;
  }
  return least;
}

namespace {

// The median of each of the sweep's `kernel` points at `threads`, by working set.
std::map<double, double> sweep_medians(const std::vector<SweepPoint>& sweep,
                                       const std::string& kernel, int threads) {
  std::map<double, double> medians;
  for (const SweepPoint& p : sweep)
    if (p.kernel == kernel && p.threads == threads && !p.bytes_per_s.empty())
      medians[p.working_set] = std::max(medians[p.working_set], summarize(p.bytes_per_s).median);
  return medians;
}

// The sweep's bandwidth at `working_set`, log-log between the points on either side.
std::optional<double> interpolate(const std::map<double, double>& medians, double working_set) {
  const auto above = medians.lower_bound(working_set);
  if (above == medians.end()) return std::nullopt;
  if (above->first == working_set) return above->second;
  if (above == medians.begin()) return std::nullopt;
  const auto below = std::prev(above);
  const double t = std::log(working_set / below->first) / std::log(above->first / below->first);
  return std::exp(std::log(below->second) + t * std::log(above->second / below->second));
}

}  // namespace

std::optional<double> Device::dram_onset() const {
  const auto from = facts.find("dram_from");
  if (from == facts.end() || !from->is_number() || from->get<double>() <= 0) return std::nullopt;
  return from->get<double>();
}

bool Device::shares_host_memory() const {
  return backend == "cpu" || (backend == "opencl" && facts.value("device_type", "") == "CPU");
}

double Device::last_cache_reach(int threads) const {
  double capacity = 0;
  for (const Cache& c : caches) capacity = std::max(capacity, c.capacity(threads));
  if (const std::optional<double> onset = dram_onset()) return std::min(capacity, *onset);
  if (compute_units > 0) capacity = std::min(capacity, kLargestCachePerUnit * compute_units);
  return capacity;
}

std::string Device::cache_caveat() const {
  if (caches.empty() || dram_onset()) return "";
  const Cache& last =
      *std::ranges::max_element(caches, {}, [](const Cache& c) { return c.capacity(INT_MAX); });
  const double reported = last.capacity(INT_MAX), reach = last_cache_reach(INT_MAX);
  if (reach >= reported) return "";
  return last.level + ": " + bytes_text(reported) + " reported for " +
         std::to_string(compute_units) + " compute units, at most " + bytes_text(reach) +
         " relied on (" + bytes_text(kLargestCachePerUnit) +
         " per unit: a virtual machine may report its host's) until a probe measures where DRAM "
         "begins";
}

std::string Device::level_for(double working_set, int threads) const {
  if (const std::optional<double> onset = dram_onset(); onset && working_set >= *onset)
    return "DRAM";
  std::vector<const Cache*> ordered;
  for (const auto& c : caches) ordered.push_back(&c);
  // Nearest (smallest) first: level names need not sort in size order ("global cache", "L2").
  std::stable_sort(ordered.begin(), ordered.end(), [threads](const Cache* a, const Cache* b) {
    return a->capacity(threads) < b->capacity(threads);
  });
  std::vector<std::string> levels;
  for (const Cache* c : ordered) levels.push_back(c->level);
  levels.push_back("DRAM");
  std::size_t by_capacity = ordered.size();
  for (std::size_t i = 0; i < ordered.size() && by_capacity == ordered.size(); ++i)
    if (working_set <=
        (i + 1 == ordered.size() ? last_cache_reach(threads) : ordered[i]->capacity(threads)))
      by_capacity = i;

  const auto read_ceiling = [&](const std::string& level) -> const MemoryCeiling* {
    for (const MemoryCeiling& m : memory)
      if (m.level == level && m.kernel == "read" && m.threads == threads) return &m;
    return nullptr;
  };
  // The sweep has the last word over a reported capacity: a working set at or past the start of
  // a level's measured plateau lives there or further out (a virtual machine may report its
  // host's last cache, far larger than what this process reaches).
  for (std::size_t i = by_capacity + 1; i < levels.size(); ++i)
    if (const MemoryCeiling* m = read_ceiling(levels[i]); m && working_set >= m->working_set_min)
      by_capacity = i;

  // Between the read plateaus of two neighbouring levels the data is partly in each: near a
  // cache's capacity its lines also compete with everything else the cache holds. There the data
  // lives in the level whose read ceiling is nearer the probe's own read at this working set.
  for (std::size_t i = 0; i + 1 < levels.size(); ++i) {
    const MemoryCeiling* inner = read_ceiling(levels[i]);
    const MemoryCeiling* outer = read_ceiling(levels[i + 1]);
    if (!inner || !outer || working_set <= inner->working_set_max ||
        working_set >= outer->working_set_min)
      continue;
    const auto measured = interpolate(sweep_medians(sweep, "read", threads), working_set);
    if (!measured) break;
    const double to_inner = std::abs(std::log(*measured / inner->bytes_per_s.median));
    const double to_outer = std::abs(std::log(*measured / outer->bytes_per_s.median));
    return levels[to_inner <= to_outer ? i : i + 1];
  }
  return levels[by_capacity];
}

const Device* MachineProfile::find(const std::string& id) const {
  for (const auto& d : devices)
    if (d.id == id) return &d;
  return nullptr;
}

}  // namespace roofline
