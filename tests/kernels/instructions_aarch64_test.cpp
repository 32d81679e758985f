// aarch64: the NEON and SVE kernels contain the instructions their names claim, read from the
// per-ISA objects with the target's objdump, whatever CPU (or emulator) runs the test. NEON's
// vectors are v registers with lane suffixes (.4s, .2d); SVE's are z registers (.s, .d) under
// predicates, their length unknown until run time.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <tuple>

#include "disassembly.hpp"

namespace {

using rooflab::test::count_of;
using rooflab::test::functions_body;
using rooflab::test::functions_of;

struct Level {
  std::string ns;                              // "kernels::cpu::isa_neon"
  std::string reg;                             // "v" or "z"
  std::string lanes(const char* type) const {  // the lane suffix of a type's vectors
    const bool single = std::string(type) == "float";
    return reg == "v" ? (single ? "4s" : "2d") : (single ? "s" : "d");
  }
};
const Level kNeon{"kernels::cpu::isa_neon", "v"};
const Level kSve{"kernels::cpu::isa_sve", "z"};

// A vector FMA of the level on the type's lanes: FMLA (acc += a·b) or SVE's FMAD (t = t·a + b).
std::string vector_fma(const Level& level, const char* type) {
  return "(fmla|fmad)\\s+" + level.reg + "[0-9]+\\." + level.lanes(type);
}

// Every block kernel of nested SAXPY (one per depth 1…1024, with and without prefetch) has
// vector FMAs, and prefetch instructions exactly when it is the prefetching one.
void expect_nested_saxpy(const std::string& object, const Level& level) {
  const auto functions = functions_of(object);
  ASSERT_FALSE(functions.empty()) << "objdump produced nothing for " << object;
  for (const char* type : {"float", "double"}) {
    const std::regex block("nested_block<" + std::string(type) + ", [0-9]+, (true|false)");
    const std::regex fma(vector_fma(level, type));
    int kernels = 0, prefetching = 0;
    for (const auto& [name, body] : functions) {
      std::smatch m;
      if (!std::regex_search(name, m, block)) continue;
      ++kernels;
      EXPECT_TRUE(std::regex_search(body, fma)) << name << " has no " << vector_fma(level, type);
      const bool prefetch = m[1] == "true";
      prefetching += prefetch;
      EXPECT_EQ(body.find("prfm") != std::string::npos, prefetch) << name;
    }
    EXPECT_EQ(kernels, 22) << "expected two " << type << " kernels per depth in " << object;
    EXPECT_EQ(prefetching, 11) << object;
  }
}

TEST(NestedSaxpyInstructions, NeonKernelsUseVectorFmaOnV) {
  expect_nested_saxpy(NESTED_SAXPY_NEON_OBJECT, kNeon);
}

TEST(NestedSaxpyInstructions, SveKernelsUseVectorFmaOnZ) {
  expect_nested_saxpy(NESTED_SAXPY_SVE_OBJECT, kSve);
}

// The reduce kernels with vector accumulators: a vector FMA for dot, a vector add for sum.
void expect_reduce(const std::string& object, const Level& level) {
  for (const char* type : {"float", "double"}) {
    SCOPED_TRACE(std::string(type) + " in " + object);
    const std::string simd =
        functions_body(object, std::string(type) + " " + level.ns + "::", "simd");
    ASSERT_FALSE(simd.empty()) << "no reduce_block_simd<" << type << ">";
    EXPECT_TRUE(std::regex_search(simd, std::regex(vector_fma(level, type))))
        << "the SIMD dot has no vector FMA";
    EXPECT_TRUE(std::regex_search(
        simd, std::regex("fadd\\s+" + level.reg + "[0-9]+\\." + level.lanes(type))))
        << "the SIMD sum has no vector add";
  }
}

TEST(ReduceInstructions, NeonSimdAddsVVectors) { expect_reduce(REDUCE_NEON_OBJECT, kNeon); }
TEST(ReduceInstructions, SveSimdAddsZVectors) { expect_reduce(REDUCE_SVE_OBJECT, kSve); }

// The SIMD scan: vector adds, and the lane shifts of its log steps (NEON: EXT against zeros;
// SVE: TBL by lane numbers, its length unknown at compile time).
void expect_scan(const std::string& object, const Level& level, const std::string& shift) {
  for (const char* type : {"float", "double"}) {
    SCOPED_TRACE(std::string(type) + " in " + object);
    std::string simd = functions_body(object, "", level.ns + "::scan_block_simd<" + type + ">");
    for (const auto& [name, body] : functions_of(object))
      if (name.find("::simd<") != std::string::npos &&
          name.find(", " + std::string(type) + ">(") != std::string::npos)
        simd += body;
    ASSERT_FALSE(simd.empty()) << "no scan_block_simd<" << type << ">";
    EXPECT_TRUE(std::regex_search(
        simd, std::regex("fadd\\s+" + level.reg + "[0-9]+\\." + level.lanes(type))));
    EXPECT_TRUE(std::regex_search(simd, std::regex(shift))) << "no " << shift;
  }
}

TEST(ScanInstructions, NeonLogStepShiftsWithExt) {
  expect_scan(SCAN_NEON_OBJECT, kNeon, "ext\\s+v[0-9]+\\.16b");
}
TEST(ScanInstructions, SveLogStepShiftsWithTbl) {
  expect_scan(SCAN_SVE_OBJECT, kSve, "tbl\\s+z[0-9]+\\.[sd]");
}

// The blocked GEMM's micro-kernel keeps its 6 × 2 accumulators in 12 vector registers.
void expect_gemm_micro_kernel(const std::string& object, const Level& level) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "register allocation is only meaningful without sanitizers";
#endif
  for (const char* type : {"float", "double"}) {
    SCOPED_TRACE(std::string(type) + " in " + object);
    const std::string body = functions_body(
        object, "void " + level.ns + "::(anonymous namespace)::micro_kernel<" + type, "");
    ASSERT_FALSE(body.empty()) << "no micro_kernel<" << type << ">";
    // FMLA's destination is its accumulator: "fmla v3.4s, v8.4s, v0.s[0]", "fmla z3.s, p0/m, …".
    const std::regex fma("fmla\\s+(" + level.reg + "[0-9]+)\\." + level.lanes(type));
    std::set<std::string> accumulators;
    for (auto it = std::sregex_iterator(body.begin(), body.end(), fma);
         it != std::sregex_iterator(); ++it)
      accumulators.insert((*it)[1]);
    EXPECT_EQ(accumulators.size(), 12u) << body;
  }
}

TEST(GemmInstructions, NeonMicroKernelHas12FmaAccumulatorsInV) {
  expect_gemm_micro_kernel(GEMM_NEON_OBJECT, kNeon);
}
TEST(GemmInstructions, SveMicroKernelHas12FmaAccumulatorsInZ) {
  expect_gemm_micro_kernel(GEMM_SVE_OBJECT, kSve);
}

// The stream kernels' stores are what their names claim: the non-temporal ones (Store 1) use
// NEON's STNP or SVE's STNT1, the ordinary ones neither.
void expect_stream_stores(const std::string& object, const std::string& streaming) {
  int nontemporal = 0, temporal = 0;
  for (const auto& [name, body] : functions_of(object)) {
    if (name.find("store_block<") == std::string::npos) continue;
    const bool streams = name.find("(kernels::Store)1") != std::string::npos;
    (streams ? nontemporal : temporal) += 1;
    EXPECT_EQ(count_of(body, streaming) > 0, streams) << name;
  }
  EXPECT_GT(nontemporal, 0) << "no non-temporal store_block in " << object;
  EXPECT_GT(temporal, 0) << "no ordinary store_block in " << object;
}

TEST(StreamInstructions, NeonNonTemporalStoresAreStnp) {
  expect_stream_stores(STREAM_NEON_OBJECT, "stnp\\s");
}
TEST(StreamInstructions, SveNonTemporalStoresAreStnt1) {
  expect_stream_stores(STREAM_SVE_OBJECT, "stnt1[wd]\\s");
}

}  // namespace
