// The GEMM family on the CPU: every variant of the ladder × element type at awkward shapes (one
// entry, sizes that are multiples of no vector or micro-tile, k = 1, k = 0, across every cache
// block of the blocked kernel), checked with verify_gemm; the ladder, the names and the cases.
#include "kernels/cpu/gemm.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <limits>
#include <set>
#include <string>
#include <vector>

#include "kernels/cpu/gemm_cases.hpp"
#include "kernels/gemm.hpp"
#include "kernels/inputs.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cpu {
namespace {

using roofline::Precision;

constexpr GemmShape kShapes[] = {{1, 1, 1},
                                 {3, 5, 7},
                                 {17, 33, 9},
                                 {64, 64, 64},
                                 {37, 19, 1},
                                 {1, 77, 13},
                                 {77, 1, 13},
                                 {101, 67, 131},
                                 {6, 16, 300},
                                 {2, 3, 0},
                                 {0, 4, 4},
                                 // across the blocked kernel's MC (144, 72), KC (256) and NC (4080)
                                 {170, 40, 513},
                                 {7, 4100, 5}};

template <class T>
void check_every_variant() {
  std::vector<GemmCall> calls;
  for (const GemmVariant& v : gemm_ladder(omp_get_max_threads())) calls.push_back(v.call);
  calls.push_back({.technique = GemmTechnique::interchanged, .isa = best_isa(), .threads = 3});
  calls.push_back({.technique = GemmTechnique::blocked, .isa = best_isa(), .threads = 3});
  for (const GemmCall& call : calls)
    for (const GemmShape& s : kShapes) {
      const auto m = static_cast<std::size_t>(s.m), n = static_cast<std::size_t>(s.n),
                 k = static_cast<std::size_t>(s.k);
      std::vector<T> a(m * k), b(k * n), x(m * n, std::numeric_limits<T>::quiet_NaN());
      for (std::size_t i = 0; i < a.size(); ++i) a[i] = input_as<T>(21, i);
      for (std::size_t i = 0; i < b.size(); ++i) b[i] = input_as<T>(22, i);
      gemm_run(call, s, a.data(), b.data(), x.data());
      const auto v = verify_gemm<T>(s, a.data(), b.data(), x.data());
      EXPECT_TRUE(v.passed) << gemm_variant_name(call) << " " << gemm_shape_name(s) << " (" << s.m
                            << "x" << s.k << "*" << s.k << "x" << s.n << "): " << v.message;
    }
}

TEST(GemmRun, EveryVariantFloat) { check_every_variant<float>(); }
TEST(GemmRun, EveryVariantDouble) { check_every_variant<double>(); }

TEST(GemmRun, RejectsCallsThatCannotRun) {
  std::vector<float> a(4, 1), b(4, 1), x(4);
  const GemmShape s{2, 2, 2};
  EXPECT_THROW(
      gemm_run({.technique = GemmTechnique::naive, .threads = 2}, s, a.data(), b.data(), x.data()),
      std::invalid_argument);
  EXPECT_THROW(gemm_run({.threads = 0}, s, a.data(), b.data(), x.data()), std::invalid_argument);
  EXPECT_THROW(gemm_run({}, {2, -2, 2}, a.data(), b.data(), x.data()), std::invalid_argument);
  EXPECT_THROW(gemm_run({}, s, nullptr, b.data(), x.data()), std::invalid_argument);
  const Isa widest = static_cast<Isa>(kIsaLevels - 1);
  if (!cpu_supports(widest)) {
    EXPECT_THROW(gemm_run({.isa = widest}, s, a.data(), b.data(), x.data()), std::invalid_argument);
  }
}

TEST(GemmLadder, HasNaiveEveryLevelAndThreadCountAndOpenblasOnOneAndAllThreads) {
  const auto ladder = gemm_ladder(6);
  std::set<std::string> names, quick;
  for (const GemmVariant& v : ladder) {
    names.insert(gemm_variant_name(v.call));
    if (v.quick) quick.insert(gemm_variant_name(v.call));
    EXPECT_FALSE(v.quick_sizes.empty());
    EXPECT_LE(v.quick_sizes.back(), v.full_sizes.back());
  }
  const std::string best(to_string(best_isa()));
  for (const std::string& name :
       std::vector<std::string>{"naive", "openblas_1t", "openblas_6t",
                                "interchanged_" + std::string(to_string(kBaselineIsa)) + "_1t",
                                "interchanged_" + best + "_4t"})
    EXPECT_TRUE(names.count(name)) << name;
  EXPECT_EQ(quick, (std::set<std::string>{"naive", "interchanged_" + best + "_6t",
                                          "blocked_" + best + "_1t", "blocked_" + best + "_6t",
                                          "openblas_1t", "openblas_6t"}));
  // interchanged and blocked at every level on 1, 2, 4 and 6 threads
  EXPECT_EQ(ladder.size(), 1 + 2 * supported_isas().size() * 4 + 2);
  EXPECT_EQ(gemm_ladder(1).back().call.threads, 1);
  EXPECT_EQ(gemm_ladder(1).size(), 1 + 2 * supported_isas().size() + 1);
  EXPECT_THROW(gemm_ladder(0), std::invalid_argument);
}

TEST(GemmBlocked, MicroTileIsSixRowsByTwoVectors) {
#if defined(__x86_64__)
  EXPECT_EQ(gemm_micro_tile(Isa::baseline, 8).nr, 4u);
  EXPECT_EQ(gemm_micro_tile(Isa::avx2, 4).nr, 16u);
  EXPECT_EQ(gemm_micro_tile(Isa::avx2, 8).nr, 8u);
  EXPECT_EQ(gemm_micro_tile(Isa::avx512, 4).nr, 32u);
  EXPECT_EQ(gemm_micro_tile(Isa::avx2, 4).mr, 6u);
#elif defined(__aarch64__)
  EXPECT_EQ(gemm_micro_tile(Isa::neon, 4).nr, 8u);
  EXPECT_EQ(gemm_micro_tile(Isa::neon, 8).nr, 4u);
  EXPECT_EQ(gemm_micro_tile(Isa::neon, 4).mr, 6u);
  // SVE's tile is two vectors of the length the core runs at: 2 × 256 bits of fp32 on Neoverse V1.
  if (cpu_supports(Isa::sve)) {
    EXPECT_EQ(gemm_micro_tile(Isa::sve, 4).nr, 2u * sve_vector_bits() / 32);
    EXPECT_EQ(gemm_micro_tile(Isa::sve, 8).nr, 2u * sve_vector_bits() / 64);
  }
#endif
}

TEST(GemmCases, DeclareTheTrafficOfTheirLoops) {
  const GemmShape s{.m = 300, .n = 200, .k = 600};
  const double a = 300.0 * 600, b = 600.0 * 200, x = 300.0 * 200;
  const auto moved = [&](GemmTechnique t, Precision p) {
    return gemm_traffic({.technique = t, .isa = best_isa()}, p, s);
  };
  // naive and interchanged: B read once per row of X
  for (GemmTechnique t : {GemmTechnique::naive, GemmTechnique::interchanged}) {
    const GemmTraffic r = moved(t, Precision::fp32);
    EXPECT_EQ(r.a_reads * a + r.b_reads * b + r.x_moves * x, a + 300 * b + x);
  }
  // blocked: k = 600 is 3 slices of KC = 256, X written 3 times and read back twice; n < NC,
  // A and B read once
  const GemmTraffic blocked = moved(GemmTechnique::blocked, Precision::fp64);
  EXPECT_EQ(blocked.a_reads, 1);
  EXPECT_EQ(blocked.b_reads, 1);
  EXPECT_EQ(blocked.x_moves, 5);
  // OpenBLAS: only the compulsory bytes (its own blocking is not modelled)
  roofline::Device device;
  device.id = "cpu";
  EXPECT_EQ(make_gemm_case(device, {.technique = GemmTechnique::openblas}, Precision::fp32, s)
                ->info()
                .work.algorithm_bytes,
            0);
  EXPECT_EQ(make_gemm_case(device, {.technique = GemmTechnique::naive, .isa = best_isa()},
                           Precision::fp32, s)
                ->info()
                .work.algorithm_bytes,
            (a + 300 * b + x) * 4);
}

TEST(GemmCases, DeclareTheirWorkAndShapeAndVerify) {
  roofline::Device device;
  device.id = "cpu";
  device.backend = "cpu";
  const GemmCall call{.technique = GemmTechnique::interchanged, .isa = best_isa(), .threads = 2};
  for (Precision p : {Precision::fp32, Precision::fp64}) {
    auto c = make_gemm_case(device, call, p, {.m = 30, .n = 20, .k = 10});
    EXPECT_EQ(c->info().params["shape"], "30x10*10x20");
    EXPECT_EQ(c->info().params["n"], 20);
    EXPECT_EQ(c->info().work.flops, 2 * 30 * 20 * 10);
    c->prepare();
    const auto v = c->verify();
    EXPECT_TRUE(v.passed) << v.message;
    c->run();
    c->release();
  }
  EXPECT_THROW(make_gemm_case(device, call, Precision::int32, {1, 1, 1}), roofline::InputError);
}

}  // namespace
}  // namespace kernels::cpu
