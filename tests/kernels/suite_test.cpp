// The suite's driver and sizing rule on rows of made-up families: which rows a run picks, the
// refusals, the study each case carries, and the sizes and limits.
#include "kernels/suite.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "roofline/input_error.hpp"

namespace kernels {
namespace {

using roofline::Precision;
using Names = std::vector<std::string>;

constexpr Family kAlpha{.name = "alpha", .in_default_suite = true, .arrays = 2};
constexpr Family kBeta{
    .name = "beta", .size_param = "n", .size_label = "length", .panel_param = "op"};

// A case that only carries its description.
class NamedCase final : public roofline::Case {
 public:
  using Case::Case;
  void run() override {}
  roofline::Verification verify() override {
    return {.passed = true, .max_error = 0, .tolerance = 0, .message = "nothing to check"};
  }
};

// A row adding one unnamed case per precision of the family's size (alpha) or study lengths
// (beta): the driver names them.
Variant row(const Family& family, std::string name, bool quick, bool baseline = false,
            bool opt_in = false) {
  return {&family,
          name,
          quick,
          baseline,
          [&family](Cases& cases, const Sizing& sizing) {
            for (Precision p : {Precision::fp32, Precision::fp64}) {
              const std::vector<std::size_t> sizes = family.size_param.empty()
                                                         ? std::vector{sizing.elements(2, p)}
                                                         : sizing.lengths(1, p);
              for (std::size_t n : sizes)
                cases.push_back(std::make_unique<NamedCase>(
                    roofline::CaseInfo{.backend = "cpu",
                                       .device = "cpu",
                                       .params = {{"n", n}, {"op", "sum"}},
                                       .work = {.precision = p},
                                       .level = "DRAM"}));
            }
          },
          opt_in};
}

const std::vector<Variant>& rows() {
  static const std::vector<Variant> rows = {
      row(kAlpha, "a_plain", true), row(kBeta, "b_lib", true, true), row(kAlpha, "a_wide", false),
      row(kBeta, "b_tree", false), row(kBeta, "b_spin", true, false, true)};
  return rows;
}

const MemoryFacts kMemory = {.dram_bytes = 64 << 20,
                             .study_bytes = 128 << 20,
                             .all_arrays = {.bytes = 1 << 30, .what = "the device's 1 GiB"},
                             .one_array = {}};

roofline::RunOptions options(Names families, Names variants = {}, bool quick = true) {
  roofline::RunOptions o;
  o.families = std::move(families);
  o.variants = std::move(variants);
  o.quick = quick;
  return o;
}

// The cases the rows above give for `o` on `where`, sized by kMemory.
Cases cases_of(const roofline::RunOptions& o, std::string_view where) {
  return make_cases(chosen_variants(rows(), o, where), kMemory, o);
}

Names variants_of(const Cases& cases) {
  Names out;
  for (const auto& c : cases)
    if (out.empty() || out.back() != c->info().variant) out.push_back(c->info().variant);
  return out;
}

// The InputError's message, or a failure when none is thrown.
std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const roofline::InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError";
  return "";
}

TEST(Suite, FamiliesAndTheDefaultSuiteComeFromTheRows) {
  EXPECT_EQ(family_names(rows()), (Names{"alpha", "beta"}));
  EXPECT_EQ(default_family_names(rows()), Names{"alpha"});
}

TEST(Suite, NoFamilyNamedRunsTheDefaultSuiteQuickRowsOnly) {
  EXPECT_EQ(variants_of(cases_of(options({}), "here")), Names{"a_plain"});
  EXPECT_EQ(variants_of(cases_of(options({}, {}, false), "here")), (Names{"a_plain", "a_wide"}));
}

TEST(Suite, NamedFamiliesAndVariantsReplaceTheDefaultsInRowOrder) {
  EXPECT_EQ(variants_of(cases_of(options({"beta"}), "here")), Names{"b_lib"});
  EXPECT_EQ(variants_of(cases_of(options({"alpha", "beta"}, {"b_tree", "a_wide"}), "here")),
            (Names{"a_wide", "b_tree"}));
}

TEST(Suite, AnOptInRowRunsOnlyWhenNamed) {
  EXPECT_EQ(variants_of(cases_of(options({"beta"}, {}, false), "here")),
            (Names{"b_lib", "b_tree"}));
  EXPECT_EQ(variants_of(cases_of(options({"beta"}, {"b_spin"}), "here")), Names{"b_spin"});
}

TEST(Suite, UnknownFamiliesAndVariantsAreRefusedByNameWithTheKnownOnes) {
  EXPECT_EQ(refusal([] {
              cases_of(options({"alpha", "gemm"}), "CUDA");
            }),
            "unknown family 'gemm' on CUDA (expected one of: alpha, beta)");
  EXPECT_EQ(refusal([] { cases_of(options({"alpah"}), "CUDA"); }),
            "unknown family 'alpah' on CUDA (expected one of: alpha, beta); did you mean 'alpha'?");
  // A variant of a family not asked for is unknown too.
  EXPECT_EQ(refusal([] { cases_of(options({"alpha"}, {"b_lib"}), "CUDA"); }),
            "unknown variant 'b_lib' of alpha on CUDA (expected one of: a_plain, a_wide)");
}

TEST(Suite, EveryCaseIsNamedByItsRow) {
  const Cases cases = cases_of(options({"alpha", "beta"}, {}, false), "here");
  EXPECT_EQ(variants_of(cases), (Names{"a_plain", "b_lib", "a_wide", "b_tree"}));
  for (const auto& c : cases) {
    const std::string& v = c->info().variant;
    EXPECT_EQ(c->info().family, v.starts_with("a_") ? "alpha" : "beta") << v;
  }
}

TEST(Suite, CasesOfAFamilyWithASizeStudyCarryItAndTheirBaseline) {
  for (const auto& c : cases_of(options({"alpha", "beta"}, {}, false), "here")) {
    const roofline::CaseInfo& info = c->info();
    if (info.family == "alpha") {
      EXPECT_FALSE(info.study.has_value());
      continue;
    }
    ASSERT_TRUE(info.study.has_value());
    EXPECT_EQ(info.study->param, "n");
    EXPECT_EQ(info.study->label, "length");
    EXPECT_EQ(info.study->panel, "op");
    EXPECT_EQ(info.study->baseline, info.variant == "b_lib");
  }
}

TEST(DramWorkingSet, FollowsWhereTheSweepShowedDramCappedByFourTimesTheLastCache) {
  constexpr double MiB = 1 << 20;
  roofline::Device guest;  // reports its host's L3, 508 MiB x 2
  guest.caches = {{"L2", 1 * MiB, 2, 1}, {"L3", 508 * MiB, 2, 1}};
  EXPECT_DOUBLE_EQ(dram_working_set(guest), 4 * 1016 * MiB);  // nothing measured: STREAM's rule
  guest.facts["dram_from"] = 100 * MiB;
  EXPECT_DOUBLE_EQ(dram_working_set(guest), 100 * MiB);
  guest.facts["dram_from"] = 40 * MiB;
  EXPECT_DOUBLE_EQ(dram_working_set(guest), 64 * MiB);  // never below 64 MiB
  roofline::Device small;
  small.caches = {{"L3", 32 * MiB, 1, 2}};
  small.facts["dram_from"] = 1024 * MiB;
  EXPECT_DOUBLE_EQ(dram_working_set(small), 128 * MiB);  // 4x the last cache is the upper bound
}

TEST(Sizing, DefaultElementsPutTheArraysInDramAndTheUsersSizeWins) {
  const Sizing sizing(kMemory, std::nullopt, true);
  EXPECT_EQ(sizing.elements(2, Precision::fp32), (64u << 20) / 8);
  EXPECT_EQ(sizing.elements(3, Precision::fp64), 2796203u);  // ⌈64 MiB / 24 B⌉
  EXPECT_TRUE(sizing.in_dram(64 << 20));
  EXPECT_FALSE(sizing.in_dram((64 << 20) - 1));
  EXPECT_EQ(Sizing(kMemory, 1003, true).elements(2, Precision::fp32), 1003u);
}

TEST(Sizing, StudyLengthsAreLogSpacedFrom1KUntilTheStudysLargestWorkingSet) {
  EXPECT_EQ(Sizing(kMemory, std::nullopt, true).lengths(1, Precision::fp32),
            (std::vector<std::size_t>{1024, 8192, 65536, 524288, 4194304, 33554432}));
  const auto full = Sizing(kMemory, std::nullopt, false).lengths(2, Precision::fp64);
  EXPECT_EQ(full.front(), 1024u);
  EXPECT_EQ(full.back(), 8u << 20);  // 2 arrays × 8 B × 8 M = 128 MiB
  for (std::size_t i = 1; i < full.size(); ++i) EXPECT_EQ(full[i], 2 * full[i - 1]);
  // A last step that is not a power of the step still reaches the largest working set.
  const MemoryFacts odd = {
      .dram_bytes = 0, .study_bytes = 100000, .all_arrays = {}, .one_array = {}};
  EXPECT_EQ(Sizing(odd, std::nullopt, true).lengths(1, Precision::fp32),
            (std::vector<std::size_t>{1024, 8192, 25000}));
  EXPECT_EQ(Sizing({}, std::nullopt, true).lengths(1, Precision::fp32),
            std::vector<std::size_t>{1024});
  EXPECT_EQ(Sizing(kMemory, 77, true).lengths(2, Precision::fp32), std::vector<std::size_t>{77});
}

// A GPU's DRAM case (2 GiB) exceeds its study's largest working set (1 GiB): the sweep of the
// stream and SAXPY size studies still ends at the family's DRAM case.
TEST(Sizing, LengthsToDramEndAtTheCaseSizedIntoDram) {
  const MemoryFacts gpu = {
      .dram_bytes = 2.0 * (1 << 30), .study_bytes = 1 << 30, .all_arrays = {}, .one_array = {}};
  const auto quick = Sizing(gpu, std::nullopt, true).lengths_to_dram(2, Precision::fp32);
  EXPECT_EQ(quick,
            (std::vector<std::size_t>{1024, 8192, 65536, 524288, 4194304, 33554432, 1u << 28}));
  const auto full = Sizing(gpu, std::nullopt, false).lengths_to_dram(3, Precision::fp64);
  EXPECT_EQ(full.back(), Sizing(gpu, std::nullopt, false).elements(3, Precision::fp64));
  EXPECT_EQ(full[1], 2048u);
  EXPECT_EQ(Sizing(gpu, 77, true).lengths_to_dram(2, Precision::fp32),
            std::vector<std::size_t>{77});
  EXPECT_EQ(Sizing({}, std::nullopt, true).lengths_to_dram(1, Precision::fp32),
            std::vector<std::size_t>{1024});
}

TEST(Sizing, SizesOfItsOwnChoosingStayWithinTheDevicesLimits) {
  // A CPU device of PoCL on a host reporting a large L3: DRAM from 1.2 GB, one allocation 1 GiB.
  const MemoryFacts pocl = {.dram_bytes = 1.2e9,
                            .study_bytes = 1.2e9,
                            .all_arrays = {.bytes = 16e9, .what = "the host's memory"},
                            .one_array = {.bytes = 1 << 30, .what = "one allocation"}};
  const Sizing sizing(pocl, std::nullopt, true);
  EXPECT_EQ(sizing.elements(1, Precision::fp32), (1u << 30) / 4);
  EXPECT_EQ(sizing.elements(3, Precision::fp64), 50000000u);  // ⌈1.2e9 / 24⌉ fits
  EXPECT_EQ(sizing.lengths(1, Precision::fp32).back(), (1u << 30) / 4);
  const MemoryFacts small_memory = {.dram_bytes = 1.2e9,
                                    .study_bytes = 0,
                                    .all_arrays = {.bytes = 600e6, .what = "the host's memory"},
                                    .one_array = {}};
  EXPECT_EQ(Sizing(small_memory, std::nullopt, true).elements(3, Precision::fp64), 25000000u);
  // The user's size is refused as it was.
  EXPECT_EQ(refusal([&] { Sizing(pocl, 1 << 29, true).elements(1, Precision::fp32); }),
            "size 536870912 needs 2147483648 bytes per fp32 array, more than one allocation");
}

TEST(Sizing, SizesBeyondALimitOrNotPositiveAreRefusedNamingTheValue) {
  EXPECT_EQ(refusal([] { Sizing(kMemory, 0, true); }), "size 0 is not a positive element count");
  EXPECT_EQ(refusal([] { Sizing(kMemory, -3, true); }), "size -3 is not a positive element count");
  EXPECT_EQ(refusal([] { Sizing(kMemory, 1 << 26, true).elements(3, Precision::fp64); }),
            "size 67108864 needs 1610612736 bytes of fp64 arrays, more than the device's 1 GiB");
  const MemoryFacts per_array = {.dram_bytes = 1 << 20,
                                 .study_bytes = 1 << 30,
                                 .all_arrays = {},
                                 .one_array = {.bytes = 1 << 29, .what = "one allocation"}};
  // A study of its own choosing ends at the limit; the user's length is refused.
  EXPECT_EQ(Sizing(per_array, std::nullopt, true).lengths(1, Precision::fp32).back(), 1u << 27);
  EXPECT_EQ(refusal([&] { Sizing(per_array, 1 << 28, true).lengths(1, Precision::fp32); }),
            "size 268435456 needs 1073741824 bytes per fp32 array, more than one allocation");
  EXPECT_NO_THROW(Sizing(per_array, std::nullopt, true).elements(2, Precision::fp32));
  // Bytes beyond int64 are still written as the positive number they are.
  EXPECT_EQ(refusal([] {
              Sizing(kMemory, std::int64_t{8589934591} << 30, true).elements(3, Precision::fp64);
            }),
            "size 9223372035781033984 needs 221360928858744815616 bytes of fp64 arrays, more "
            "than the device's 1 GiB");
}

TEST(Sizing, SquareSizesAreTheFamilysOrTheUsersAndCheckedAgainstTheLimits) {
  const std::vector<std::size_t> quick = {256, 1024}, full = {256, 512, 1024, 8192};
  EXPECT_EQ(Sizing(kMemory, std::nullopt, true).square_sizes(quick, full, 3, Precision::fp32),
            quick);
  EXPECT_FALSE(Sizing(kMemory, std::nullopt, true).user_sized());
  // 3 × 8192² doubles are 1.5 GiB, more than the device's 1 GiB.
  EXPECT_EQ(refusal([&] {
              Sizing(kMemory, std::nullopt, false).square_sizes(quick, full, 3, Precision::fp64);
            }),
            "size 8192x8192 needs 1610612736 bytes of fp64 arrays, more than the device's 1 GiB");
  const Sizing user(kMemory, 300, false);
  EXPECT_TRUE(user.user_sized());
  EXPECT_EQ(user.square_sizes(quick, full, 3, Precision::fp64), std::vector<std::size_t>{300});
  EXPECT_EQ(refusal([] {
              Sizing(kMemory, std::int64_t{1} << 40, true).square_sizes({}, {}, 3, Precision::fp32);
            }),
            "size 1099511627776 has more than 2^64 entries in an 1099511627776x1099511627776 "
            "matrix");
  // Arrays of different sizes: each and all together.
  EXPECT_NO_THROW(
      Sizing(kMemory, std::nullopt, true)
          .check_arrays("1024x768*768x512", {1024 * 768, 768 * 512, 1024 * 512}, Precision::fp64));
  EXPECT_EQ(refusal([] {
              Sizing(kMemory, std::nullopt, true)
                  .check_arrays("a", {std::size_t{1} << 26, std::size_t{1} << 26, 1},
                                Precision::fp64);
            }),
            "size a needs 1073741832 bytes of fp64 arrays, more than the device's 1 GiB");
}

}  // namespace
}  // namespace kernels
