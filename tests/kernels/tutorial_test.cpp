// The tutorial of docs/extending.md, compiled and run: adding a variant to a family, and the
// tutorial family (kernels/tutorial_scale.hpp, kernels/cpu/tutorial_scale_cases.cpp and its rows
// in kernels/cpu/cases.cpp). The document quotes the variant between the "tutorial:" markers
// below, the family's files whole and its rows between the markers in kernels/cpu/cases.cpp; the
// last test checks that it still does.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/cpu/cases.hpp"
#include "kernels/cpu/stream_cases.hpp"
#include "kernels/stream.hpp"
#include "kernels/suite.hpp"
#include "kernels/tutorial_scale.hpp"
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
    EXPECT_EQ(c->info().variant, "omp_plain_1t");  // the row's name, stamped by the driver
    EXPECT_EQ(c->info().params.at("threads"), 1);
    c->prepare();
    EXPECT_TRUE(c->verify().passed) << c->info().params.dump();
    c->release();
  }
}

TEST(Tutorial, AFamilyIsItsOwnFilesAndARowBlock) {
  const roofline::Device device = small_cpu();
  const std::vector<Variant> rows = variants(device);
  roofline::RunOptions options;
  options.families = {"tutorial_scale"};
  Cases cases =
      kernels::make_cases(chosen_variants(rows, options, "the CPU"), memory_facts(device), options);
  // 1 K ×8 up to DRAM (64 MiB of two arrays): 1 K, 8 K, 64 K, 512 K, 4 M and 8 M floats; 1 K to
  // 4 M doubles.
  ASSERT_EQ(cases.size(), 6u + 5u);
  cases.resize(2);  // the two shortest are enough to measure here
  roofline::MeasureOptions quick;
  quick.repetitions = 3;
  quick.min_sample_seconds = 0.001;
  const std::vector<roofline::Result> results = roofline::measure_all(cases, quick, "tutorial");
  for (const roofline::Result& r : results) {
    EXPECT_TRUE(r.ok()) << r.error << r.verification.message;
    EXPECT_EQ(r.family, "tutorial_scale");
    EXPECT_EQ(r.variant, "omp_loop");
    const double n = r.params.at("n").get<double>();
    EXPECT_EQ(r.work.flops, n);
    EXPECT_EQ(r.work.bytes, 2 * n * sizeof(float));
    ASSERT_TRUE(r.study.has_value());
    EXPECT_EQ(r.study->param, "n");
  }
}

TEST(Tutorial, TheFamilysCheckFindsAnElementThatIsNotAX) {
  std::vector<float> x = {1.5f, -2.25f, 0.1f}, y;
  for (float v : x) y.push_back(static_cast<float>(kTutorialScaleA) * v);
  EXPECT_TRUE(verify_tutorial_scale(x.data(), y.data(), x.size()).passed);
  y[2] = std::nextafter(y[2], 1.0f);
  const roofline::Verification v = verify_tutorial_scale(x.data(), y.data(), x.size());
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.message, "tutorial scale: element 2 is not a*x");
}

std::string read(const std::string& path) {
  std::ifstream in(ROOFLAB_SOURCE_DIR "/" + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The text of `path` between its first marker "// tutorial: a ..." and "// tutorial: end".
std::string region(const std::string& path) {
  const std::string text = read(path);
  const std::size_t at = text.find("// tutorial: a ");
  const std::size_t end = text.find("// tutorial: end", at);
  return at == std::string::npos || end == std::string::npos ? "" : text.substr(at, end - at);
}

TEST(Tutorial, TheDocsQuoteTheTutorialVerbatim) {
  const std::string docs = read("docs/extending.md");
  std::vector<std::string> quoted = {region("tests/kernels/tutorial_test.cpp"),
                                     region("kernels/cpu/cases.cpp")};
  for (const char* file :
       {"kernels/tutorial_scale.hpp", "kernels/tutorial_scale.cpp",
        "kernels/cpu/tutorial_scale_cases.hpp", "kernels/cpu/tutorial_scale_cases.cpp"})
    quoted.push_back(read(file));
  for (const std::string& q : quoted) {
    ASSERT_FALSE(q.empty());
    EXPECT_NE(docs.find(q), std::string::npos) << "docs/extending.md lacks:\n" << q;
  }
}

}  // namespace
}  // namespace kernels::cpu
