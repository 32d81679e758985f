#include "probes/host_link.hpp"

#include <algorithm>
#include <cmath>

#include "probes/bandwidth_sweep.hpp"
#include "roofline/input_error.hpp"
#include "roofline/stats.hpp"

namespace probes {

const char* direction_name(LinkDirection d) {
  return d == LinkDirection::h2d ? "h2d" : d == LinkDirection::d2h ? "d2h" : "both";
}

std::vector<double> link_sizes(bool quick, double most, double max_working_set,
                               bool host_memory_device) {
  const double step = quick ? 16 : 4;
  double largest = !quick               ? kLargestCopy
                   : host_memory_device ? kQuickHostMemoryCopy
                                        : kLargestCopy / 4;
  if (max_working_set > 0) largest = std::min(largest, max_working_set);
  std::vector<double> sizes;
  for (double bytes = kSmallestCopy; bytes <= std::min(largest, most); bytes *= step)
    sizes.push_back(bytes);
  if (sizes.empty()) sizes.push_back(kSmallestCopy);
  return sizes;
}

roofline::CaseInfo link_case_info(const roofline::Device& device, LinkDirection direction,
                                  const std::string& host_memory, double bytes) {
  if (!(bytes >= 4) || std::fmod(bytes, 4) != 0)
    throw roofline::InputError("host link probe: " + std::to_string(bytes) +
                               " bytes is not a positive multiple of 4");
  roofline::Work work;
  work.bytes = (direction == LinkDirection::both ? 2 : 1) * bytes;
  work.bytes_write_allocate = work.bytes;
  work.working_set = work.bytes;
  return {.family = "host_link",
          .variant = std::string(direction_name(direction)) + "_" + host_memory,
          .backend = device.backend,
          .device = device.id,
          .params = {{"direction", direction_name(direction)},
                     {"host_memory", host_memory},
                     {"copy_bytes", bytes}},
          .work = work,
          .level = "host_link"};
}

void fill_pattern(std::uint32_t* words, std::size_t n, std::uint32_t seed) {
  for (std::size_t i = 0; i < n; ++i) words[i] = link_pattern(i, seed);
}

std::size_t first_mismatch(const std::uint32_t* words, std::size_t n, std::uint32_t seed) {
  for (std::size_t i = 0; i < n; ++i)
    if (words[i] != link_pattern(i, seed)) return i;
  return n;
}

std::vector<roofline::LinkPoint> link_points(const std::vector<roofline::Result>& results) {
  std::vector<roofline::LinkPoint> points;
  for (const roofline::Result& r : results) {
    if (!r.ok() || r.family != "host_link") continue;
    roofline::LinkPoint p{.direction = r.params.at("direction"),
                          .host_memory = r.params.at("host_memory"),
                          .bytes = r.params.at("copy_bytes"),
                          .bytes_per_s = {}};
    for (double seconds : r.samples) p.bytes_per_s.push_back(r.work.bytes / seconds);
    points.push_back(std::move(p));
  }
  return points;
}

std::vector<roofline::MemoryCeiling> link_ceilings(const std::vector<roofline::LinkPoint>& points,
                                                   const std::string& host_memory, int threads,
                                                   const std::string& method) {
  std::vector<roofline::MemoryCeiling> ceilings;
  for (const char* direction : {"h2d", "d2h"}) {
    const roofline::LinkPoint* best = nullptr;
    double best_median = 0;
    for (const roofline::LinkPoint& p : points) {
      if (p.direction != direction || p.host_memory != host_memory) continue;
      const double median = roofline::summarize(p.bytes_per_s).median;
      if (!best || median > best_median) best = &p, best_median = median;
    }
    if (!best) continue;
    ceilings.push_back({.level = "host_link",
                        .kernel = direction,
                        .threads = threads,
                        .bytes_per_s = roofline::summarize(best->bytes_per_s),
                        .working_set_min = best->bytes,
                        .working_set_max = best->bytes,
                        .method = host_memory + " host memory, the fastest of the sweep's sizes (" +
                                  bytes_text(best->bytes) + " copies); " + method});
  }
  return ceilings;
}

void record_link(roofline::Device& device, const std::vector<roofline::Result>& results,
                 const std::string& host_memory, const std::string& method,
                 std::vector<std::string>& failures) {
  for (const roofline::Result& r : results)
    if (!r.ok())
      failures.push_back("host_link " + r.variant + " " + r.params.dump() + ": " + r.failure());
  device.link = link_points(results);
  std::erase_if(device.memory,
                [](const roofline::MemoryCeiling& m) { return m.level == "host_link"; });
  for (roofline::MemoryCeiling& m :
       link_ceilings(device.link, host_memory, device.compute_units, method))
    device.memory.push_back(std::move(m));
}

}  // namespace probes
