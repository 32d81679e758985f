#pragma once
// What the CUDA and OpenCL host link probes share: the copy sizes they sweep, the pattern every
// copy is checked against, their verified results as link points, and the `host_link` ceilings
// (one per direction) taken from those points.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace probes {

enum class LinkDirection { h2d, d2h, both };
inline constexpr LinkDirection kLinkDirections[] = {LinkDirection::h2d, LinkDirection::d2h,
                                                    LinkDirection::both};
const char* direction_name(LinkDirection d);  // "h2d", "d2h", "both"

inline constexpr double kSmallestCopy = 4096;                 // 4 KiB
inline constexpr double kLargestCopy = 1024.0 * 1024 * 1024;  // 1 GiB

inline constexpr double kQuickHostMemoryCopy = 16.0 * 1024 * 1024;  // 16 MiB

// Copy sizes from 4 KiB to 1 GiB, ×4 apart (quick: ×16, 4 KiB … 256 MiB), none above `most`
// bytes (what the device can hold for the probe) nor above a positive `max_working_set`
// (--max-working-set); at least the smallest. A device that is the host's processor
// (`host_memory_device`: its "link" is a copy within the host's memory, whose DRAM bandwidth the
// memory ceilings measure) stops at kQuickHostMemoryCopy when quick: on a 2-vCPU guest its 256 MiB
// copies, each allocated, filled and checked, took 10 of a quick probe's 60 s.
std::vector<double> link_sizes(bool quick, double most, double max_working_set,
                               bool host_memory_device);

// The identity and work of one link case (family "host_link", variant "<direction>_<memory>"):
// `bytes` each way, both ways' bytes for "both". Throws InputError for bytes that are not a
// positive multiple of 4.
roofline::CaseInfo link_case_info(const roofline::Device& device, LinkDirection direction,
                                  const std::string& host_memory, double bytes);

// The value of word i of a copy's source: non-zero and different for every offset and `seed`, so
// a copy that lands misplaced, partly or not at all is seen.
inline std::uint32_t link_pattern(std::size_t i, std::uint32_t seed) {
  std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
  x ^= x >> 29;
  return static_cast<std::uint32_t>(x) | 1u;
}
void fill_pattern(std::uint32_t* words, std::size_t n, std::uint32_t seed);
// The index of the first word that differs from the pattern; n when none does.
std::size_t first_mismatch(const std::uint32_t* words, std::size_t n, std::uint32_t seed);

// The verified results of family "host_link" (params direction, host_memory, copy_bytes) as
// link points, every sample in bytes/s (both directions' bytes for "both").
std::vector<roofline::LinkPoint> link_points(const std::vector<roofline::Result>& results);

// Per direction "h2d" and "d2h", the `host_link` ceiling: the `host_memory` point with the
// highest median, its samples as the ceiling; `threads` as the device's other ceilings have it.
std::vector<roofline::MemoryCeiling> link_ceilings(const std::vector<roofline::LinkPoint>& points,
                                                   const std::string& host_memory, int threads,
                                                   const std::string& method);

// The measured link cases into the device: failures into `failures`, the points into
// device.link, the `host_memory` ceilings (method `method`) into device.memory at the device's
// compute units.
void record_link(roofline::Device& device, const std::vector<roofline::Result>& results,
                 const std::string& host_memory, const std::string& method,
                 std::vector<std::string>& failures);

}  // namespace probes
