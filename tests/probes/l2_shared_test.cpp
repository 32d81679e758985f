// The shared-read L2 probe's check, on the host: a simulation of the kernels' reads
// (probes/l2_shared.hpp) sums exactly what the check expects, and a block that read another
// slice is caught.
#include "probes/l2_shared.hpp"

#include <gtest/gtest.h>

#include "roofline/input_error.hpp"

namespace {

using probes::L2SharedConfig;

// What the kernels compute: thread l of block b sums the vectors l + k × threads of slice
// b / readers (slice_of), the pass's first vector rotating.
std::vector<float> simulate(const L2SharedConfig& c, int (*slice_of)(int block, int readers)) {
  const std::vector<float> data = probes::l2_shared_data(c);
  const int loads = probes::kL2SharedLoadsPerPass;
  std::vector<float> sums;
  for (int b = 0; b < c.blocks; ++b)
    for (int l = 0; l < c.threads; ++l) {
      float acc[4] = {};
      for (int p = 0; p < c.passes; ++p)
        for (int k = 0; k < loads; ++k) {
          const std::size_t v =
              static_cast<std::size_t>(slice_of(b, c.readers)) * loads * c.threads +
              static_cast<std::size_t>((p + k) % loads) * c.threads + l;
          for (int e = 0; e < 4; ++e) acc[e] += data[v * 4 + e];
        }
      sums.push_back((acc[0] + acc[1]) + (acc[2] + acc[3]));
    }
  return sums;
}

int own_slice(int block, int readers) { return block / readers; }
int neighbours_slice(int block, int readers) { return (block / readers + 1) % 3; }

TEST(L2Shared, TheKernelsReadsSumToTheCheckedValues) {
  // 10 blocks, 3 readers: 4 slices, the last read by one block only.
  const L2SharedConfig c{.blocks = 10, .threads = 8, .readers = 3, .passes = 5};
  EXPECT_EQ(probes::l2_shared_slices(c), 4);
  const roofline::Verification v = probes::verify_l2_shared(c, simulate(c, own_slice));
  EXPECT_TRUE(v.passed) << v.message;
}

TEST(L2Shared, ABlockThatReadAnotherSliceFails) {
  const L2SharedConfig c{.blocks = 9, .threads = 8, .readers = 3, .passes = 5};
  const roofline::Verification v = probes::verify_l2_shared(c, simulate(c, neighbours_slice));
  EXPECT_FALSE(v.passed);
  EXPECT_GT(v.max_error, 0);
  std::vector<float> sums = simulate(c, own_slice);
  sums.back() += 1;  // one thread off by one
  EXPECT_FALSE(probes::verify_l2_shared(c, sums).passed);
}

TEST(L2Shared, ConfigsTheCheckCannotCoverAreRefused) {
  const auto refused = [](L2SharedConfig c) {
    EXPECT_THROW(probes::check_l2_shared_config(c, "test"), roofline::InputError);
  };
  refused({.blocks = 4, .threads = 6, .readers = 2, .passes = 1});
  refused({.blocks = 0, .threads = 8, .readers = 2, .passes = 1});
  refused({.blocks = 4, .threads = 8, .readers = 0, .passes = 1});
  refused({.blocks = 4, .threads = 8, .readers = 2, .passes = 1 << 20});  // sums not exact
  EXPECT_NO_THROW(probes::check_l2_shared_config(
      {.blocks = 4, .threads = 8, .readers = 2, .passes = 1024}, "test"));
}

TEST(L2Shared, TheCeilingIsTheBestReaderCountOnItsOwnLevel) {
  std::vector<roofline::Result> results;
  for (const auto& [readers, seconds] : {std::pair{2, 2.0}, {4, 1.0}, {8, 1.5}}) {
    const L2SharedConfig c{.blocks = 8, .threads = 8, .readers = readers, .passes = 1};
    roofline::Result r;
    r.params = probes::l2_shared_params(c);
    r.work = probes::l2_shared_work(c);
    r.samples = {seconds, seconds};
    r.time = roofline::summarize(r.samples);
    r.verification.passed = true;
    results.push_back(r);
  }
  results.push_back(results.front());
  results.back().verification.passed = false;  // a failed one is never the ceiling
  results.back().samples = {0.1, 0.1};
  const auto c = probes::l2_shared_ceiling(results, 3, "how");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->level, std::string(probes::kL2SharedLevel));
  EXPECT_NE(c->level, "L2");
  EXPECT_EQ(c->kernel, "read");
  EXPECT_EQ(c->threads, 3);
  EXPECT_DOUBLE_EQ(c->bytes_per_s.median, results[1].work.bytes / 1.0);
  EXPECT_NE(c->method.find("D = 4 blocks"), std::string::npos) << c->method;
  EXPECT_NE(c->method.find("D = 2: "), std::string::npos) << c->method;
  EXPECT_FALSE(probes::l2_shared_ceiling({results.back()}, 3, "how").has_value());
}

TEST(L2Shared, ARateAboveTheSmsLoadPathIsRefused) {
  roofline::MemoryCeiling c;
  c.level = probes::kL2SharedLevel;
  c.bytes_per_s.median = 36.5e12;
  // An H100's shared memory read 32.7 TB/s; a kernel whose loads were merged reported 36.5.
  const std::string why = probes::l2_shared_implausible(c, 32.7e12);
  EXPECT_NE(why.find("36.5 TB/s is above the 32.7"), std::string::npos) << why;
  c.bytes_per_s.median = 14.4e12;
  EXPECT_EQ(probes::l2_shared_implausible(c, 32.7e12), "");
  EXPECT_EQ(probes::l2_shared_implausible(c, 0), "");  // no shared-memory ceiling: nothing to say
}

}  // namespace
