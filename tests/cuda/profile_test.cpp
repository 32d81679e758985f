// rooflab profile's GPU-free half, on CUPTI output recorded by librooflab_inject.so on an H200
// (tests/profile/recorded): a PyTorch script (bf16 and fp32 matmuls, a convolution, softmax, layer
// norm, attention, an elementwise chain on two threads' streams) and a C++ program whose two
// threads each launch an axpy 20 times on their own stream. Reading, aggregation per kernel and
// shape, the work the counts give, placement, the limiting roof, the files and the report.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "probes/cuda/cupti_metrics.hpp"
#include "probes/cuda/program_profiler.hpp"
#include "reports/compare.hpp"
#include "reports/program_section.hpp"
#include "reports/view.hpp"
#include "roofline/input_error.hpp"
#include "roofline/json_io.hpp"
#include "roofline/program.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using roofline::Precision;

namespace {

const fs::path kRecorded = fs::path(ROOFLAB_SOURCE_DIR) / "tests/profile/recorded";
constexpr double kN = 1 << 24;  // the axpy's length
constexpr double kGemm = 2.0 * 4096 * 4096 * 4096;

roofline::Summary summary(double v) { return roofline::summarize({v, v, v}); }

// An H200 with its theoretical roofs as measured ones (dense tensor rates; SM clock 1.98 GHz).
roofline::Device h200() {
  roofline::Device d;
  d.id = "cuda:0";
  d.backend = "cuda";
  d.name = "NVIDIA H200";
  for (const auto& [p, rate] :
       {std::pair{Precision::fp32, 66.9e12}, std::pair{Precision::fp64, 33.5e12},
        std::pair{Precision::bf16_tensor, 989e12}, std::pair{Precision::tf32_tensor, 495e12}})
    d.compute.push_back({p, "fma", 132, summary(rate), 0, "test"});
  for (const auto& [level, bw] :
       {std::pair{"DRAM", 4.81e12}, std::pair{"L2", 12e12}, std::pair{"shared", 33.4e12}})
    d.memory.push_back({level, "read", 132, summary(bw), 0, 0, "test"});
  return d;
}

struct Profiled {
  roofline::ProgramRun program;
  std::vector<roofline::Result> results;
};

Profiled profile(const std::string& recording) {
  Profiled p;
  const auto rec = probes::cuda::read_cupti_recordings(kRecorded / recording);
  p.results =
      roofline::kernel_results(rec, probes::cuda::cupti_program_events(), {}, h200(), p.program);
  return p;
}

// The profile file `rooflab profile` would write of the recording, as run on the H200 at 08:22.
roofline::Results as_file(Profiled p) {
  roofline::Results file;
  file.machine.devices = {h200()};
  file.results = p.results;
  p.program.command = {"python3", "model.py"};
  p.program.seconds = 7.66;
  p.program.plain_seconds = 2.22;
  p.program.sample = 1;
  file.program = p.program;
  return file;
}

const roofline::Result& named(const Profiled& p, const std::string& part) {
  const auto it = std::find_if(p.results.begin(), p.results.end(), [&](const roofline::Result& r) {
    return r.params.at("kernel").get<std::string>().find(part) != std::string::npos;
  });
  if (it == p.results.end()) throw std::runtime_error("no kernel named like " + part);
  return *it;
}

}  // namespace

TEST(ProgramRecording, ReadsEveryLaunchDemangledWithItsCounts) {
  const auto rec = probes::cuda::read_cupti_recordings(kRecorded / "torch");
  EXPECT_EQ(rec.launches.size(), 60u);
  EXPECT_EQ(std::count_if(rec.launches.begin(), rec.launches.end(),
                          [](const roofline::KernelLaunch& l) { return l.counted; }),
            16);
  EXPECT_EQ(rec.source, "cupti range profiler GH100");
  for (const auto& l : rec.launches) {
    EXPECT_EQ(l.name.rfind("_Z", 0), std::string::npos) << "not demangled: " << l.name;
    EXPECT_EQ(l.counted, l.seconds == 0) << l.name;
    EXPECT_EQ(l.counted, !l.counts.empty()) << l.name;
  }
}

TEST(ProgramRecording, NamesAFileThatDoesNotParse) {
  test_support::TempDir dir("cupti");
  std::ofstream(dir.path() / "cupti.7.json") << "{\"schema\":\"rooflab.cupti/1\",\"launches\":[";
  try {
    probes::cuda::read_cupti_recordings(dir.path());
    FAIL() << "a torn file was read";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cupti.7.json"), std::string::npos) << e.what();
  }
  std::ofstream(dir.path() / "cupti.7.json") << "{\"schema\":\"rooflab.cupti/9\"}";
  EXPECT_THROW(probes::cuda::read_cupti_recordings(dir.path()), roofline::InputError);
}

TEST(ProgramRecording, RefusedCountersLeaveTheTimesAndSayWhy) {
  test_support::TempDir dir("cupti");
  std::ofstream(dir.path() / "cupti.9.json") << R"({"schema":"rooflab.cupti/1","pid":9,
    "metrics":["dram__bytes_read.sum"],"sample":1,"notes":[],"dropped_records":0,
    "contexts":[{"chip":"GH100","unavailable":{},
      "error":"cuptiProfilerGetCounterAvailability: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"}],
    "launches":[{"name":"_Z4axpyIfEvlT_PKS0_PS0_","correlation":3,"device":0,"stream":7,"graph":0,
      "grid":[1024,1,1],"block":[256,1,1],"registers":16,"shared_bytes":0,"start":1000,"end":61000}],
    "counted":[]})";
  const auto rec = probes::cuda::read_cupti_recordings(dir.path());
  ASSERT_EQ(rec.notes.size(), 1u);
  EXPECT_NE(rec.notes[0].find("no kernel counted on GH100"), std::string::npos) << rec.notes[0];
  EXPECT_NE(rec.notes[0].find("INSUFFICIENT_PRIVILEGES"), std::string::npos) << rec.notes[0];
  roofline::ProgramRun program;
  const auto results =
      roofline::kernel_results(rec, probes::cuda::cupti_program_events(), {}, h200(), program);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].variant, "axpy<float>");
  ASSERT_TRUE(results[0].time);
  EXPECT_DOUBLE_EQ(results[0].time->median, 60e-6);
  EXPECT_FALSE(results[0].placement);
}

TEST(ProgramRecording, AFolderWithoutRecordingsSaysWhy) {
  test_support::TempDir dir("cupti");
  const auto rec = probes::cuda::read_cupti_recordings(dir.path());
  EXPECT_TRUE(rec.launches.empty());
  ASSERT_EQ(rec.notes.size(), 1u);
  EXPECT_NE(rec.notes[0].find("CUDA_INJECTION64_PATH"), std::string::npos);
}

TEST(KernelNames, ShortNamesDropReturnTypeArgumentsAndLongTemplates) {
  EXPECT_EQ(roofline::short_kernel_name("void axpy<float>(long, float, float const*, float*)"),
            "axpy<float>");
  EXPECT_EQ(roofline::short_kernel_name(
                "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
                "std::array<char*, 1ul> >(int, at::native::FillFunctor<float>, std::array<char*, "
                "1ul>)"),
            "at::native::vectorized_elementwise_kernel<…>");
  EXPECT_EQ(roofline::short_kernel_name("void at::native::(anonymous namespace)::f<int>(int)"),
            "at::native::(anonymous namespace)::f<int>");
  EXPECT_EQ(roofline::short_kernel_name("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"),
            "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT");
}

TEST(KernelResults, ExactWorkOfTwoThreadsAxpys) {
  const Profiled p = profile("two_streams");
  ASSERT_EQ(p.results.size(), 2u);
  EXPECT_EQ(p.program.launches, 40);
  EXPECT_EQ(p.program.counted, 2);
  for (const auto& r : p.results) {
    const bool fp64 = r.variant.find("double") != std::string::npos;
    EXPECT_EQ(r.work.precision, fp64 ? Precision::fp64 : Precision::fp32) << r.variant;
    ASSERT_TRUE(r.measured) << r.variant;
    EXPECT_EQ(*r.measured->flops, 2 * kN) << r.variant;  // one FMA per element
    EXPECT_EQ(r.measured->bytes.at("L1"), (fp64 ? 24 : 12) * kN) << r.variant;
    // DRAM: x and y read, y written; the writes lag the kernel's end (a few % left in the L2).
    EXPECT_NEAR(r.measured->bytes.at("DRAM") / ((fp64 ? 24 : 12) * kN), 1, 0.05) << r.variant;
    EXPECT_EQ(r.launches->launches, 20);
    EXPECT_EQ(r.launches->counted, 1);
    EXPECT_EQ(r.samples.size(), 19u) << "the replayed launch is not a sample";
    EXPECT_EQ(r.params.at("grid"), nlohmann::json({1024, 1, 1}));
    ASSERT_TRUE(r.placement) << r.variant;
    EXPECT_EQ(r.placement->level, "DRAM");
    EXPECT_EQ(r.placement->bound, roofline::Bound::memory);
  }
  EXPECT_NEAR(p.results[0].launches->share + p.results[1].launches->share, 1, 1e-9);
}

TEST(KernelResults, GemmsCountTwoMnkAndTheirTensorPrecision) {
  const Profiled p = profile("torch");
  const auto& bf16 = named(p, "nvjet");
  EXPECT_EQ(bf16.work.precision, Precision::bf16_tensor);
  EXPECT_EQ(bf16.work.flops, kGemm);
  const auto& fp32 = named(p, "gemm_f32f32");
  EXPECT_EQ(fp32.work.precision, Precision::fp32);
  EXPECT_NEAR(fp32.work.flops / kGemm, 1, 0.001);  // the tiles' edge FMAs: +0.02%
  const auto& conv = named(p, "fprop_implicit_gemm_tf32");
  EXPECT_EQ(conv.work.precision, Precision::tf32_tensor);
  // 32 images of 128×128, 128 output and 64 input channels, 3×3: 2·N·H·W·K·C·R·S.
  EXPECT_NEAR(conv.work.flops / (2.0 * 32 * 128 * 128 * 128 * 64 * 9), 1, 0.01);
  for (const roofline::Result* r : {&bf16, &fp32, &conv}) {
    ASSERT_TRUE(r->placement) << r->variant;
    EXPECT_EQ(r->placement->bound, roofline::Bound::compute) << r->variant;
    const auto limit = roofline::limit_of(*r, h200().roofline());
    ASSERT_TRUE(limit) << r->variant;
    EXPECT_GE(limit->speedup, 1.0) << r->variant;
  }
  // The GEMMs are held by their compute roofs. The convolution reads shared memory at an
  // intensity (9.8 FLOP/B) that holds it below its tf32 roof: the limit is the lowest roof.
  EXPECT_EQ(roofline::limit_of(bf16, h200().roofline())->roof, "bf16_tensor");
  EXPECT_EQ(roofline::limit_of(fp32, h200().roofline())->roof, "fp32");
  const auto conv_limit = roofline::limit_of(conv, h200().roofline());
  EXPECT_EQ(conv_limit->roof, "shared");
  EXPECT_NEAR(conv_limit->attainable, 33.4e12 * conv.measured->ai.at("shared"), 1e6);
}

TEST(KernelResults, OneLaunchCountedIsTimedByItsDurationMetric) {
  const Profiled p = profile("torch");
  const auto& bf16 = named(p, "nvjet");
  EXPECT_EQ(bf16.launches->launches, 3);
  EXPECT_EQ(bf16.samples.size(), 2u);
  // The softmax ran three times with one shape, the fill kernel once: timed by the counters.
  for (const auto& r : p.results)
    if (r.launches->launches == 1 && r.launches->counted == 1) {
      ASSERT_EQ(r.samples.size(), 1u) << r.variant;
      EXPECT_NEAR(r.samples[0], r.counters.at("gpu__time_duration.sum").value.value() * 1e-9,
                  1e-15);
    }
}

TEST(KernelResults, SlowestFirstWithSharesOfTheKernelTime) {
  const Profiled p = profile("torch");
  double share = 0;
  for (std::size_t i = 0; i < p.results.size(); ++i) {
    share += p.results[i].launches->share;
    if (i > 0) {
      EXPECT_LE(p.results[i].launches->total_seconds, p.results[i - 1].launches->total_seconds);
    }
  }
  EXPECT_NEAR(share, 1, 1e-9);
  EXPECT_EQ(p.program.launches, 60);
  EXPECT_EQ(p.program.counted, 16);
}

TEST(KernelResults, UncountedKernelsAreTimedSayWhyAndStayUnplaced) {
  // As with --sample 0: every launch timed, none counted.
  auto rec = probes::cuda::read_cupti_recordings(kRecorded / "torch");
  std::erase_if(rec.launches, [](const roofline::KernelLaunch& l) { return l.counted; });
  roofline::ProgramRun program;
  const auto results =
      roofline::kernel_results(rec, probes::cuda::cupti_program_events(), {}, h200(), program);
  EXPECT_EQ(program.counted, 0);
  EXPECT_EQ(program.launches, 44);
  for (const auto& r : results) {
    EXPECT_TRUE(r.ok()) << r.variant;
    EXPECT_FALSE(r.placement) << r.variant;
    EXPECT_TRUE(r.counters.empty()) << r.variant;
    EXPECT_NE(r.launches->counting.find("not counted"), std::string::npos) << r.variant;
  }
}

TEST(KernelResults, HalfPrecisionSimtCountsAreShownNotAdded) {
  const Profiled p = profile("torch");
  const auto& softmax = named(p, "SoftMax");
  const auto& hfma = softmax.counters.at("sm__sass_thread_inst_executed_op_hfma_pred_on.sum");
  EXPECT_GT(hfma.value.value(), 0);
  EXPECT_EQ(softmax.work.precision, Precision::fp32);
  const double fp32 =
      softmax.counters.at("sm__sass_thread_inst_executed_op_fadd_pred_on.sum").value.value() +
      softmax.counters.at("sm__sass_thread_inst_executed_op_fmul_pred_on.sum").value.value() +
      2 * softmax.counters.at("sm__sass_thread_inst_executed_op_ffma_pred_on.sum").value.value();
  EXPECT_EQ(softmax.work.flops, fp32);
}

TEST(ProfileFile, RoundTripsThroughTheSchemaAndCompareJoinsByNameAndShape) {
  const Profiled p = profile("torch");
  const roofline::Results profile = as_file(p);
  const auto back = roofline::results_from_json(roofline::to_json(profile));
  ASSERT_TRUE(back.program);
  EXPECT_EQ(back.program->launches, 60);
  ASSERT_EQ(back.results.size(), p.results.size());
  EXPECT_EQ(back.results[0].launches->launches, p.results[0].launches->launches);
  EXPECT_DOUBLE_EQ(back.results[0].launches->share, p.results[0].launches->share);
  const auto set = reports::compare(profile, back);
  std::size_t timed = 0;
  for (const auto& r : p.results) timed += r.ok() ? 1 : 0;
  EXPECT_EQ(set.pairs.size(), timed);
  EXPECT_EQ(set.only_in_a + set.only_in_b, 0);
}

TEST(ProfileReport, TablesTheKernelsWithTheirLimitAndTheProfilesCost) {
  const roofline::Results file = as_file(profile("torch"));
  const std::string text = reports::profile_table(file);
  EXPECT_NE(text.find("profiled 7.66 s against 2.22 s plain (3.45×)"), std::string::npos) << text;
  EXPECT_NE(text.find("bf16_tensor"), std::string::npos) << text;
  const std::vector<roofline::Results> inputs{file};
  const auto views = reports::device_views(inputs);
  ASSERT_EQ(views.size(), 1u);
  const std::string html = reports::program_html(views[0]);
  EXPECT_NE(html.find("<h3>Program</h3>"), std::string::npos);
  EXPECT_NE(html.find("Limited by"), std::string::npos);
  EXPECT_NE(html.find("nvjet_sm90"), std::string::npos);
}
