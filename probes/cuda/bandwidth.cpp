#include "probes/cuda/bandwidth.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "kernels/cuda/stream.hpp"
#include "kernels/gpu_dram.hpp"

namespace probes::cuda {

using kernels::cuda::Geometry;
using kernels::cuda::StreamConfig;

namespace {
// Timed runs of about 2 ms on an H200, so that the start and end of a launch cost well under 1%:
// with 256 MiB per launch the L2 read 6.7 TB/s instead of 8.6 and DRAM read fell from 4.48 TB/s
// at 2 GiB to 4.27 at 480 MiB; one 3 GiB triad launch ran 4.38 TB/s, four back to back 4.39–4.41
// (2026-11-21/22). Working sets of a few KiB are latency-bound: 2^16 passes take milliseconds.
constexpr double kBytesPerRun = 8.0 * (1 << 30);
constexpr double kMostRepeats = 1 << 16;
constexpr double kSmallest = 4096;
// Blocks per SM that the search asks for to cover the array: bandwidth_config cuts them to what
// one pass has work for.
constexpr int kCoveringBlocks = 1 << 20;
}  // namespace

StreamConfig bandwidth_config(kernels::StreamOp op, const Geometry& geometry, double bytes,
                              const SweepDevice& device, std::size_t& n) {
  const int arrays = kernels::stream_arrays(op);
  n = std::max<std::size_t>(static_cast<std::size_t>(bytes / arrays / sizeof(float)), 1);
  const double moved =
      static_cast<double>(n) * sizeof(float) * (arrays + (kernels::stream_in_place(op) ? 1 : 0));
  // No more blocks than one pass has work for: idle threads would still loop over every pass.
  Geometry g = geometry;
  g.blocks_per_sm = std::min(g.blocks_per_sm,
                             kernels::cuda::covering(g, double(n) * sizeof(float)).blocks_per_sm);
  const int repeats =
      static_cast<int>(std::clamp(std::ceil(kBytesPerRun / moved), 1.0, kMostRepeats));
  if (kernels::cuda::slices(g))  // its passes are blocks of one launch
    return {.op = op, .geometry = g, .passes = repeats, .launches = 1};
  const bool resident = g.blocks_per_sm * g.threads <= device.max_threads_per_sm;
  if (bytes <= device.l2_bytes || resident)
    return {.op = op, .geometry = g, .passes = repeats, .launches = 1};
  return {.op = op, .geometry = g, .passes = 1, .launches = repeats};
}

Geometry slices_geometry(int sms) {
  return {.sms = sms,
          .blocks_per_sm = 1,
          .threads = 256,
          .vector_bytes = 16,
          .items = 4,
          .slice_rows = 64};
}

GeometrySearch search_geometry(int sms, int max_threads_per_sm,
                               const std::function<double(const Geometry&)>& measure) {
  GeometrySearch search;
  std::set<std::tuple<int, int, int, int>> seen;
  const auto full = [&](int threads) { return std::max(max_threads_per_sm / threads, 1); };
  const auto try_geometry = [&](const Geometry& g) {
    if (!seen.insert({g.vector_bytes, g.threads, g.blocks_per_sm, g.items}).second) return;
    ++search.tried;
    const double rate = measure(g);
    if (rate > search.best_bytes_per_s) {
      search.best_bytes_per_s = rate;
      search.best = g;
    }
  };
  search.best = {.sms = sms, .blocks_per_sm = full(256), .threads = 256, .vector_bytes = 16};
  for (int width : {4, 8, 16})
    try_geometry({.sms = sms, .blocks_per_sm = full(256), .threads = 256, .vector_bytes = width});
  const int width = search.best.vector_bytes;
  for (int threads : {128, 256, 512, 1024})
    try_geometry(
        {.sms = sms, .blocks_per_sm = full(threads), .threads = threads, .vector_bytes = width});
  const int threads = search.best.threads;
  for (double factor : {0.25, 0.5, 1.0, 2.0, 4.0, 16.0, 64.0})
    try_geometry({.sms = sms,
                  .blocks_per_sm = std::max(static_cast<int>(full(threads) * factor), 1),
                  .threads = threads,
                  .vector_bytes = width});
  // The covering grid's best block size and width are not the resident grid's: on an H200, one
  // 16 B vector per thread read 4.59 TB/s in blocks of 256 threads and 3.86 in blocks of 1024,
  // and the resident grid's 8 B beat 16 B while 16 B made the covering grid's best triad
  // (2026-11-22).
  for (int w : {width, 16})
    for (int t : {128, 256, 512, 1024})
      try_geometry({.sms = sms,
                    .blocks_per_sm = kCoveringBlocks,
                    .threads = t,
                    .vector_bytes = w,
                    .items = 1});
  try_geometry(
      {.sms = sms, .blocks_per_sm = kCoveringBlocks, .threads = threads, .vector_bytes = width});
  Geometry one_item = search.best;
  one_item.items = 1;
  try_geometry(one_item);
  return search;
}

std::vector<double> sweep_working_sets(double l2_bytes, bool quick, double max_working_set,
                                       double free_bytes) {
  const double top =
      std::min(max_working_set > 0 ? max_working_set : 2 * kernels::gpu_dram_smallest(l2_bytes),
               free_bytes / 2);
  const int per_octave = quick ? 2 : 4;
  std::set<double> sizes;
  for (int k = 0;; ++k) {
    const double ws = std::round(kSmallest * std::pow(2.0, double(k) / per_octave) / 64) * 64;
    if (ws > top) break;
    sizes.insert(ws);
  }
  for (double factor : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0})
    if (factor * l2_bytes <= top) sizes.insert(factor * l2_bytes);
  return {sizes.begin(), sizes.end()};
}

std::vector<roofline::SweepPoint> ceiling_points(const std::vector<roofline::SweepPoint>& sweep,
                                                 double l2_bytes) {
  double largest = 0;
  for (const roofline::SweepPoint& p : sweep) largest = std::max(largest, p.working_set);
  const double dram = kernels::gpu_dram_smallest(l2_bytes);
  if (largest < dram) return sweep;  // a sweep cut short keeps all it has
  std::vector<roofline::SweepPoint> out;
  for (const roofline::SweepPoint& p : sweep)
    if (p.working_set <= l2_bytes || p.working_set >= dram) out.push_back(p);
  return out;
}

std::vector<roofline::SweepPoint> sweep_points(const std::vector<roofline::Result>& results,
                                               int sms) {
  std::vector<roofline::SweepPoint> points;
  for (const roofline::Result& r : results) {
    if (!r.ok()) continue;
    roofline::SweepPoint p{.kernel = r.params.at("op").get<std::string>(),
                           .threads = sms,
                           .store = "temporal",
                           .working_set = r.work.working_set,
                           .bytes_per_s = {},
                           .sensors = r.sensors};
    for (double seconds : r.samples) p.bytes_per_s.push_back(r.work.bytes / seconds);
    points.push_back(std::move(p));
  }
  return points;
}

}  // namespace probes::cuda
