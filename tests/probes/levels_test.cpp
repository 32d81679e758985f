// Level detection on synthetic sweeps: levels are named from cache capacities, plateaus are
// pooled, and a level without points in its span is missing rather than mislabelled.
#include "probes/levels.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "roofline/physical_limits.hpp"
#include "roofline/stats.hpp"

namespace {

using roofline::Cache;
using roofline::MemoryCeiling;
using roofline::SweepPoint;

constexpr double KiB = 1024, MiB = 1024 * KiB;

// Zen 3-like: private 32 KiB L1 and 512 KiB L2 on each of 2 cores, one shared 32 MiB L3.
const std::vector<Cache> kCaches = {
    {"L1", 32 * KiB, 2, 1}, {"L2", 512 * KiB, 2, 1}, {"L3", 32 * MiB, 1, 2}};

// Bandwidth of an ideal machine with sharp steps at the capacities `threads` threads reach.
double ideal(double ws, int threads) {
  if (ws <= kCaches[0].capacity(threads)) return 200e9;
  if (ws <= kCaches[1].capacity(threads)) return 100e9;
  if (ws <= kCaches[2].capacity(threads)) return 50e9;
  return 20e9;
}

std::vector<SweepPoint> sweep(const std::string& kernel, int threads, double from, double to,
                              const std::function<std::vector<double>(double)>& samples) {
  std::vector<SweepPoint> points;
  for (double ws = from; ws <= to; ws *= std::pow(2.0, 0.25))
    points.push_back({kernel, threads, "temporal", ws, samples(ws)});
  return points;
}

const MemoryCeiling* find(const std::vector<MemoryCeiling>& ceilings, const std::string& level,
                          const std::string& kernel = "read", int threads = 1) {
  for (const MemoryCeiling& c : ceilings)
    if (c.level == level && c.kernel == kernel && c.threads == threads) return &c;
  return nullptr;
}

TEST(LevelSpans, GrowPrivateLevelsWithThreadsAndStartDramAtFourTimesTheLastCache) {
  const auto one = probes::level_spans(kCaches, 1);
  ASSERT_EQ(one.size(), 4u);
  EXPECT_EQ(one[1].level, "L2");
  EXPECT_DOUBLE_EQ(one[1].from, 64 * KiB);  // 2× one L1
  EXPECT_DOUBLE_EQ(one[1].to, 256 * KiB);   // 0.5× one L2
  const auto two = probes::level_spans(kCaches, 2);
  EXPECT_DOUBLE_EQ(two[1].from, 128 * KiB);  // 2× two L1s
  EXPECT_DOUBLE_EQ(two[2].to, 16 * MiB);     // the L3 is shared: 0.5× one instance
  EXPECT_EQ(two[3].level, "DRAM");
  EXPECT_DOUBLE_EQ(two[3].from, 128 * MiB);
}

TEST(MemoryCeilings, CleanStepsGiveOneCeilingPerLevelInsideItsSpan) {
  std::vector<SweepPoint> points;
  for (int threads : {1, 2}) {
    auto series = sweep("read", threads, 4 * KiB, 256 * MiB,
                        [&](double ws) { return std::vector<double>(5, ideal(ws, threads)); });
    points.insert(points.end(), series.begin(), series.end());
  }
  const auto ceilings = probes::memory_ceilings(points, kCaches);
  ASSERT_EQ(ceilings.size(), 8u);
  // DRAM from the first point past the L3, where the sweep shows its plateau begin.
  const auto onset = probes::dram_onset(points, kCaches);
  ASSERT_TRUE(onset.has_value());
  EXPECT_DOUBLE_EQ(*onset, std::exp2(25.25));
  for (int threads : {1, 2}) {
    const auto spans = probes::level_spans(kCaches, threads, onset);
    const double expected[] = {200e9, 100e9, 50e9, 20e9};
    for (std::size_t i = 0; i < spans.size(); ++i) {
      const MemoryCeiling* c = find(ceilings, spans[i].level, "read", threads);
      ASSERT_NE(c, nullptr) << spans[i].level << " threads " << threads;
      EXPECT_DOUBLE_EQ(c->bytes_per_s.median, expected[i]) << spans[i].level;
      EXPECT_GE(c->working_set_min, spans[i].from);
      EXPECT_LE(c->working_set_max, spans[i].to);
      EXPECT_EQ(c->bytes_per_s.n,
                5 * static_cast<int>(
                        std::round(4 * std::log2(c->working_set_max / c->working_set_min) + 1)));
    }
  }
}

TEST(MemoryCeilings, NoisySamplesPoolToTheTrueLevelAndAnEdgePointLeavesThePlateau) {
  std::mt19937 rng(7);
  std::normal_distribution<double> noise(1.0, 0.03);
  auto points = sweep("triad", 1, 4 * KiB, 256 * MiB, [&](double ws) {
    // L2 already fades at 256 KiB (0.5× its capacity): 30% slower, outside the 10% plateau.
    const double truth = ws > 200 * KiB && ws <= 512 * KiB ? 70e9 : ideal(ws, 1);
    std::vector<double> s;
    for (int i = 0; i < 9; ++i) s.push_back(truth * noise(rng));
    return s;
  });
  const auto ceilings = probes::memory_ceilings(points, kCaches);
  const MemoryCeiling* l2 = find(ceilings, "L2", "triad");
  ASSERT_NE(l2, nullptr);
  EXPECT_NEAR(l2->bytes_per_s.median, 100e9, 3e9);
  EXPECT_LE(l2->bytes_per_s.ci_low, 100e9 * 1.02);
  EXPECT_GE(l2->bytes_per_s.ci_high, 100e9 * 0.98);
  EXPECT_LT(l2->working_set_max, 200 * KiB);  // the fading point is not pooled
  EXPECT_NE(l2->method.find("within 10%"), std::string::npos);
  const MemoryCeiling* dram = find(ceilings, "DRAM", "triad");
  ASSERT_NE(dram, nullptr);
  EXPECT_NEAR(dram->bytes_per_s.median, 20e9, 1e9);
}

TEST(MemoryCeilings, ALevelWithoutPointsInItsSpanIsMissingNotRenamed) {
  // The sweep jumps from L1 sizes straight to DRAM sizes: no L2 or L3 ceiling may appear, and
  // the DRAM plateau must not be called L2 because it is the second plateau.
  auto points = sweep("copy", 1, 4 * KiB, 16 * KiB,
                      [](double ws) { return std::vector<double>(3, ideal(ws, 1)); });
  auto far = sweep("copy", 1, 128 * MiB, 512 * MiB,
                   [](double ws) { return std::vector<double>(3, ideal(ws, 1)); });
  points.insert(points.end(), far.begin(), far.end());
  const auto ceilings = probes::memory_ceilings(points, kCaches);
  ASSERT_EQ(ceilings.size(), 2u);
  EXPECT_EQ(ceilings[0].level, "L1");
  EXPECT_EQ(ceilings[1].level, "DRAM");
  EXPECT_DOUBLE_EQ(ceilings[1].bytes_per_s.median, 20e9);
}

TEST(MemoryCeilings, FewPointsAndASweepShortOfFourTimesTheLastCacheStillGiveLevels) {
  // One point per level, and the largest only 2× the L3: DRAM comes from it and says so.
  const std::vector<SweepPoint> points = {{"write", 1, "temporal", 8 * KiB, {190e9}},
                                          {"write", 1, "temporal", 128 * KiB, {95e9, 97e9}},
                                          {"write", 1, "temporal", 4 * MiB, {48e9}},
                                          {"write", 1, "temporal", 64 * MiB, {25e9, 24e9}}};
  const auto ceilings = probes::memory_ceilings(points, kCaches);
  ASSERT_EQ(ceilings.size(), 4u);
  EXPECT_EQ(ceilings[1].level, "L2");
  EXPECT_DOUBLE_EQ(ceilings[1].bytes_per_s.median, 96e9);
  const MemoryCeiling* dram = find(ceilings, "DRAM", "write");
  ASSERT_NE(dram, nullptr);
  EXPECT_DOUBLE_EQ(dram->working_set_min, 64 * MiB);
  EXPECT_NE(dram->method.find("short of 4x the last cache"), std::string::npos) << dram->method;
  // Nothing past the last cache at all: no DRAM ceiling.
  const auto cached = probes::memory_ceilings({points.begin(), points.begin() + 3}, kCaches);
  EXPECT_EQ(find(cached, "DRAM", "write"), nullptr);
}

TEST(MemoryCeilings, TheBestStoreModeAtEachWorkingSetMakesTheCeiling) {
  std::vector<SweepPoint> points;
  for (double ws : {128 * MiB, 192 * MiB, 256 * MiB}) {
    points.push_back({"triad", 2, "temporal", ws, {18e9, 18.5e9}});
    points.push_back({"triad", 2, "nontemporal", ws, {26e9, 25e9}});
  }
  const auto ceilings = probes::memory_ceilings(points, kCaches);
  ASSERT_EQ(ceilings.size(), 1u);
  EXPECT_EQ(ceilings[0].level, "DRAM");
  EXPECT_DOUBLE_EQ(ceilings[0].bytes_per_s.median, 25.5e9);
  EXPECT_EQ(ceilings[0].bytes_per_s.n, 6);
  EXPECT_NE(ceilings[0].method.find("store nontemporal"), std::string::npos);
}

// A Zen 5 guest that reports its host's L3, 508 MiB × 2, and reaches 32 MiB of it.
const std::vector<Cache> kGuestCaches = {
    {"L1", 48 * KiB, 2, 1}, {"L2", 1 * MiB, 2, 1}, {"L3", 508 * MiB, 2, 1}};

double guest(double ws, int threads) {
  if (ws <= 48 * KiB * threads) return 200e9;
  if (ws <= 1 * MiB * threads) return 100e9;
  if (ws <= 32 * MiB) return 50e9;
  return 20e9;
}

std::vector<SweepPoint> guest_sweep(double to) {
  std::vector<SweepPoint> points;
  for (int threads : {1, 2}) {
    auto series = sweep("read", threads, 4 * KiB, to,
                        [&](double ws) { return std::vector<double>(3, guest(ws, threads)); });
    points.insert(points.end(), series.begin(), series.end());
  }
  return points;
}

TEST(DramOnset, ASweepShowsDramPastTheCacheItReachesNotTheOneReported) {
  // Inside the L3 it reaches, or one octave into DRAM: not shown yet, the sweep goes on.
  EXPECT_FALSE(probes::dram_onset(guest_sweep(24 * MiB), kGuestCaches));
  EXPECT_FALSE(probes::dram_onset(guest_sweep(96 * MiB), kGuestCaches));
  // One octave in, the sweep knows how far it must go for DRAM to show: two octaves past the
  // plateau's first point (what a budgeted probe plans its last steps to).
  const auto shown_by = probes::dram_shown_by(guest_sweep(96 * MiB), kGuestCaches);
  ASSERT_TRUE(shown_by.has_value());
  EXPECT_DOUBLE_EQ(*shown_by, 4 * std::exp2(25.25));
  // Two octaves of DRAM plateau past a faster level: shown, at its first point.
  const auto points = guest_sweep(256 * MiB);
  const auto onset = probes::dram_onset(points, kGuestCaches);
  ASSERT_TRUE(onset.has_value());
  EXPECT_DOUBLE_EQ(*onset, std::exp2(25.25));
  EXPECT_EQ(probes::dram_shown_by(points, kGuestCaches), 4 * *onset);
  // STREAM's 4x the reported L3 (4 GiB) is only the upper bound; the ceilings follow the sweep.
  const auto ceilings = probes::memory_ceilings(points, kGuestCaches);
  const MemoryCeiling* dram = find(ceilings, "DRAM", "read", 2);
  ASSERT_NE(dram, nullptr);
  EXPECT_DOUBLE_EQ(dram->bytes_per_s.median, 20e9);
  EXPECT_DOUBLE_EQ(dram->working_set_min, *onset);
  const MemoryCeiling* l3 = find(ceilings, "L3", "read", 2);
  ASSERT_NE(l3, nullptr);
  EXPECT_DOUBLE_EQ(l3->bytes_per_s.median, 50e9);
  EXPECT_LE(l3->working_set_max, *onset / 2);
}

TEST(MemoryCeilings, DramLeavesOutAPointJustPastTheOnsetThatStillHitsInCache) {
  // The 16-vCPU guest's shape: a cache that still serves part of the data for one step past
  // where the sweep shows DRAM (1.25x DRAM there, inside dram_onset's 35% band).
  const auto partly_cached = [](double ws, int threads) {
    const double base = guest(ws, threads);
    return ws > 32 * MiB && ws <= 40 * MiB ? 1.25 * base : base;
  };
  std::vector<SweepPoint> points;
  for (int threads : {1, 2}) {
    auto series = sweep("read", threads, 4 * KiB, 256 * MiB, [&](double ws) {
      return std::vector<double>(3, partly_cached(ws, threads));
    });
    points.insert(points.end(), series.begin(), series.end());
  }
  const auto onset = probes::dram_onset(points, kGuestCaches);
  ASSERT_TRUE(onset.has_value());
  EXPECT_LE(*onset, 40 * MiB);  // the cached point is on the onset's plateau
  const auto ceilings = probes::memory_ceilings(points, kGuestCaches);
  const MemoryCeiling* dram = find(ceilings, "DRAM", "read", 2);
  ASSERT_NE(dram, nullptr);
  EXPECT_DOUBLE_EQ(dram->bytes_per_s.median, 20e9);
  EXPECT_GT(dram->working_set_min, 40 * MiB);
  EXPECT_NE(dram->method.find("three largest"), std::string::npos);
}

TEST(MemoryCeilings, DramFromTwoPointsFarApartTakesTheFasterOne) {
  // Two DRAM points 1.5x apart: their mean lies more than 10% from both, and is no plateau.
  std::vector<SweepPoint> points;
  for (double ws : {16 * KiB, 64 * MiB, 128 * MiB, 192 * MiB})
    points.push_back({"read", 1, "temporal", ws,
                      std::vector<double>(3, ws < 1 * MiB     ? 200e9
                                             : ws < 100 * MiB ? 50e9
                                                              : 0)});
  points[2].bytes_per_s.assign(3, 30e9);
  points[3].bytes_per_s.assign(3, 20e9);
  const auto ceilings = probes::memory_ceilings(points, kCaches);
  const MemoryCeiling* dram = find(ceilings, "DRAM");
  ASSERT_NE(dram, nullptr);
  EXPECT_DOUBLE_EQ(dram->bytes_per_s.median, 30e9);
  EXPECT_DOUBLE_EQ(dram->working_set_min, 128 * MiB);
  EXPECT_DOUBLE_EQ(dram->working_set_max, 128 * MiB);
}

TEST(MemoryCeilings, AGpuL2CeilingIsItsBestPointUpToTheWholeL2) {
  // An H100-like L2 of 50 MiB: latency-bound below 1 MiB, a peak at a few MiB, falling past
  // 25 MiB where the two partitions stop holding copies of each other's lines, DRAM past it.
  const std::vector<Cache> l2 = {{"L2", 50 * MiB, 1, 132}};
  const auto rate = [](double ws) {
    if (ws < 1 * MiB) return 4e12;
    if (ws <= 8 * MiB) return 10e12 - 0.1e12 * std::abs(std::log2(ws / (4 * MiB)));
    if (ws <= 25 * MiB) return 9e12;
    if (ws <= 50 * MiB) return 9.5e12;  // a point past half the L2 above the span's others
    return 3e12;
  };
  std::vector<SweepPoint> points;
  for (double ws = 64 * KiB; ws <= 1024 * MiB; ws *= 2)
    points.push_back({"read", 132, "temporal", ws, {rate(ws) * 0.99, rate(ws), rate(ws) * 1.01}});
  points.push_back({"read", 132, "temporal", 48 * MiB, {9.6e12}});
  const auto best = probes::memory_ceilings(points, l2, probes::CachePlateau::best_point);
  const MemoryCeiling* ceiling = find(best, "L2", "read", 132);
  ASSERT_NE(ceiling, nullptr);
  EXPECT_DOUBLE_EQ(ceiling->bytes_per_s.median, 10e12);
  EXPECT_DOUBLE_EQ(ceiling->working_set_min, 4 * MiB);
  EXPECT_DOUBLE_EQ(ceiling->working_set_max, 4 * MiB);
  for (const SweepPoint& p : points) {
    if (p.working_set <= 50 * MiB) {
      EXPECT_LE(roofline::summarize(p.bytes_per_s).median, ceiling->bytes_per_s.median);
    }
  }
  EXPECT_NE(ceiling->method.find("the best of"), std::string::npos) << ceiling->method;
  // DRAM keeps its rule; the pooled plateau of the same sweep lies under its best point.
  EXPECT_DOUBLE_EQ(find(best, "DRAM", "read", 132)->bytes_per_s.median, 3e12);
  const auto pooled = probes::memory_ceilings(points, l2);
  EXPECT_LT(find(pooled, "L2", "read", 132)->bytes_per_s.median, 10e12);
}

TEST(DramOnset, KernelsOfOneStepCountAsOnePointWhateverTheirRounding) {
  // Each kernel rounds a step's working set to its own whole lines: read and copy land 0.1%
  // apart and must not read as a series alternating between their bandwidths.
  std::vector<SweepPoint> points = guest_sweep(256 * MiB);
  for (const SweepPoint& p : std::vector<SweepPoint>(points))
    if (p.threads == 2) {
      SweepPoint copy = p;
      copy.kernel = "copy";
      copy.working_set *= 1.001;
      for (double& b : copy.bytes_per_s) b *= 0.6;
      points.push_back(copy);
    }
  EXPECT_DOUBLE_EQ(*probes::dram_onset(points, kGuestCaches), std::exp2(25.25));
}

TEST(DramOnset, ShowsThroughTheDriftOfASharedHostsDram) {
  // What a 2-vCPU guest read while other work ran on it: the L3 at 140-230 GB/s, then DRAM
  // anywhere from 44 to 79 GB/s (the best kernel at each step, 2 threads).
  const std::vector<std::pair<double, double>> measured = {
      {8, 160.8},  {10, 227.2},  {12.7, 224.4}, {16, 218.2}, {20.2, 218.5}, {25.4, 168.6},
      {32, 35.2},  {40.3, 57.1}, {50.8, 47.5},  {64, 48.3},  {80.6, 79.3},  {101.6, 79.0},
      {128, 68.1}, {161, 44.5},  {203, 57.6},   {256, 65.6}, {322.5, 66.0}};
  std::vector<SweepPoint> points;
  for (const auto& [mib, gbs] : measured)
    points.push_back({"daxpy", 2, "temporal", mib * MiB, {gbs * 1e9}});
  const auto onset = probes::dram_onset(points, kGuestCaches);
  ASSERT_TRUE(onset.has_value());
  EXPECT_DOUBLE_EQ(*onset, 40.3 * MiB);
}

TEST(DramOnset, APlateauWithNothingFasterBeforeItIsNotDram) {
  // Past the L2 the bandwidth never changes (an L3 no faster than DRAM, or a sweep that starts
  // in DRAM): nothing tells the levels apart, so the 4x rule stays.
  std::vector<SweepPoint> flat;
  for (double ws = 4 * MiB; ws <= 256 * MiB; ws *= 2)
    flat.push_back({"read", 2, "temporal", ws, {20e9}});
  EXPECT_FALSE(probes::dram_onset(flat, kGuestCaches));
  EXPECT_FALSE(probes::dram_onset({}, kGuestCaches));
  EXPECT_FALSE(probes::dram_onset(guest_sweep(256 * MiB), {}));
}

TEST(DramOnset, IsRecordedAsAFactWithANoteWhenItContradictsTheReportedCache) {
  roofline::Device device;
  device.caches = kGuestCaches;
  device.sweep = guest_sweep(256 * MiB);
  probes::record_dram_onset(device);
  EXPECT_DOUBLE_EQ(device.facts.at("dram_from").get<double>(), std::exp2(25.25));
  ASSERT_EQ(device.facts.at("probe_notes").size(), 1u);
  const std::string note = device.facts.at("probe_notes")[0];
  EXPECT_NE(note.find("inside the L3 the device reports (1016 MiB for 2 thread(s))"),
            std::string::npos)
      << note;
  // A sweep that agrees with the reported caches sets the fact without a note; one that does
  // not show DRAM removes it.
  roofline::Device agrees;
  agrees.caches = kCaches;
  for (int threads : {1, 2}) {
    auto series = sweep("read", threads, 4 * KiB, 256 * MiB,
                        [&](double ws) { return std::vector<double>(3, ideal(ws, threads)); });
    agrees.sweep.insert(agrees.sweep.end(), series.begin(), series.end());
  }
  probes::record_dram_onset(agrees);
  EXPECT_TRUE(agrees.facts.contains("dram_from"));
  EXPECT_FALSE(agrees.facts.contains("probe_notes"));
  agrees.sweep.resize(10);
  probes::record_dram_onset(agrees);
  EXPECT_FALSE(agrees.facts.contains("dram_from"));
}

// PoCL on a 2-core Zen 5 guest: no cache reported, the host's L3 serving up to 32 MiB (copies
// at 60 GB/s there), its DRAM from 64 MiB on at 20 GB/s, as the CPU backend's sweep showed.
constexpr double kHostOnset = 64 * MiB;

std::vector<SweepPoint> pocl_sweep(double to) {
  return sweep("copy", 2, 4 * MiB, to,
               [](double ws) { return std::vector<double>(3, ws < 48 * MiB ? 60e9 : 20e9); });
}

// A device probed as the OpenCL backend probes it: its sweep, the onset it records, its ceilings,
// then the guard every probe applies.
roofline::Device probed_pocl(std::vector<SweepPoint> points, std::optional<double> host,
                             double max_working_set = 0) {
  roofline::Device d;
  d.id = "opencl:0:0";
  d.backend = "opencl";
  d.facts = {{"device_type", "CPU"}};
  d.sweep = std::move(points);
  probes::record_dram_onset(d, host);
  d.memory = probes::memory_ceilings(d.sweep, d.caches, probes::CachePlateau::pooled, host);
  roofline::refuse_unfounded_ceilings(d, max_working_set);
  return d;
}

TEST(SharedDramOnset, IsTheLaterOfTheHostsAndTheDevicesOwn) {
  const auto guest = guest_sweep(256 * MiB);
  const auto own = probes::dram_onset(guest, kGuestCaches);  // 38 MiB
  ASSERT_TRUE(own.has_value());
  EXPECT_EQ(probes::shared_dram_onset(guest, kGuestCaches, std::nullopt), own);
  EXPECT_EQ(probes::shared_dram_onset(guest, kGuestCaches, kHostOnset), kHostOnset);
  EXPECT_EQ(probes::shared_dram_onset(guest, kGuestCaches, 16 * MiB), own);
  EXPECT_EQ(probes::shared_dram_onset(pocl_sweep(128 * MiB), {}, kHostOnset), kHostOnset);
  EXPECT_FALSE(probes::shared_dram_onset(pocl_sweep(128 * MiB), {}, std::nullopt));
}

TEST(MemoryCeilings, AnOpenClCpuDevicesDramStartsAtTheHostsOnset) {
  // Swept past the host's onset: DRAM from its working sets at or past 64 MiB only, at DRAM's
  // rate, and recorded with where it came from.
  const roofline::Device past = probed_pocl(pocl_sweep(256 * MiB), kHostOnset);
  const MemoryCeiling* dram = find(past.memory, "DRAM", "copy", 2);
  ASSERT_NE(dram, nullptr);
  EXPECT_GE(dram->working_set_min, kHostOnset);
  EXPECT_DOUBLE_EQ(dram->bytes_per_s.median, 20e9);
  EXPECT_TRUE(past.refused.empty());
  EXPECT_EQ(past.dram_onset(), kHostOnset);
  EXPECT_EQ(past.facts.value("dram_from_source", ""),
            "the CPU backend's sweep of the host in the same probe");
  // Swept from 4 to 32 MiB: the ceilings taken from them as DRAM are refused, at their rate.
  const roofline::Device short_of = probed_pocl(pocl_sweep(32 * MiB), kHostOnset);
  EXPECT_EQ(find(short_of.memory, "DRAM", "copy", 2), nullptr);
  ASSERT_EQ(short_of.refused.size(), 1u);
  EXPECT_DOUBLE_EQ(short_of.refused[0].value, 60e9);
  EXPECT_EQ(short_of.refused[0].working_set_from, kHostOnset);
  EXPECT_NE(short_of.refused[0].reason.find("under the DRAM onset of 64 MiB"), std::string::npos)
      << short_of.refused[0].reason;
  // Without the host's onset the same sweep would have recorded 60 GB/s as its DRAM.
  const auto unguarded = probes::memory_ceilings(pocl_sweep(32 * MiB), {});
  ASSERT_NE(find(unguarded, "DRAM", "copy", 2), nullptr);
  EXPECT_DOUBLE_EQ(find(unguarded, "DRAM", "copy", 2)->bytes_per_s.median, 60e9);
}

TEST(MemoryCeilings, ASweepCappedShortOfDramRecordsNoDramCeiling) {
  // --max-working-set 1M on the OpenCL CPU device: its 1 MiB copies are refused, with the cap.
  const auto tiny =
      sweep("copy", 2, 64 * KiB, 1 * MiB, [](double) { return std::vector<double>(3, 58e9); });
  const roofline::Device pocl = probed_pocl(tiny, std::nullopt, 1 * MiB);
  EXPECT_EQ(find(pocl.memory, "DRAM", "copy", 2), nullptr);
  ASSERT_EQ(pocl.refused.size(), 1u);
  EXPECT_NE(pocl.refused[0].reason.find("--max-working-set 1 MiB stopped it short"),
            std::string::npos)
      << pocl.refused[0].reason;
  // The CPU's sweep capped at 64 MiB, past its 32 MiB L3 but short of showing DRAM: the largest
  // points that the sweep alone would call DRAM are refused; its cache levels stay.
  roofline::Device cpu;
  cpu.id = cpu.backend = "cpu";
  cpu.caches = kCaches;
  cpu.sweep = sweep("read", 2, 4 * KiB, 64 * MiB,
                    [](double ws) { return std::vector<double>(3, ideal(ws, 2)); });
  probes::record_dram_onset(cpu);
  cpu.memory = probes::memory_ceilings(cpu.sweep, cpu.caches);
  ASSERT_NE(find(cpu.memory, "DRAM", "read", 2), nullptr);
  EXPECT_NE(find(cpu.memory, "DRAM", "read", 2)->method.find("short of 4x the last cache"),
            std::string::npos);
  ASSERT_EQ(roofline::refuse_unfounded_ceilings(cpu, 64 * MiB).size(), 1u);
  EXPECT_EQ(find(cpu.memory, "DRAM", "read", 2), nullptr);
  EXPECT_NE(cpu.refused[0].reason.find("--max-working-set 64 MiB"), std::string::npos);
  for (const char* level : {"L1", "L2", "L3"})
    EXPECT_NE(find(cpu.memory, level, "read", 2), nullptr) << level;
}

TEST(MemoryCeilings, ACpuSweepPastItsOnsetRecordsDramAsItAlwaysDid) {
  std::vector<SweepPoint> points;
  for (int threads : {1, 2}) {
    auto series = sweep("read", threads, 4 * KiB, 256 * MiB,
                        [&](double ws) { return std::vector<double>(3, ideal(ws, threads)); });
    points.insert(points.end(), series.begin(), series.end());
  }
  roofline::Device cpu;
  cpu.id = cpu.backend = "cpu";
  cpu.caches = kCaches;
  cpu.sweep = points;
  probes::record_dram_onset(cpu);
  cpu.memory = probes::memory_ceilings(cpu.sweep, cpu.caches);
  const std::vector<MemoryCeiling> before = cpu.memory;
  EXPECT_TRUE(roofline::refuse_unfounded_ceilings(cpu).empty());
  ASSERT_EQ(cpu.memory.size(), before.size());
  for (int threads : {1, 2}) {
    const MemoryCeiling* dram = find(cpu.memory, "DRAM", "read", threads);
    ASSERT_NE(dram, nullptr) << threads;
    EXPECT_DOUBLE_EQ(dram->bytes_per_s.median, 20e9);
    EXPECT_DOUBLE_EQ(dram->working_set_min, *cpu.dram_onset());
    EXPECT_FALSE(cpu.facts.contains("dram_from_source"));
  }
}

}  // namespace
