// The tutorial of docs/extending.md, compiled and run: adding a variant to a family, and adding a
// family. The document quotes the regions between the "tutorial:" markers verbatim; the last test
// checks that it still does.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/cpu/cases.hpp"
#include "kernels/cpu/stream_cases.hpp"
#include "kernels/stream.hpp"
#include "kernels/suite.hpp"
#include "roofline/harness.hpp"

namespace kernels::cpu {
namespace {

using roofline::Precision;

roofline::Device small_cpu() {
  roofline::Device d;
  d.id = "cpu";
  d.backend = "cpu";
  d.compute_units = 2;
  d.memory_bytes = 1 << 30;
  d.caches = {{"L1", 32 * 1024, 2, 1}, {"L2", 512 * 1024, 2, 1}, {"L3", 4 << 20, 1, 2}};
  return d;
}

// tutorial: a variant
// One row: the plain OpenMP stream loop on one thread, beside the all-core "omp_plain". In the
// project it goes into add_stream_rows in kernels/cpu/cases.cpp; nothing else changes.
Variant one_thread_plain_stream(const roofline::Device& device) {
  return {.family = &kStream,
          .name = "omp_plain_1t",
          .quick = false,  // only in --full runs, or when named with --variant
          .baseline = false,
          .add_cases = [&device](Cases& cases, const Sizing& sizing) {
            for (Precision p : {Precision::fp32, Precision::fp64})
              for (StreamOp op : kStreamOps) {
                const std::size_t n = sizing.elements(stream_arrays(op), p);
                cases.push_back(make_stream_case(device, StreamTechnique::plain,
                                                 {.op = op, .threads = 1}, p, n));
              }
          }};
}
// tutorial: end

TEST(Tutorial, AVariantIsOneRow) {
  const roofline::Device device = small_cpu();
  std::vector<Variant> rows = variants(device);
  rows.push_back(one_thread_plain_stream(device));
  roofline::RunOptions options;
  options.variants = {"omp_plain_1t"};
  options.size = 1001;
  const Cases cases =
      kernels::make_cases(chosen_variants(rows, options, "the CPU"), memory_facts(device), options);
  ASSERT_EQ(cases.size(), 2 * kStreamOps.size());
  for (const auto& c : cases) {
    EXPECT_EQ(c->info().variant, "omp_plain_1t");
    EXPECT_EQ(c->info().params.at("threads"), 1);
    c->prepare();
    EXPECT_TRUE(c->verify().passed) << c->info().params.dump();
    c->release();
  }
}

// tutorial: a family
// A family is its declaration (kernels/<family>.hpp), its work, a case per backend
// (kernels/<backend>/<family>_cases.cpp) and a block of rows per backend. This one fills a
// vector with a value; its size study sweeps n from 1 K elements to DRAM.
inline constexpr Family kFill{
    .name = "fill", .size_param = "n", .size_label = "vector length (elements)"};

roofline::Work fill_work(Precision p, std::size_t n) {
  const double bytes = static_cast<double>(n) * roofline::size_of(p);
  return {.precision = p,
          .flops = 0,
          .bytes = bytes,
          .bytes_write_allocate = 2 * bytes,  // each stored line is read first
          .working_set = bytes};
}

template <class T>
class FillCase final : public roofline::Case {
 public:
  FillCase(roofline::CaseInfo info, std::size_t n) : Case(std::move(info)), n_(n) {}
  void prepare() override { out_.emplace(n_); }
  void run() override { std::fill(out_->begin(), out_->end(), T(3)); }
  roofline::Verification verify() override {
    std::fill(out_->begin(), out_->end(), T(-1));  // poison, so a call that skips elements fails
    run();
    const bool passed = std::all_of(out_->begin(), out_->end(), [](T v) { return v == T(3); });
    return {.passed = passed, .max_error = passed ? 0.0 : 1.0, .tolerance = 0, .message = "fill"};
  }
  void release() override { out_.reset(); }

 private:
  std::size_t n_;
  std::optional<std::vector<T>> out_;
};

std::vector<Variant> fill_rows(const roofline::Device& device) {
  return {{.family = &kFill,
           .name = "std_fill",
           .quick = true,
           .baseline = true,  // the size study's reference: the standard library
           .add_cases = [&device](Cases& cases, const Sizing& sizing) {
             for (std::size_t n : sizing.lengths(1, Precision::fp32)) {
               // Unnamed: the driver names it from its row ("fill", "std_fill").
               auto info = roofline::case_info(device, {{"n", n}}, fill_work(Precision::fp32, n), 1);
               cases.push_back(std::make_unique<FillCase<float>>(std::move(info), n));
             }
           }}};
}
// tutorial: end

TEST(Tutorial, AFamilyIsItsOwnFilesAndARowBlock) {
  const roofline::Device device = small_cpu();
  std::vector<Variant> rows = variants(device);
  for (Variant& v : fill_rows(device)) rows.push_back(std::move(v));
  EXPECT_EQ(family_names(rows),
            (std::vector<std::string>{"fill", "gemm", "nested_saxpy", "reduce", "scan", "stream"}));

  roofline::RunOptions options;
  options.families = {"fill"};
  Cases cases =
      kernels::make_cases(chosen_variants(rows, options, "the CPU"), memory_facts(device), options);
  // 1 K ×8 up to DRAM (64 MiB of floats: 16 M elements): 1 K, 8 K, 64 K, 512 K, 4 M, 16 M.
  ASSERT_EQ(cases.size(), 6u);
  cases.resize(2);  // the two shortest are enough to measure here
  roofline::MeasureOptions quick;
  quick.repetitions = 3;
  quick.min_sample_seconds = 0.001;
  const std::vector<roofline::Result> results = roofline::measure_all(cases, quick, "tutorial");
  for (const roofline::Result& r : results) {
    EXPECT_TRUE(r.ok()) << r.error << r.verification.message;
    ASSERT_TRUE(r.study.has_value());
    EXPECT_EQ(r.study->param, "n");
    EXPECT_TRUE(r.study->baseline);
  }
}

// The text between the n-th "tutorial:" marker pair of `text` (n from 0).
std::string region(const std::string& text, int n) {
  std::size_t at = 0;
  for (int k = 0; k <= n; ++k) at = text.find("// tutorial: a ", at + 1);
  if (at == std::string::npos) return "";
  const std::size_t end = text.find("// tutorial: end", at);
  return end == std::string::npos ? "" : text.substr(at, end - at);
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Tutorial, TheDocsQuoteThisFileVerbatim) {
  const std::string source = read(ROOFLAB_SOURCE_DIR "/tests/kernels/tutorial_test.cpp");
  const std::string docs = read(ROOFLAB_SOURCE_DIR "/docs/extending.md");
  for (int n : {0, 1}) {
    const std::string quoted = region(source, n);
    ASSERT_FALSE(quoted.empty()) << n;
    EXPECT_NE(docs.find(quoted), std::string::npos) << "docs/extending.md lacks:\n" << quoted;
  }
}

}  // namespace
}  // namespace kernels::cpu
