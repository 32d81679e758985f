// Every CUDA kernel and probe case on a real GPU: verified against its reference, timed by device
// events, failures reported with the CUDA call, sizes beyond free memory refused before
// allocating. Skipped, with a message, on a machine without a GPU.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/event_timer.hpp"
#include "kernels/cuda/fill.hpp"
#include "kernels/cuda/nested_saxpy_cases.hpp"
#include "kernels/cuda/nested_saxpy_offload_cases.hpp"
#include "kernels/cuda/stream.hpp"
#include "kernels/cuda/stream_cases.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/nested_saxpy_offload.hpp"
#include "kernels/stream.hpp"
#include "kernels/suite.hpp"
#include "probes/cuda/backend.hpp"
#include "probes/cuda/bandwidth.hpp"
#include "probes/cuda/device.hpp"
#include "probes/cuda/l2_shared.hpp"
#include "probes/cuda/peak_flops.hpp"
#include "probes/cuda/shared_memory.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

using roofline::Precision;

namespace {

class Gpu : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = probes::cuda::cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    device_ = probes::cuda::describe_cuda_devices().at(0);
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
  }

  // Verifies the case, then runs it once more and checks it reported a device time.
  static void expect_verified(roofline::Case& c) {
    c.prepare();
    const roofline::Verification v = c.verify();
    EXPECT_TRUE(v.passed) << c.info().family << " " << c.info().variant << " "
                          << c.info().params.dump() << ": " << v.message;
    c.run();
    ASSERT_TRUE(c.device_timed());
    ASSERT_TRUE(c.last_device_seconds().has_value());
    EXPECT_GT(*c.last_device_seconds(), 0);
    c.release();
  }

  roofline::Device device_;
};

// Not a multiple of any vector width: the scalar tails run too.
constexpr std::size_t kN = (1 << 20) + 3;

}  // namespace

// The size studies' rows (stream, plain SAXPY: the own kernels, Thrust and cuBLAS) at every length
// of a full sweep from 1 K elements to a "DRAM" of 16 MiB: launch-bound grids of one block too.
TEST_F(Gpu, SizeStudyRowsVerifyAtEveryLengthOfTheirSweep) {
  const kernels::MemoryFacts facts{.dram_bytes = 16 << 20, .study_bytes = 16 << 20};
  const kernels::Sizing sizing(facts, std::nullopt, false);
  std::size_t verified = 0;
  for (const kernels::Variant& v : kernels::cuda::variants(device_)) {
    if (v.family != &kernels::kStream && v.family != &kernels::kNestedSaxpySize) continue;
    kernels::Cases cases;
    v.add_cases(cases, sizing);
    for (const auto& c : cases) expect_verified(*c);
    verified += cases.size();
  }
  // stream: 8 ops and cuBLAS dot, nested_saxpy_size: 3 rows; 2 precisions, ≥ 10 lengths each
  EXPECT_GE(verified, (8u + 1u + 3u) * 2u * 10u);
}

TEST_F(Gpu, EveryStreamOpVerifiesAtEveryVectorWidth) {
  for (Precision p : {Precision::fp32, Precision::fp64})
    for (int width : {4, 8, 16})
      for (int items : kernels::cuda::kStreamItems) {
        if (width < roofline::size_of(p)) continue;
        const kernels::cuda::Geometry g{.sms = device_.compute_units,
                                        .blocks_per_sm = 2,
                                        .threads = 128,
                                        .vector_bytes = width,
                                        .items = items};
        for (kernels::StreamOp op : kernels::kStreamOps) {
          auto c = kernels::cuda::make_stream_case(device_, "stream", "test",
                                                   {.op = op, .geometry = g, .passes = 3}, p, kN);
          expect_verified(*c);
        }
      }
}

// The read's slices launch: whole rows and slices, a slice short of rows, tails past the last row
// and past the last vector, and arrays shorter than one row (slice 0 reads them all).
TEST_F(Gpu, SlicedReadVerifiesWithEveryKindOfTail) {
  for (Precision p : {Precision::fp32, Precision::fp64})
    for (int width : {8, 16})
      for (int items : kernels::cuda::kStreamItems)
        for (std::size_t n : {kN, std::size_t{1} << 20, std::size_t{100}, std::size_t{1}}) {
          const kernels::cuda::Geometry g{.sms = device_.compute_units,
                                          .blocks_per_sm = 1,
                                          .threads = 128,
                                          .vector_bytes = width,
                                          .items = items,
                                          .slice_rows = 6};
          auto c = kernels::cuda::make_stream_case(
              device_, "stream", "test",
              {.op = kernels::StreamOp::read, .geometry = g, .passes = 3}, p, n);
          expect_verified(*c);
        }
  const kernels::cuda::Geometry sliced{.sms = 1, .slice_rows = 64};
  EXPECT_THROW(kernels::cuda::make_stream_case(device_, "stream", "test",
                                               {.op = kernels::StreamOp::copy, .geometry = sliced},
                                               Precision::fp32, kN),
               roofline::InputError);
}

constexpr Precision kNestedSaxpyPrecisions[] = {Precision::fp32, Precision::fp64, Precision::fp16,
                                                Precision::bf16};

TEST_F(Gpu, NestedSaxpyVerifiesAtEveryDepth) {
  // The run's launch, and a small grid in which every thread takes several steps, the last one
  // short; double-buffered in its resident grid and the small one, whose threads have a next step.
  using kernels::cuda::NestedSaxpyBuffering;
  for (Precision p : kNestedSaxpyPrecisions)
    for (int m : kernels::kNestedSaxpyDepths) {
      const kernels::cuda::Geometry small{
          .sms = device_.compute_units,
          .blocks_per_sm = 1,
          .items = kernels::cuda::nested_saxpy_items(roofline::size_of(p), m)};
      for (const auto& g : {kernels::cuda::nested_saxpy_geometry(device_, p, m, kN), small})
        expect_verified(*kernels::cuda::make_nested_saxpy_case(device_, m, g, p, kN));
      const auto resident = kernels::cuda::nested_saxpy_resident_geometry(
          device_, p, m, NestedSaxpyBuffering::double_buffered);
      EXPECT_GE(resident.blocks_per_sm, 1);
      for (const auto& g : {resident, small})
        for (std::size_t n : {kN, kN - 1})
          expect_verified(*kernels::cuda::make_nested_saxpy_case(
              device_, m, g, p, n, NestedSaxpyBuffering::double_buffered));
    }
}

TEST_F(Gpu, BulkCopyNestedSaxpyVerifiesAtEveryDepthAndEveryTileEdge) {
  if (!kernels::cuda::has_bulk_copy(device_)) GTEST_SKIP() << "no bulk copies before sm_90";
  // kN ends in a tile cut short inside its last vector; 4099 floats are one tile of 4 vectors
  // per thread (4096) and 3 elements past it, or 5 tiles of 3 lanes per thread and 259 elements
  // (256 copied, 3 from global memory); 1 is no whole vector.
  for (Precision p : kNestedSaxpyPrecisions) {
    const int lane = kernels::cuda::nested_saxpy_lane_bytes(p);
    const kernels::cuda::NestedSaxpyBulkTile tiles[] = {
        {.items = 1},
        {.items = kernels::cuda::kNestedSaxpyItems, .streaming_stores = true},
        {.items = 3, .vector_bytes = lane},
        {.threads = 128, .items = 64 / lane, .vector_bytes = lane, .streaming_stores = true},
        {.items = 1, .stages = 2},
        {.threads = 128,
         .items = 3,
         .vector_bytes = lane,
         .stages = kernels::cuda::kNestedSaxpyMostStages},
        kernels::cuda::nested_saxpy_l2_lanes(lane),
        kernels::cuda::kNestedSaxpyL2Vectors};
    for (int m : kernels::kNestedSaxpyDepths)
      for (std::size_t n : {kN, std::size_t{1}, std::size_t{4099}})
        for (const auto& tile : tiles)
          expect_verified(*kernels::cuda::make_bulk_nested_saxpy_case(device_, m, p, n, tile));
  }
}

// The nested SAXPY's timing tests by hand: 64M elements, the contenders timed together (repetitions
// interleaved, 15 samples of at least 1 ms).
constexpr std::size_t kTimedNestedSaxpyLength = std::size_t{1} << 26;
const roofline::MeasureOptions kTimedTogether{.repetitions = 15,
                                              .min_sample_seconds = 0.001,
                                              .warmup_seconds = 0.005,
                                              .together_bytes = 16.0 * (1 << 30)};

// Not a check: the probe's read in the L2 from a quarter of it up, its slices launch against a
// grid stride of 256 threads × 8 blocks/SM and 4 loads of 16 B (the probe searches the grid
// stride's launch, and its method gives both rates at the search's working set), timed together
// as the probe times them; the medians in TB/s, one line per working set. For Nsight Compute's
// shares of the sectors (run by hand: --gtest_also_run_disabled_tests
// --gtest_filter='*SlicedReadAgainst*').
TEST_F(Gpu, DISABLED_SlicedReadAgainstTheGridStride) {
  const probes::cuda::SweepDevice sweep{
      .l2_bytes = device_.caches.front().size_bytes,
      .max_threads_per_sm = device_.facts.at("max_threads_per_sm").get<int>()};
  const kernels::cuda::Geometry stride{
      .sms = device_.compute_units, .blocks_per_sm = 8, .threads = 256};
  for (double share : {0.25, 0.5, 0.75}) {
    const double ws = share * sweep.l2_bytes;
    std::vector<std::unique_ptr<roofline::Case>> cases;
    for (const auto& g : {probes::cuda::slices_geometry(device_.compute_units), stride}) {
      std::size_t n = 0;
      const auto config = probes::cuda::bandwidth_config(kernels::StreamOp::read, g, ws, sweep, n);
      cases.push_back(kernels::cuda::make_stream_case(device_, "bandwidth", "read", config,
                                                      Precision::fp32, n));
    }
    const auto results = roofline::measure_all(cases, kTimedTogether, "sliced read");
    double rate[2] = {};
    for (int k = 0; k < 2; ++k) {
      ASSERT_TRUE(results[k].ok()) << results[k].error << results[k].verification.message;
      rate[k] = results[k].work.bytes / results[k].time->median;
    }
    std::printf("read at %.2f MiB: slices %.3f TB/s, grid stride %.3f TB/s, slices/stride %.3f\n",
                ws / (1 << 20), rate[0] * 1e-12, rate[1] * 1e-12, rate[0] / rate[1]);
  }
}

// The tile kernel's tiles against the grid-stride launch and Thrust from the memory-bound depths
// through the ridge, the measurement kNestedSaxpyBulkTile and nested_saxpy_l2_tile come from (run
// by hand: --gtest_also_run_disabled_tests --gtest_filter='*BulkTiles*'). Shared-memory copies:
// blocks of 256 × 1 16-byte vector (plain and streaming stores), × 1 to 4 lanes and × 3 lanes
// streaming, 128 × 6 lanes, one tile per block, and resident grids of 2 to 4 stages. L2
// prefetches: their two shapes (nested_saxpy.hpp), plain and streaming stores. 64M elements, timed
// together (repetitions interleaved, 15 samples of at least 1 ms); one line per tile, precision
// and depth with its median in ms, then Thrust's and the grid-stride kernel's, and Thrust's over
// the best own.
TEST_F(Gpu, DISABLED_NestedSaxpyBulkTilesAgainstThrust) {
  if (!kernels::cuda::has_bulk_copy(device_)) GTEST_SKIP() << "no bulk copies before sm_90";
  const std::size_t n = kTimedNestedSaxpyLength;
  const roofline::MeasureOptions timing = kTimedTogether;
  for (Precision p : kNestedSaxpyPrecisions) {
    const int lane = kernels::cuda::nested_saxpy_lane_bytes(p);
    std::vector<kernels::cuda::NestedSaxpyBulkTile> tiles = {
        {.items = 1}, {.items = 1, .streaming_stores = true}};
    for (int items = 1; items <= 4; ++items)
      tiles.push_back({.items = items, .vector_bytes = lane});
    tiles.push_back({.items = 3, .vector_bytes = lane, .streaming_stores = true});
    tiles.push_back({.threads = 128, .items = 6, .vector_bytes = lane});
    for (int stages = 2; stages <= kernels::cuda::kNestedSaxpyMostStages; ++stages)
      tiles.push_back({.items = 1, .stages = stages});
    tiles.push_back({.items = 3, .vector_bytes = lane, .stages = 2});
    tiles.push_back({.threads = 128, .items = 6, .vector_bytes = lane, .stages = 2});
    // Fed by L2 prefetches: their two shapes, plain and streaming stores.
    for (auto l2 :
         {kernels::cuda::nested_saxpy_l2_lanes(lane), kernels::cuda::kNestedSaxpyL2Vectors})
      for (bool streaming : {false, true}) {
        l2.streaming_stores = streaming;
        tiles.push_back(l2);
      }
    for (int m : {1, 16, 64, 128, 256}) {
      std::vector<std::unique_ptr<roofline::Case>> cases;
      for (const auto& tile : tiles)
        cases.push_back(kernels::cuda::make_bulk_nested_saxpy_case(device_, m, p, n, tile));
      cases.push_back(kernels::cuda::make_nested_saxpy_case(
          device_, m, kernels::cuda::nested_saxpy_geometry(device_, p, m, n), p, n));
      cases.push_back(kernels::cuda::make_thrust_nested_saxpy_case(device_, m, p, n));
      const auto results = roofline::measure_all(cases, timing, "bulk tiles");
      std::vector<double> ms;
      for (const auto& r : results) {
        EXPECT_TRUE(r.ok()) << r.error << r.verification.message;
        ms.push_back(r.ok() ? r.time->median * 1e3 : 0.0);
      }
      const std::string prec(to_string(p));
      double best = 1e30;
      for (std::size_t k = 0; k < tiles.size(); ++k) {
        std::printf("tile %s m=%d %s %dx%dx%dB%s s%d %.4f\n", prec.c_str(), m,
                    tiles[k].feed == kernels::cuda::NestedSaxpyFeed::l2_prefetch ? "l2" : "shared",
                    tiles[k].threads, tiles[k].items, tiles[k].vector_bytes,
                    tiles[k].streaming_stores ? "cs" : "", tiles[k].stages, ms[k]);
        if (ms[k] > 0) best = std::min(best, ms[k]);
      }
      const double stride = ms[tiles.size()], thrust = ms.back();
      std::printf("bulk %s m=%d best tile %.4f grid stride %.4f thrust %.4f thrust/best %.3f\n",
                  prec.c_str(), m, best, stride, thrust, thrust / std::min(best, stride));
    }
  }
}

TEST_F(Gpu, ThrustNestedSaxpyVerifiesAtEveryDepth) {
  for (Precision p : kNestedSaxpyPrecisions)
    for (int m : kernels::kNestedSaxpyDepths)
      expect_verified(*kernels::cuda::make_thrust_nested_saxpy_case(device_, m, p, kN));
}

// The nested SAXPY's launch against Thrust, the measurement its geometry rule comes from (run by
// hand: --gtest_also_run_disabled_tests --gtest_filter='*Geometry*'). At 64M elements, every
// precision and depth: 128, 256 and 512 threads per block, each over the covering grid and over
// 1024, 1536 and 2048 threads per SM, the rule's launch, and Thrust, timed together (repetitions
// interleaved, 15 samples of at least 1 ms each); one line each ("geometry p m threads blocks/SM
// ms", Thrust as 0 threads), then per depth the best launch, the rule's and Thrust's medians.
TEST_F(Gpu, DISABLED_NestedSaxpyGeometryAgainstThrust) {
  const std::size_t n = kTimedNestedSaxpyLength;
  const roofline::MeasureOptions timing = kTimedTogether;
  for (Precision p : kNestedSaxpyPrecisions)
    for (int m : kernels::kNestedSaxpyDepths) {
      const kernels::cuda::Geometry rule = kernels::cuda::nested_saxpy_geometry(device_, p, m, n);
      std::vector<kernels::cuda::Geometry> tried = {rule};
      for (int threads : {128, 256, 512}) {
        kernels::cuda::Geometry g = rule;
        g.threads = threads;
        tried.push_back(kernels::cuda::covering(g, double(n) * roofline::size_of(p)));
        for (int per_sm : {1024, 1536, 2048}) {
          g.blocks_per_sm = per_sm / threads;
          tried.push_back(g);
        }
      }
      std::vector<std::unique_ptr<roofline::Case>> cases;
      for (const auto& g : tried)
        cases.push_back(kernels::cuda::make_nested_saxpy_case(device_, m, g, p, n));
      cases.push_back(kernels::cuda::make_thrust_nested_saxpy_case(device_, m, p, n));
      const auto results = roofline::measure_all(cases, timing, "geometry");
      std::vector<double> ms;
      for (const auto& r : results) {
        EXPECT_TRUE(r.ok()) << r.error << r.verification.message;
        ms.push_back(r.ok() ? r.time->median * 1e3 : 0.0);
      }
      std::size_t best = 0;
      for (std::size_t k = 0; k < tried.size(); ++k) {
        std::printf("geometry %s %d %d %d %.4f\n", std::string(to_string(p)).c_str(), m,
                    tried[k].threads, tried[k].blocks_per_sm, ms[k]);
        if (ms[k] < ms[best]) best = k;
      }
      const double thrust = ms.back();
      std::printf("geometry %s %d 0 0 %.4f\n", std::string(to_string(p)).c_str(), m, thrust);
      std::printf(
          "summary %s m=%d best %.4f ms (%s), rule %.4f ms (%s), thrust %.4f ms: "
          "thrust/rule %.3f, thrust/best %.3f\n",
          std::string(to_string(p)).c_str(), m, ms[best],
          kernels::cuda::describe(tried[best]).c_str(), ms[0],
          kernels::cuda::describe(rule).c_str(), thrust, thrust / ms[0], thrust / ms[best]);
    }
}

TEST_F(Gpu, OffloadedNestedSaxpyVerifiesEveryPartFromPinnedAndManagedMemory) {
  for (auto memory : kernels::cuda::kOffloadMemories)
    for (Precision p : {Precision::fp32, Precision::fp64})
      for (kernels::OffloadPart part : kernels::kOffloadParts) {
        const int m = 16;
        auto c = kernels::cuda::make_offload_case(
            device_, memory, part, m, kernels::cuda::nested_saxpy_geometry(device_, p, m, kN), p,
            kN);
        // The kernel alone under its working set's level on the device, the rest under the link.
        EXPECT_EQ(c->info().level == "host_link", part != kernels::OffloadPart::kernel);
        expect_verified(*c);
      }
}

TEST_F(Gpu, CublasBaselinesVerify) {
  for (Precision p : {Precision::fp32, Precision::fp64}) {
    expect_verified(*kernels::cuda::make_cublas_axpy_case(device_, p, kN));
    expect_verified(*kernels::cuda::make_cublas_dot_case(device_, p, kN));
  }
}

TEST_F(Gpu, FmaChainsConvergeExactlyInEveryPrecision) {
  for (const auto& t : device_.theoretical_compute) {
    if (roofline::is_tensor(t.precision)) continue;  // the tensor-core probe's (tensor_gpu_test)
    const probes::cuda::PeakFlopsConfig config{.precision = t.precision,
                                               .sms = device_.compute_units,
                                               .blocks_per_sm = 2,
                                               .threads = 128,
                                               .iterations = 1024};
    expect_verified(*probes::cuda::make_peak_flops_case(device_, config));
  }
}

TEST_F(Gpu, TheRoofCheckRepeatsTheProbesDramPointWithItsSearchedLaunch) {
  const probes::cuda::CudaBackend backend;
  EXPECT_TRUE(backend.roof_check_cases(device_).empty());  // no profile: nothing to repeat
  // A sweep cut short at 64 MiB, past the L2: its DRAM ceiling and point, and the launch found.
  const double ws = 64.0 * (1 << 20);
  const auto at = [](double v) { return roofline::summarize({v, v}); };
  const int sms = device_.compute_units;
  device_.memory = {{"DRAM", "read", sms, at(3e12), ws, ws, ""}};
  device_.sweep = {{"read", sms, "temporal", ws, {3e12}}};
  device_.facts["bandwidth_launches"]["read DRAM"] = {
      {"sms", sms}, {"blocks_per_sm", 8}, {"threads", 256}, {"vector_bytes", 16}, {"items", 4}};
  auto cases = backend.roof_check_cases(device_);
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0]->info().level, "DRAM");
  EXPECT_EQ(cases[0]->info().params.at("op"), "read");
  EXPECT_EQ(cases[0]->info().params.at("vector_bytes"), 16);
  EXPECT_NEAR(cases[0]->info().work.working_set, ws, 0.01 * ws);
  expect_verified(*cases[0]);
}

TEST_F(Gpu, SharedMemorySumsAreExact) {
  const probes::cuda::SharedMemoryConfig config{
      .sms = device_.compute_units, .blocks_per_sm = 4, .threads = 256, .passes = 64};
  expect_verified(*probes::cuda::make_shared_memory_case(device_, config));
}

TEST_F(Gpu, L2SharedReadSumsAreExactForEveryReaderCount) {
  // 1 and 3 readers too: a slice read by one block, and a last slice with fewer readers.
  for (int readers : {1, 2, 3, 4, 8, 16}) {
    const probes::L2SharedConfig config{
        .blocks = device_.compute_units * 8, .threads = 256, .readers = readers, .passes = 64};
    const auto c = probes::cuda::make_l2_shared_case(device_, config);
    EXPECT_EQ(c->info().level, probes::kL2SharedLevel);
    expect_verified(*c);
  }
}

TEST_F(Gpu, MeasuredCaseKeepsDeviceTimedSamples) {
  auto c = kernels::cuda::make_stream_case(
      device_, "stream", "test",
      {.op = kernels::StreamOp::triad,
       .geometry = kernels::cuda::run_geometry(device_, kernels::StreamOp::triad, 1 << 26),
       .launches = 2},
      Precision::fp32, 1 << 24);
  const roofline::Result r =
      roofline::measure(*c, {.repetitions = 3, .min_sample_seconds = 0.002, .warmup_seconds = 0});
  ASSERT_TRUE(r.ok()) << r.error << r.verification.message;
  EXPECT_EQ(r.samples.size(), 3u);
  EXPECT_EQ(r.work.bytes, 2 * 192.0 * (1 << 20));
  // 2 launches of 192 MiB each per call: faster than 100 GB/s on any GPU this runs on, and not
  // impossibly fast.
  for (double s : r.samples) {
    EXPECT_LT(s, 384.0 * (1 << 20) / 100e9);
    EXPECT_GT(s, 384.0 * (1 << 20) / 100e12);
  }
}

TEST_F(Gpu, ShortCallsAreTimedBackToBackAsTheDeviceRunsThem) {
  // A 4 KiB read, a few µs: timed alone, each call's events also hold its launch's latency;
  // back to back behind the gate (several groups and a partial one), the device's pace.
  const std::size_t n = 1024;
  kernels::cuda::DeviceBuffer<float> in(n), partials(device_.compute_units);
  kernels::cuda::fill_random(in.data(), n, 5);
  const kernels::cuda::Geometry g{.sms = device_.compute_units, .blocks_per_sm = 1, .threads = 128};
  const auto call = [&] {
    kernels::cuda::stream_launch<float>(kernels::StreamOp::read, g, 1, nullptr, in.data(), nullptr,
                                        n, 1.0f, partials.data());
  };
  kernels::cuda::EventTimer timer;
  std::vector<double> alone;
  for (int k = 0; k < 50; ++k) alone.push_back(timer.time(call));
  std::sort(alone.begin(), alone.end());
  const int calls = 3 * kernels::cuda::EventTimer::kGatedCalls + 5;
  int enqueued = 0;
  const double together = timer.time_calls(calls, [&] {
    ++enqueued;
    call();
  });
  EXPECT_EQ(enqueued, calls);
  EXPECT_GT(together, 0);
  EXPECT_LT(together / calls, alone[alone.size() / 2]) << "alone " << alone[alone.size() / 2];
  // A failing call opens the gate and propagates; the timer still times after it.
  EXPECT_THROW(timer.time_calls(10, [] { throw std::runtime_error("call failed"); }),
               std::runtime_error);
  EXPECT_GT(timer.time_calls(2, call), 0);
}

TEST_F(Gpu, SizesBeyondFreeMemoryAreRefusedBeforeAllocating) {
  roofline::RunOptions options;
  options.families = {"stream"};
  options.size = std::int64_t{1} << 40;  // 4 TiB of fp32 per array
  try {
    kernels::cuda::make_cases(device_, options);
    FAIL() << "a size of 2^40 elements was accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("free on the device"), std::string::npos) << e.what();
  }
}

TEST_F(Gpu, CudaErrorsNameTheCallAndTheError) {
  try {
    kernels::cuda::DeviceBuffer<char> huge(std::size_t{1} << 50);
    FAIL() << "a 1 PiB allocation succeeded";
  } catch (const kernels::cuda::CudaError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cudaMalloc"), std::string::npos) << what;
    EXPECT_NE(what.find("cudaErrorMemoryAllocation"), std::string::npos) << what;
  }
  // The failure is recorded as that case's error; the next case still runs.
  auto bad = kernels::cuda::make_stream_case(
      device_, "stream", "test",
      {.op = kernels::StreamOp::copy,
       .geometry = kernels::cuda::run_geometry(device_, kernels::StreamOp::copy, 1 << 26)},
      Precision::fp64, std::size_t{1} << 47);
  const auto failed = roofline::measure(*bad, {.repetitions = 3});
  EXPECT_NE(failed.error.find("cudaErrorMemoryAllocation"), std::string::npos) << failed.error;
  auto good = kernels::cuda::make_stream_case(
      device_, "stream", "test",
      {.op = kernels::StreamOp::copy,
       .geometry = kernels::cuda::run_geometry(device_, kernels::StreamOp::copy, 1 << 26)},
      Precision::fp64, kN);
  EXPECT_TRUE(roofline::measure(*good, {.repetitions = 3}).ok());
}
