#include "roofline/profile.hpp"

#include <algorithm>
#include <map>

namespace roofline {

double Cache::capacity(int threads) const {
  const int per = std::max(cpus_per_instance, 1);
  const int used = std::clamp((std::max(threads, 1) + per - 1) / per, 1, std::max(instances, 1));
  return size_bytes * used;
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
    if (c.threads == threads) roofs.push_back({c.precision, c.path, c.flops_per_s.median});
  std::map<std::string, double> best;  // per level, the fastest kernel's ceiling
  for (const auto& m : memory)
    if (m.threads == threads) best[m.level] = std::max(best[m.level], m.bytes_per_s.median);
  std::vector<MemoryRoof> levels;
  for (const auto& [level, bw] : best) levels.push_back({level, bw});
  return Roofline(std::move(roofs), std::move(levels));
}

std::string Device::level_for(double working_set, int threads) const {
  std::vector<const Cache*> ordered;
  for (const auto& c : caches) ordered.push_back(&c);
  // Nearest (smallest) first: level names need not sort in size order ("global cache", "L2").
  std::stable_sort(ordered.begin(), ordered.end(), [threads](const Cache* a, const Cache* b) {
    return a->capacity(threads) < b->capacity(threads);
  });
  for (const Cache* c : ordered)
    if (working_set <= c->capacity(threads)) return c->level;
  return "DRAM";
}

const Device* MachineProfile::find(const std::string& id) const {
  for (const auto& d : devices)
    if (d.id == id) return &d;
  return nullptr;
}

}  // namespace roofline
