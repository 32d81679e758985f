// The CPU kernel cases: what the suite contains, how it is sized and filtered, and that every
// case verifies.
#include "kernels/cpu/cases.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "kernels/cpu/isa.hpp"
#include "kernels/cpu/nested_saxpy.hpp"
#include "kernels/nested_saxpy.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cpu {
namespace {

constexpr double kMiB = 1 << 20;

// Two cores with Zen 3's caches and 24 GiB of memory.
roofline::Device zen3_device() {
  roofline::Device d;
  d.id = "cpu";
  d.backend = "cpu";
  d.compute_units = 2;
  d.memory_bytes = 24.0 * 1024 * kMiB;
  d.caches = {{"L1", 32 * 1024, 2, 1}, {"L2", 512 * 1024, 2, 1}, {"L3", 32 * kMiB, 1, 2}};
  return d;
}

roofline::RunOptions sized(std::int64_t n) {
  roofline::RunOptions o;
  o.size = n;
  return o;
}

// The message of the InputError f throws ("" when it throws none).
std::string input_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const roofline::InputError& e) {
    return e.what();
  }
  return "";
}

std::set<std::string> variants_of(const std::vector<std::unique_ptr<roofline::Case>>& cases,
                                  const std::string& family) {
  std::set<std::string> out;
  for (const auto& c : cases)
    if (c->info().family == family) out.insert(c->info().variant);
  return out;
}

TEST(CpuCases, FamiliesAreStreamNestedSaxpyReduceScanGemmAndTheTutorialsWhichAreNotDefault) {
  const auto rows = variants(zen3_device());
  EXPECT_EQ(family_names(rows), (std::vector<std::string>{"gemm", "nested_saxpy", "reduce", "scan",
                                                          "stream", "tutorial_scale"}));
  EXPECT_EQ(default_family_names(rows), (std::vector<std::string>{"nested_saxpy", "stream"}));
}

TEST(CpuCases, QuickSuiteHasTheBestIsaThePlainBaselineAndTheWholeDepthSweep) {
  const auto cases = make_cases(zen3_device(), sized(1000));
  const std::string best(to_string(best_isa()));
  std::set<std::string> stream = {"simd_" + best, "simd_" + best + "_nt", "omp_plain"};
  // AVX2 under AVX-512, for cores that split 512-bit loads
  const std::optional<Isa> narrower = narrower_stream_isa(best_isa());
  const bool with_avx2 = narrower.has_value();
  if (narrower) {
    const std::string name = "simd_" + std::string(to_string(*narrower));
    stream.insert({name, name + "_nt"});
  }
  EXPECT_EQ(variants_of(cases, "stream"), stream);
  const std::string chains = best + "_" + std::to_string(nested_saxpy_chains(best_isa())) + "chain";
  EXPECT_EQ(variants_of(cases, "nested_saxpy"),
            (std::set<std::string>{chains, chains + "_prefetch"}));
  // stream: 8 ops × 2 precisions for simd and plain, 6 storing ops × 2 for non-temporal (each
  // again for AVX2); the nested SAXPY with and without prefetch.
  EXPECT_EQ(cases.size(),
            16u + 12u + 16u + (with_avx2 ? 28u : 0u) + kNestedSaxpyDepths.size() * 2 * 2);

  std::set<std::tuple<int, std::string, bool>> depths;
  for (const auto& c : cases) {
    const roofline::CaseInfo& info = c->info();
    EXPECT_EQ(info.backend, "cpu");
    EXPECT_EQ(info.device, "cpu");
    EXPECT_EQ(info.params.at("n"), 1000);
    EXPECT_EQ(info.params.at("threads"), omp_get_max_threads());
    EXPECT_EQ(info.level, zen3_device().level_for(info.work.working_set, omp_get_max_threads()));
    if (info.family == "nested_saxpy") {
      const int m = info.params.at("m");
      const bool prefetch = info.params.at("prefetch");
      EXPECT_EQ(info.variant.ends_with("_prefetch"), prefetch) << info.variant;
      depths.insert({m, std::string(roofline::to_string(info.work.precision)), prefetch});
      EXPECT_EQ(info.work.flops, 2000.0 * m);
    } else {
      EXPECT_TRUE(info.params.contains("op") && info.params.contains("store"));
    }
  }
  EXPECT_EQ(depths.size(), kNestedSaxpyDepths.size() * 2 * 2);
}

TEST(CpuCases, FullSuiteHasEveryIsaThisCpuSupports) {
  roofline::RunOptions options = sized(1000);
  options.quick = false;
  const auto cases = make_cases(zen3_device(), options);
  const auto stream = variants_of(cases, "stream");
  const auto nested = variants_of(cases, "nested_saxpy");
  for (Isa isa : supported_isas()) {
    EXPECT_TRUE(stream.contains("simd_" + std::string(to_string(isa))));
    for (bool prefetch : {false, true})
      EXPECT_TRUE(nested.contains(nested_saxpy_variant_name({.isa = isa, .prefetch = prefetch})));
  }
  EXPECT_EQ(nested.size(), supported_isas().size() * 2);
}

TEST(CpuCases, EveryQuickCaseVerifiesAtAnAwkwardSize) {
  for (auto& c : make_cases(zen3_device(), sized(1003))) {
    SCOPED_TRACE(c->info().family + " " + c->info().variant + " " + c->info().params.dump());
    c->prepare();
    const roofline::Verification v = c->verify();
    EXPECT_TRUE(v.passed) << v.message;
    c->run();
    c->release();
  }
}

TEST(CpuCases, FiltersByFamilyAndVariant) {
  roofline::RunOptions options = sized(100);
  options.families = {"nested_saxpy"};
  EXPECT_EQ(make_cases(zen3_device(), options).size(), kNestedSaxpyDepths.size() * 2 * 2);

  options.families = {};
  options.variants = {"omp_plain"};
  const auto plain = make_cases(zen3_device(), options);
  EXPECT_EQ(plain.size(), 16u);
  EXPECT_EQ(variants_of(plain, "stream"), (std::set<std::string>{"omp_plain"}));
}

TEST(CpuCases, RejectsUnknownNamesAndBadSizesNamingTheValue) {
  roofline::RunOptions options;
  options.families = {"stream", "transpose"};
  EXPECT_NE(input_error([&] { make_cases(zen3_device(), options); }).find("'transpose'"),
            std::string::npos);

  options.families = {"nested_saxpy"};
  options.variants = {"omp_plain"};  // a stream variant, not one of nested_saxpy's
  EXPECT_NE(input_error([&] { make_cases(zen3_device(), options); }).find("'omp_plain'"),
            std::string::npos);

  for (std::int64_t bad : {std::int64_t{0}, std::int64_t{-3}, std::int64_t{1} << 40}) {
    const std::string message = input_error([&] { make_cases(zen3_device(), sized(bad)); });
    EXPECT_NE(message.find("size " + std::to_string(bad)), std::string::npos)
        << bad << ": '" << message << "'";
  }
}

TEST(CpuCases, EveryQuickScanCaseVerifiesAtAnAwkwardSize) {
  roofline::RunOptions options = sized(1003);
  options.families = {"scan"};
  const auto cases = make_cases(zen3_device(), options);
  // Types × (plain and the two std rows, one kind each; both kinds of the SIMD scan and, with
  // more than one thread, of the three multithreaded scans).
  const std::size_t both_kinds = omp_get_max_threads() > 1 ? 4 : 1;
  EXPECT_EQ(cases.size(), 3 * (3 + 2 * both_kinds));
  for (auto& c : cases) {
    SCOPED_TRACE(c->info().variant + " " + c->info().params.dump());
    EXPECT_EQ(c->info().params.value("store", "temporal"), "temporal");  // in the caches
    c->prepare();
    const roofline::Verification v = c->verify();
    EXPECT_TRUE(v.passed) << v.message;
    c->run();
    c->release();
  }
}

// The stream family's size study: a quick run sizes each case into DRAM (one length), a full
// run sweeps the lengths from 1 K elements up to DRAM; the plain OpenMP loop is the baseline.
TEST(CpuCases, AFullStreamRunSweepsTheLengthsOfItsSizeStudy) {
  roofline::RunOptions options;
  options.families = {"stream"};
  options.variants = {"omp_plain"};
  for (const bool quick : {true, false}) {
    SCOPED_TRACE(quick ? "quick" : "full");
    options.quick = quick;
    std::map<std::string, std::set<std::int64_t>> lengths;  // of each op and precision
    for (const auto& c : make_cases(zen3_device(), options)) {
      const roofline::CaseInfo& info = c->info();
      ASSERT_TRUE(info.study) << info.variant;
      EXPECT_EQ(info.study->param, "n");
      EXPECT_EQ(info.study->label, "vector length (elements)");
      EXPECT_EQ(info.study->panel, "op");
      EXPECT_TRUE(info.study->baseline);
      lengths[info.params.at("op").get<std::string>() +
              std::string(roofline::to_string(info.work.precision))]
          .insert(info.params.at("n").get<std::int64_t>());
    }
    ASSERT_EQ(lengths.size(), 16u);  // 8 ops × 2 precisions
    for (const auto& [op, n] : lengths) {
      if (quick) {
        EXPECT_EQ(n.size(), 1u) << op;
      } else {
        EXPECT_GT(n.size(), 5u) << op;
        EXPECT_EQ(*n.begin(), 1024) << op;
      }
    }
  }
}

TEST(CpuCases, GemmCasesCarryTheSizeStudyAndEachVariantsSizes) {
  roofline::RunOptions options;
  options.families = {"gemm"};
  std::map<std::string, std::set<std::string>> sizes;  // variant: "shape n" it runs
  for (const auto& c : make_cases(zen3_device(), options)) {
    const roofline::CaseInfo& info = c->info();
    ASSERT_TRUE(info.study) << info.variant;
    EXPECT_EQ(info.study->param, "n");
    EXPECT_EQ(info.study->label, "matrix size (M = N = K)");
    EXPECT_EQ(info.study->panel, "shape");
    EXPECT_EQ(info.study->baseline, info.variant.starts_with("openblas"));
    sizes[info.variant].insert(info.params.at("shape").get<std::string>() + " " +
                               info.params.at("n").dump());
  }
  // 4096 for OpenBLAS on all threads only: on one CPU, that is its one-thread variant.
  const int threads = omp_get_max_threads();
  std::set<std::string> one_thread{"square 256", "square 1024", "1024x768*768x512 512"};
  if (threads == 1) one_thread.insert("square 4096");
  EXPECT_EQ(sizes["naive"], (std::set<std::string>{"square 256"}));
  EXPECT_EQ(sizes["openblas_1t"], one_thread);
  EXPECT_TRUE(sizes["openblas_" + std::to_string(threads) + "t"].count("square 4096"));
  // A size the user names runs alone, as a square, for every variant.
  options = sized(100);
  options.families = {"gemm"};
  for (const auto& c : make_cases(zen3_device(), options)) {
    EXPECT_EQ(c->info().params.at("shape"), "square");
    EXPECT_EQ(c->info().params.at("n"), 100);
  }
}

TEST(CpuCases, ScansStreamTheirOutputInDramWhereTheyCan) {
  roofline::RunOptions options;
  options.families = {"scan"};
  options.quick = false;
  const double dram_bytes = memory_facts(zen3_device()).dram_bytes;
  int streamed = 0;
  for (const auto& c : make_cases(zen3_device(), options)) {
    const roofline::CaseInfo& info = c->info();
    const bool dram = info.work.working_set >= dram_bytes;
    const std::string technique = info.params.at("technique");
    const bool can =
        technique == "simd" || technique == "reduce_then_scan" || technique == "cache_partitioned";
    EXPECT_EQ(info.params.contains("store"), can) << info.variant;
    if (can) {
      EXPECT_EQ(info.params.at("store"), dram ? "nontemporal" : "temporal")
          << info.variant << " n=" << info.params.at("n");
    }
    streamed += can && dram;
  }
  EXPECT_GT(streamed, 0);
}

TEST(CpuCases, DefaultSizePutsEveryWorkingSetInDram) {
  for (double l3 : {32 * kMiB, 1 * kMiB}) {
    roofline::Device device = zen3_device();
    device.caches.back().size_bytes = l3;
    for (const auto& c : make_cases(device, {})) {
      const double working_set = c->info().work.working_set;
      EXPECT_GE(working_set, std::max(4 * l3, 64 * kMiB)) << c->info().params.dump();
      EXPECT_EQ(c->info().level, "DRAM");
    }
  }
}

}  // namespace
}  // namespace kernels::cpu
