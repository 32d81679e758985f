// aarch64: the peak-FLOP probe claims vector FMAs on NEON's v registers and SVE's z registers
// (and scalar FMADDs on its scalar path): the per-ISA objects must contain them, or the probe
// measures something else.
#include <gtest/gtest.h>

#include <string>

#include "disassembly.hpp"

namespace {

using rooflab::test::count_of;

std::string disassembly(const std::string& object) {
  std::string text;
  for (const auto& [name, body] : rooflab::test::functions_of(object)) text += body;
  return text;
}

TEST(SimdInstructions, NeonBuildHasVectorFmasOnVAndScalarFmas) {
  const std::string text = disassembly(ROOFLAB_PEAK_FLOPS_NEON_OBJECT);
  // 12 accumulators per loop, for fp32 and fp64; scalar FMADD on s and d registers.
  EXPECT_GE(count_of(text, R"(fmla\s+v[0-9]+\.4s)"), 12) << text.substr(0, 2000);
  EXPECT_GE(count_of(text, R"(fmla\s+v[0-9]+\.2d)"), 12);
  EXPECT_GE(count_of(text, R"(fmadd\s+d[0-9]+)"), 12);
  EXPECT_GE(count_of(text, R"(fmadd\s+s[0-9]+)"), 12);
  EXPECT_EQ(count_of(text, R"(\sz[0-9]+\.)"), 0) << "SVE in the NEON build";
}

TEST(SimdInstructions, SveBuildHasPredicatedFmasOnZ) {
  const std::string text = disassembly(ROOFLAB_PEAK_FLOPS_SVE_OBJECT);
  // 12 and 24 accumulators (chain_accumulators of the vector length), fp32 and fp64.
  EXPECT_GE(count_of(text, R"((fmad|fmla)\s+z[0-9]+\.s, p[0-9]+/m)"), 36) << text.substr(0, 2000);
  EXPECT_GE(count_of(text, R"((fmad|fmla)\s+z[0-9]+\.d, p[0-9]+/m)"), 36);
}

}  // namespace
