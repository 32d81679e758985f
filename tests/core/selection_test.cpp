#include "roofline/selection.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "roofline/input_error.hpp"

using namespace roofline;

namespace {

using Names = std::vector<std::string>;

const Names kKnown = {"nested_saxpy", "reduce", "stream"};
const Names kDefaults = {"nested_saxpy", "stream"};

struct Variant {
  std::string family, name;
};

// The InputError's message, or a failure when none is thrown.
std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError";
  return "";
}

RunOptions options(Names families, Names variants = {}, bool quick = true) {
  RunOptions o;
  o.families = std::move(families);
  o.variants = std::move(variants);
  o.quick = quick;
  return o;
}

}  // namespace

TEST(Selection, NoFamiliesAskedGivesTheDefaults) {
  EXPECT_EQ(wanted_families(options({}), kKnown, kDefaults, "the CPU"), kDefaults);
}

TEST(Selection, AskedFamiliesReplaceTheDefaults) {
  EXPECT_EQ(wanted_families(options({"reduce"}), kKnown, kDefaults, "CUDA"), Names{"reduce"});
}

TEST(Selection, UnknownFamilyIsRefusedByNameWithTheKnownOnes) {
  EXPECT_EQ(refusal([] {
              wanted_families(options({"stream", "gemm"}), kKnown, kDefaults, "CUDA");
            }),
            "unknown family 'gemm' on CUDA (expected one of: nested_saxpy, reduce, stream)");
}

TEST(Selection, KeepsOnlyTheVariantsOfWantedFamiliesInOrder) {
  std::vector<Variant> variants = {
      {"nested_saxpy", "avx2"}, {"stream", "simd_avx2"}, {"reduce", "cub"}, {"stream", "plain"}};
  keep_wanted_variants(variants, {"stream"}, options({"stream"}), "this CPU");
  ASSERT_EQ(variants.size(), 2u);
  EXPECT_EQ(variants[0].name, "simd_avx2");
  EXPECT_EQ(variants[1].name, "plain");
}

TEST(Selection, VariantOfAnUnwantedFamilyIsRefusedByName) {
  std::vector<Variant> variants = {{"stream", "plain"}, {"reduce", "cub"}};
  EXPECT_EQ(refusal([&] {
              keep_wanted_variants(variants, {"stream"}, options({"stream"}, {"plain", "cub"}),
                                   "opencl:0:0");
            }),
            "unknown variant 'cub' of stream on opencl:0:0 (expected one of: plain)");
}

TEST(Selection, KnownRequestedVariantsPass) {
  EXPECT_NO_THROW(check_requested_variants(options({}, {"b"}), {"a", "b"}, kDefaults, "CUDA"));
}

TEST(Selection, RequestedVariantsAreChosenWhateverTheQuickSuite) {
  const RunOptions o = options({}, {"b"});
  EXPECT_TRUE(chosen(o, "b", false));
  EXPECT_FALSE(chosen(o, "a", true));
}

TEST(Selection, WithoutRequestedVariantsAQuickRunTakesOnlyTheQuickSuite) {
  EXPECT_TRUE(chosen(options({}, {}, true), "a", true));
  EXPECT_FALSE(chosen(options({}, {}, true), "a", false));
  EXPECT_TRUE(chosen(options({}, {}, false), "a", false));
}
