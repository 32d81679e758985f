// Device facts to theoretical peaks, the pieces of the probes that need no GPU (geometry search,
// sweep sizes, FMA-chain work and values), and the backend reporting itself unavailable cleanly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/nested_saxpy_cases.hpp"
#include "kernels/gpu_dram.hpp"
#include "kernels/nested_saxpy.hpp"
#include "probes/cuda/backend.hpp"
#include "probes/cuda/bandwidth.hpp"
#include "probes/cuda/device.hpp"
#include "probes/cuda/fma_chains.hpp"
#include "probes/cuda/peak_flops.hpp"
#include "probes/nvidia/nvml.hpp"
#include "roofline/input_error.hpp"

using namespace probes::cuda;
using namespace probes::nvidia;
using roofline::Precision;

namespace {

// The facts describe_cuda_devices() records for an H100 SXM.
roofline::Device h100() {
  roofline::Device d;
  d.id = "cuda:0";
  d.backend = "cuda";
  d.compute_units = 132;
  d.clock_hz = 1.98e9;
  d.caches = {{.level = "L2", .size_bytes = 50e6, .instances = 1, .cpus_per_instance = 132}};
  d.facts = {{"ordinal", 0},
             {"compute_capability", "9.0"},
             {"max_threads_per_sm", 2048},
             {"memory_clock_hz", 2619e6},
             {"memory_bus_width_bits", 5120}};
  return d;
}

double compute_peak(const roofline::Device& d, Precision p) {
  for (const auto& t : d.theoretical_compute)
    if (t.precision == p) return t.flops_per_s;
  return 0;
}

double memory_peak(const roofline::Device& d, const std::string& level) {
  for (const auto& t : d.theoretical_memory)
    if (t.level == level) return t.bytes_per_s;
  return 0;
}

}  // namespace

TEST(CudaTheoretical, H100PeaksFromItsFacts) {
  roofline::Device d = h100();
  set_theoretical_peaks(d);
  EXPECT_EQ(d.facts["architecture"], "Hopper (GH100)");
  EXPECT_NEAR(compute_peak(d, Precision::fp32), 66.9e12, 0.01e12);
  EXPECT_NEAR(compute_peak(d, Precision::fp64), 33.45e12, 0.01e12);
  EXPECT_NEAR(compute_peak(d, Precision::bf16), 133.8e12, 0.1e12);
  EXPECT_NEAR(memory_peak(d, "DRAM"), 3.352e12, 0.001e12);
  EXPECT_NEAR(memory_peak(d, "shared"), 132 * 1.98e9 * 128, 1e9);
  for (const auto& t : d.theoretical_compute) {
    EXPECT_EQ(t.threads, 132);
    EXPECT_NE(t.basis.find("132 SMs x 1.980 GHz"), std::string::npos) << t.basis;
  }
}

TEST(CudaTheoretical, UnknownArchitectureKeepsOnlyTheDramPeak) {
  roofline::Device d = h100();
  d.facts["compute_capability"] = "12.7";
  set_theoretical_peaks(d);
  EXPECT_TRUE(d.theoretical_compute.empty());
  ASSERT_EQ(d.theoretical_memory.size(), 1u);
  EXPECT_NE(d.facts["architecture"].get<std::string>().find("12.7"), std::string::npos);
}

TEST(CudaBackend, AvailabilityIsDecidedByTheRuntimeWithAReason) {
  const CudaBackend backend;
  const auto a = backend.availability();
  if (a.available) {
    const auto devices = backend.devices();
    ASSERT_FALSE(devices.empty());
    EXPECT_GT(devices[0].compute_units, 0);
    EXPECT_GT(devices[0].caches.at(0).size_bytes, 0);
    EXPECT_FALSE(devices[0].theoretical_memory.empty());
  } else {
    // No driver (cudaErrorInsufficientDriver) or no device (cudaErrorNoDevice).
    EXPECT_NE(a.reason.find("cudaGetDeviceCount"), std::string::npos) << a.reason;
    EXPECT_NE(a.reason.find("cudaError"), std::string::npos) << a.reason;
    EXPECT_THROW(backend.devices(), kernels::cuda::CudaError);
  }
}

TEST(CudaCases, UnknownFamiliesAndVariantsAreRefusedBeforeTheDeviceIsTouched) {
  const roofline::Device d = h100();
  roofline::RunOptions options;
  options.families = {"no_such_family"};
  EXPECT_THROW(kernels::cuda::make_cases(d, options), roofline::InputError);
  options.families = {"stream"};
  options.variants = {"fast"};
  EXPECT_THROW(kernels::cuda::make_cases(d, options), roofline::InputError);
}

TEST(CudaCases, RunGeometryCoversTheArrayWhenStoringAndFillsTheSmsWhenSumming) {
  const auto g = kernels::cuda::run_geometry(h100(), kernels::StreamOp::triad, 1 << 30);
  EXPECT_EQ(g.items, 1);
  EXPECT_EQ(g.blocks(), 132 * 1986);  // 2^26 vectors of 16 B in blocks of 256, rounded up per SM
  EXPECT_GE(double(g.blocks()) * g.threads * g.vector_bytes, 1 << 30);
  EXPECT_EQ(kernels::cuda::run_geometry(h100(), kernels::StreamOp::write, 16).blocks_per_sm, 1);
  for (auto op : {kernels::StreamOp::read, kernels::StreamOp::dot}) {
    const auto sum = kernels::cuda::run_geometry(h100(), op, 1 << 30);
    EXPECT_EQ(sum.items, 4);
    EXPECT_EQ(sum.threads * sum.blocks_per_sm, 2048);
  }
}

TEST(CudaCases, NestedSaxpyCoversTheArraysBelowTwiceTheRidgeAndRunsInOneWaveAbove) {
  roofline::Device d = h100();
  set_theoretical_peaks(d);  // fp32 ridge 66.9 / 3.35 = 20 FLOP/B: m = 240 (AI = m/6)
  const std::size_t n = std::size_t{1} << 27;
  const auto blocks = [&](Precision p, int m) {
    return kernels::cuda::nested_saxpy_geometry(d, p, m, n).blocks_per_sm;
  };
  const int covering = 249;  // 2^27 floats in 16-byte vectors, 4 per thread, 256 per block
  EXPECT_EQ(blocks(Precision::fp32, 1), covering);
  EXPECT_EQ(blocks(Precision::fp32, 128), covering);  // AI 21.3 < 40
  EXPECT_EQ(blocks(Precision::fp64, 1), 497);
  EXPECT_EQ(blocks(Precision::fp64, 128), 497);  // AI 10.7 < 2 × 10
  EXPECT_EQ(blocks(Precision::fp32, 256), 4);    // AI 42.7 ≥ 40: 1024 threads per SM
  EXPECT_EQ(blocks(Precision::fp64, 1024), 4);
  EXPECT_EQ(blocks(Precision::fp16, 128), 63);  // AI 42.7 < 2 × 40 (2-byte elements, 8 a thread)
  EXPECT_EQ(blocks(Precision::fp16, 256), 4);
  EXPECT_EQ(kernels::cuda::nested_saxpy_geometry(d, Precision::fp32, 1, n).items, 4);
  EXPECT_EQ(kernels::cuda::nested_saxpy_geometry(d, Precision::bf16, 64, n).items, 4);
  EXPECT_EQ(kernels::cuda::nested_saxpy_geometry(d, Precision::bf16, 128, n).items, 8);
  // The wave offered on its own (one_wave_v16) is the rule's launch above twice the ridge.
  const kernels::cuda::Geometry wave =
                                    kernels::cuda::nested_saxpy_one_wave(d, Precision::fp32, 1024),
                                rule = kernels::cuda::nested_saxpy_geometry(d, Precision::fp32,
                                                                            1024, n);
  EXPECT_EQ(kernels::cuda::describe(wave), kernels::cuda::describe(rule));
  EXPECT_EQ(wave.blocks(), d.compute_units * 4);
  d.theoretical_compute.clear();  // no peak known: the memory-bound launch throughout
  EXPECT_EQ(blocks(Precision::fp32, 1024), covering);
}

TEST(CudaCases, L2PrefetchedTilesTakeThrustsShapeBelowTheRidgeAndVectorsFromIt) {
  roofline::Device d = h100();
  set_theoretical_peaks(d);  // ridges: fp32 m = 120 (AI m/6), fp64 m = 120 (AI m/12, half peak)
  const auto tile = [&](Precision p, int m) {
    return kernels::cuda::nested_saxpy_l2_tile(d, p, m);
  };
  const auto shape = [](const kernels::cuda::NestedSaxpyBulkTile& t) {
    return std::to_string(t.threads) + "x" + std::to_string(t.items) + "x" +
           std::to_string(t.vector_bytes);
  };
  EXPECT_EQ(shape(tile(Precision::fp32, 1)), "256x3x4");  // 12 bytes per thread and array
  EXPECT_EQ(shape(tile(Precision::fp32, 64)), "256x3x4");
  EXPECT_EQ(shape(tile(Precision::fp16, 1)), "256x3x4");  // pairs of 16-bit elements
  EXPECT_EQ(shape(tile(Precision::fp64, 64)), "256x1x8");
  EXPECT_EQ(shape(tile(Precision::fp32, 128)), "128x2x16");  // AI 21.3 ≥ 20
  EXPECT_EQ(shape(tile(Precision::fp64, 1024)), "128x2x16");
  for (int m : kernels::kNestedSaxpyDepths)
    EXPECT_EQ(tile(Precision::fp32, m).feed, kernels::cuda::NestedSaxpyFeed::l2_prefetch);
  EXPECT_NO_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20,
                                                             tile(Precision::fp32, 1)));
  d.theoretical_compute.clear();  // no peak known: Thrust's shape throughout
  EXPECT_EQ(shape(tile(Precision::fp32, 1024)), "256x3x4");
}

TEST(CudaCases, ThrustIsRefusedPastItsThirtyTwoBitOffsetsByTheLength) {
  // Built with 32-bit offsets only: a longer array is refused by name before anything runs.
  const std::size_t past = std::size_t{1} << 31;
  try {
    kernels::cuda::make_thrust_nested_saxpy_case(h100(), 1, Precision::fp32, past);
    FAIL() << "Thrust was given 2^31 elements";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(std::to_string(past) + " elements"), std::string::npos)
        << e.what();
  }
}

TEST(CudaCases, BulkCopyTilesAreOfferedFromHopperOnAndRefusedBeforeWithTheReason) {
  roofline::Device d = h100();
  EXPECT_TRUE(kernels::cuda::has_bulk_copy(d));
  EXPECT_NO_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20));
  EXPECT_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 3, Precision::fp32, 1 << 20),
               roofline::InputError);
  for (int items : {0, kernels::cuda::kNestedSaxpyItems + 1})
    EXPECT_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20,
                                                            {.items = items}),
                 roofline::InputError);
  // One lane: 4 bytes in fp32, 8 in fp64, up to the 64 bytes of 4 vectors per thread.
  EXPECT_NO_THROW(kernels::cuda::make_bulk_nested_saxpy_case(
      d, 1, Precision::fp32, 1 << 20, {.items = 16, .vector_bytes = 4, .streaming_stores = true}));
  EXPECT_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20,
                                                          {.items = 17, .vector_bytes = 4}),
               roofline::InputError);
  EXPECT_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp64, 1 << 20,
                                                          {.items = 1, .vector_bytes = 4}),
               roofline::InputError);
  EXPECT_THROW(  // two tiles of 64 KiB
      kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20,
                                                 {.threads = 1024, .items = 4}),
      roofline::InputError);
  // Stages of x's and y's tiles: 4 of 256 × 1 16-byte vectors fill 32 KiB; 3 of 256 × 2 would
  // take 48 KiB and fit, 4 of them not.
  EXPECT_NO_THROW(
      kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20, {.stages = 4}));
  EXPECT_NO_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20,
                                                             {.items = 2, .stages = 3}));
  for (const kernels::cuda::NestedSaxpyBulkTile& tile :
       {kernels::cuda::NestedSaxpyBulkTile{.stages = 0},
        kernels::cuda::NestedSaxpyBulkTile{.stages = kernels::cuda::kNestedSaxpyMostStages + 1},
        kernels::cuda::NestedSaxpyBulkTile{.items = 2, .stages = 4}})
    EXPECT_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20, tile),
                 roofline::InputError)
        << tile.stages;
  // L2 prefetches are compiled for two shapes only, in one stage.
  constexpr auto kL2 = kernels::cuda::NestedSaxpyFeed::l2_prefetch;
  EXPECT_NO_THROW(kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20,
                                                             kernels::cuda::kNestedSaxpyL2Vectors));
  EXPECT_THROW(kernels::cuda::make_bulk_nested_saxpy_case(
                   d, 1, Precision::fp32, 1 << 20, {.threads = 256, .items = 2, .feed = kL2}),
               roofline::InputError);
  EXPECT_THROW(kernels::cuda::make_bulk_nested_saxpy_case(
                   d, 1, Precision::fp64, 1 << 20, {.items = 3, .vector_bytes = 8, .feed = kL2}),
               roofline::InputError);
  try {
    kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20,
                                               {.stages = 2, .feed = kL2});
    FAIL() << "L2 prefetches were given stages";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(
        std::string(e.what()).find("l2_prefetch_tiles: 256 threads of 1 accesses in 2 stages, "
                                   "not the compiled shape of 16-byte accesses: 128 threads "
                                   "of 2 in 1 stage"),
        std::string::npos)
        << e.what();
  }
  d.facts["compute_capability"] = "8.0";
  EXPECT_FALSE(kernels::cuda::has_bulk_copy(d));
  try {
    kernels::cuda::make_bulk_nested_saxpy_case(d, 1, Precision::fp32, 1 << 20);
    FAIL() << "an A100 was given bulk copies";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("compute capability 9.0 or later, the device has 8.0"),
              std::string::npos)
        << e.what();
  }
}

namespace {
// The search's covering grid: more blocks per SM than ever fit at once.
bool covers(const kernels::cuda::Geometry& g) { return g.blocks_per_sm > 1000; }
}  // namespace

TEST(GeometrySearch, KeepsTheBestOfEachStep) {
  // A made-up response: wide vectors, 512 threads and twice full occupancy are best.
  const auto rate = [](const kernels::cuda::Geometry& g) {
    return g.vector_bytes * 1.0 + (g.threads == 512 ? 10 : 0) +
           (g.threads * g.blocks_per_sm == 4096 ? 100 : 0);
  };
  const GeometrySearch s = search_geometry(132, 2048, rate);
  EXPECT_EQ(s.best.vector_bytes, 16);
  EXPECT_EQ(s.best.threads, 512);
  EXPECT_EQ(s.best.blocks_per_sm, 8);
  EXPECT_EQ(s.best.sms, 132);
  EXPECT_EQ(s.best.items, 4);  // one item per thread ties, and a tie keeps the first
  // (16 B, 256 threads, full) is tried once; then the covering grid with one item at 4 block
  // sizes (the best width is 16 B), with the best's items, and the best with one item per thread.
  EXPECT_EQ(s.tried, 3 + 3 + 6 + 4 + 1 + 1);
  EXPECT_DOUBLE_EQ(s.best_bytes_per_s, 126);
  EXPECT_LE(s.tried, kMostSearchedGeometries);
}

TEST(GeometrySearch, TriesTheCoveringGridAtEveryBlockSize) {
  // 512 threads win in a resident grid, 256 threads in the covering grid with one item each.
  const auto rate = [](const kernels::cuda::Geometry& g) {
    if (covers(g) && g.items == 1) return g.threads == 256 ? 50.0 : 5.0;
    return g.threads == 512 ? 10.0 : 1.0;
  };
  const GeometrySearch s = search_geometry(132, 2048, rate);
  EXPECT_EQ(s.best.threads, 256);
  EXPECT_EQ(s.best.items, 1);
  EXPECT_TRUE(covers(s.best));
  EXPECT_DOUBLE_EQ(s.best_bytes_per_s, 50);
}

TEST(GeometrySearch, TriesTheCoveringGridIn16BWhenTheResidentGridPrefersNarrower) {
  // 8 B wins in the resident grid, 16 B at 1024 threads in the covering grid.
  const auto rate = [](const kernels::cuda::Geometry& g) {
    if (covers(g) && g.items == 1) return g.vector_bytes == 16 && g.threads == 1024 ? 50.0 : 20.0;
    return g.vector_bytes == 8 ? 10.0 : 1.0;
  };
  const GeometrySearch s = search_geometry(132, 2048, rate);
  EXPECT_EQ(s.best.vector_bytes, 16);
  EXPECT_EQ(s.best.threads, 1024);
  EXPECT_EQ(s.best.items, 1);
  EXPECT_DOUBLE_EQ(s.best_bytes_per_s, 50);
  // The covering grid in 8 B and in 16 B; the best already has one item per thread.
  EXPECT_EQ(s.tried, 3 + 3 + 6 + 4 + 4 + 1);
}

TEST(GeometrySearch, NeverTriesMoreThanThePlannedMost) {
  // Every geometry a new best, so each step starts from the last one tried.
  int calls = 0;
  const GeometrySearch s =
      search_geometry(132, 2048, [&calls](const kernels::cuda::Geometry&) { return ++calls; });
  EXPECT_EQ(s.tried, calls);
  EXPECT_LE(s.tried, kMostSearchedGeometries);
}

TEST(GeometrySearch, FailedGeometriesNeverWin) {
  const GeometrySearch s =
      search_geometry(4, 1536, [](const kernels::cuda::Geometry&) { return 0.0; });
  EXPECT_EQ(s.best_bytes_per_s, 0);
  EXPECT_EQ(s.best.blocks_per_sm, 6);  // the default: full occupancy at 256 threads
}

TEST(BandwidthSweep, SpansAFewKibToTwiceTheSmallestDramWorkingSet) {
  const double l2 = 50e6, gib = 1 << 30, plenty = 80 * gib;
  const auto sizes = sweep_working_sets(l2, true, 0, plenty);
  ASSERT_GT(sizes.size(), 30u);
  EXPECT_EQ(sizes.front(), 4096);
  EXPECT_EQ(kernels::gpu_dram_smallest(l2), 2 * gib);  // 8x the L2 is less than 2 GiB
  EXPECT_EQ(sizes.back(), 4 * gib);
  EXPECT_TRUE(std::is_sorted(sizes.begin(), sizes.end()));
  for (double at : {4 * l2, 16 * l2, 2 * gib})
    EXPECT_TRUE(std::find(sizes.begin(), sizes.end(), at) != sizes.end()) << at;
  EXPECT_EQ(kernels::gpu_dram_smallest(400e6), 8 * 400e6);
  EXPECT_EQ(sweep_working_sets(400e6, true, 0, plenty).back(), 2 * 8 * 400e6);
  EXPECT_GT(sweep_working_sets(l2, false, 0, plenty).size(), sizes.size());
  const auto capped = sweep_working_sets(l2, true, 1e6, plenty);
  EXPECT_LE(capped.back(), 1e6);
  EXPECT_GT(capped.back(), 0.7e6);
  EXPECT_LE(sweep_working_sets(l2, true, 0, 1 * gib).back(), 0.5 * gib);  // a small device
}

TEST(BandwidthSweep, LaunchesRepeatTheL2OrAResidentGridToMove8GiB) {
  const SweepDevice h100{.l2_bytes = 50e6, .max_threads_per_sm = 2048};
  const kernels::cuda::Geometry resident{.sms = 132, .blocks_per_sm = 8, .threads = 256};
  const kernels::cuda::Geometry waves{.sms = 132, .blocks_per_sm = 64, .threads = 256};
  for (auto op : kBandwidthOps)
    for (double ws : {4096.0, 1e6, 40e6, 400e6, 800e6}) {
      std::size_t n = 0;
      const auto config = bandwidth_config(op, resident, ws, h100, n);
      const roofline::Work w = kernels::cuda::stream_config_work(config, Precision::fp32, n);
      const double least = std::min(8.0 * (1 << 30), 0.9 * ws * (1 << 16));  // 2^16 passes
      EXPECT_GE(w.bytes, least) << kernels::to_string(op) << " " << ws;
      EXPECT_NEAR(w.working_set, ws, 4.0 * kernels::stream_arrays(op));
      EXPECT_EQ(config.launches, 1);
      // Waves repeat a working set inside a launch only when it fits in the L2; beyond, the
      // launch is repeated.
      const auto in_waves = bandwidth_config(op, waves, ws, h100, n);
      EXPECT_GE(kernels::cuda::stream_config_work(in_waves, Precision::fp32, n).bytes, least);
      if (ws <= h100.l2_bytes) {
        EXPECT_EQ(in_waves.passes, config.passes) << kernels::to_string(op) << " " << ws;
        EXPECT_EQ(in_waves.launches, 1);
      } else {
        EXPECT_EQ(in_waves.passes, 1) << kernels::to_string(op) << " " << ws;
        EXPECT_EQ(in_waves.launches, config.passes);
      }
    }
  // A small working set gets only the blocks one pass has work for; a large one keeps them all.
  std::size_t n = 0;
  EXPECT_EQ(bandwidth_config(kernels::StreamOp::read, waves, 4096, h100, n).geometry.blocks_per_sm,
            1);
  EXPECT_EQ(bandwidth_config(kernels::StreamOp::read, waves, 800e6, h100, n).geometry.blocks_per_sm,
            64);
}

TEST(BandwidthSweep, TheSlicedReadMakesEveryPassInOneLaunch) {
  const SweepDevice h100{.l2_bytes = 50e6, .max_threads_per_sm = 2048};
  const kernels::cuda::Geometry g = slices_geometry(132);
  EXPECT_GT(g.slice_rows, 0);
  for (double ws : {4096.0, 12.5e6, 50e6}) {
    std::size_t n = 0;
    const auto config = bandwidth_config(kernels::StreamOp::read, g, ws, h100, n);
    EXPECT_EQ(config.launches, 1);
    EXPECT_GE(kernels::cuda::stream_config_work(config, Precision::fp32, n).bytes,
              std::min(8.0 * (1 << 30), 0.9 * ws * (1 << 16)));
    EXPECT_EQ(config.geometry.slice_rows, g.slice_rows);
  }
  EXPECT_EQ(kernels::cuda::describe(g), "16 B vectors x 4, slices of 64 rows of 256 threads");
}

TEST(BandwidthSweep, CeilingsSkipTheTransitionAboveTheL2) {
  const double l2 = 50e6;
  std::vector<roofline::SweepPoint> sweep;
  const double gib = 2.0 * (1 << 30);  // more than 8x the L2: the DRAM side starts here
  for (double ws : {1e6, 25e6, 50e6, 100e6, 200e6, 400e6, gib - 1, gib, 2 * gib})
    sweep.push_back({.kernel = "copy",
                     .threads = 132,
                     .store = "temporal",
                     .working_set = ws,
                     .bytes_per_s = {1e12}});
  std::vector<double> kept;
  for (const auto& p : ceiling_points(sweep, l2)) kept.push_back(p.working_set);
  EXPECT_EQ(kept, (std::vector<double>{1e6, 25e6, 50e6, gib, 2 * gib}));
  sweep.resize(6);  // stops at 8x the L2, short of 2 GiB: nothing to leave out
  EXPECT_EQ(ceiling_points(sweep, l2).size(), 6u);
}

TEST(PeakFlops, WorkCountsEveryLaneOfEveryChain) {
  const PeakFlopsConfig c{
      .precision = Precision::fp16, .sms = 2, .blocks_per_sm = 3, .threads = 64, .iterations = 128};
  const roofline::Work w = peak_flops_work(c);
  EXPECT_DOUBLE_EQ(w.flops, 2.0 * 3 * 64 * 128 * kFmaChains * 2 * 2);
  EXPECT_EQ(w.bytes, 0);
  EXPECT_THROW(make_peak_flops_case(roofline::Device{}, {.precision = Precision::fp32,
                                                         .sms = 1,
                                                         .blocks_per_sm = 1,
                                                         .threads = 32,
                                                         .iterations = 100}),
               roofline::InputError);  // not a multiple of the unroll
}

TEST(PeakFlops, OffsetIsExactWithAnEvenLastBit) {
  for (auto [p, digits] : {std::pair{Precision::fp64, 53},
                           {Precision::fp32, 24},
                           {Precision::fp16, 11},
                           {Precision::bf16, 8}}) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      const double b = even_mantissa_offset(p, seed);
      EXPECT_GT(b, 1);
      EXPECT_LT(b, 1.5);
      const double units = std::ldexp(b, digits - 1);  // b in units of its last place
      EXPECT_EQ(units, std::floor(units));
      EXPECT_EQ(std::fmod(units, 2), 0) << to_string(p);
      // Exact in the precision: the chain bytes hold it unchanged.
      EXPECT_EQ(lane_values(p, chain_bytes(p, std::vector<double>(fma_lanes(p), b))).at(0), b);
    }
  }
}

TEST(Nvml, WithoutNvmlOrTheDeviceTheClockIsReportedAsNotReadWithTheReason) {
  // No driver here (no libnvidia-ml.so.1), or on a GPU machine a bus id no device has.
  NvmlDevice clock("0000:ff:1f.7");
  ASSERT_FALSE(clock.available());
  EXPECT_TRUE(clock.reason().starts_with("NVML not loaded") ||
              clock.reason().find("nvmlDeviceGetHandleByPciBusId_v2 failed") != std::string::npos)
      << clock.reason();
  int runs = 0;
  const ClockReading reading = clock_during(clock, [&] { ++runs; });
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(reading.hz, 0);
  EXPECT_EQ(reading.text, "SM clock not read: " + clock.reason());
  EXPECT_FALSE(clock.pcie_link().has_value());  // nor the link
}

TEST(PcieRate, PerDirectionAfterTheLineEncoding) {
  EXPECT_DOUBLE_EQ(*pcie_bytes_per_s(5, 16), 32e9 * 16 * 128 / 130 / 8);  // 63.0 GB/s
  EXPECT_DOUBLE_EQ(*pcie_bytes_per_s(4, 16), 16e9 * 16 * 128 / 130 / 8);
  EXPECT_DOUBLE_EQ(*pcie_bytes_per_s(3, 8), 8e9 * 8 * 128 / 130 / 8);
  EXPECT_DOUBLE_EQ(*pcie_bytes_per_s(1, 1), 2.5e9 * 8 / 10 / 8);  // 8b/10b
  // A generation without a known rate is unavailable, not guessed.
  EXPECT_FALSE(pcie_bytes_per_s(6, 16).has_value());
  EXPECT_FALSE(pcie_bytes_per_s(0, 16).has_value());
}
