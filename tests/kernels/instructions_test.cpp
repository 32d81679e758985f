// The nested SAXPY kernels really contain the packed FMAs their place on the roofline assumes,
// the blocked GEMM's micro-kernel keeps its accumulators in vector registers, and the reduce and
// scan kernels are what their names say (packed SIMD; a plain loop that adds
// one element at a time): the per-ISA objects are disassembled with objdump, whatever CPU runs
// the test.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <tuple>

#include "disassembly.hpp"

namespace {

using rooflab::test::functions_body;
using rooflab::test::functions_of;

// Every block kernel of the precision (one per depth, with and without software prefetch) has
// packed FMAs on the register class, and prefetch instructions exactly when it is the prefetching
// one.
void expect_packed_fma(const std::string& object, const std::string& type,
                       const std::string& suffix, const std::string& reg) {
  const auto functions = functions_of(object);
  ASSERT_FALSE(functions.empty()) << "objdump produced nothing for " << object;
  const std::regex fma("vfmadd[0-9]{3}" + suffix + "[^\n]*%" + reg);
  int kernels = 0, prefetching = 0;
  for (const auto& [name, body] : functions) {
    if (name.find("nested_block<" + type + ",") == std::string::npos) continue;
    ++kernels;
    EXPECT_TRUE(std::regex_search(body, fma))
        << name << " has no vfmadd…" << suffix << " on %" << reg;
    const bool prefetch = name.find(", true>") != std::string::npos;
    prefetching += prefetch;
    EXPECT_EQ(body.find("prefetch") != std::string::npos, prefetch) << name;
  }
  EXPECT_EQ(kernels, 22) << "expected two " << type << " kernels per depth 1…1024 in " << object;
  EXPECT_EQ(prefetching, 11) << object;
}

TEST(NestedSaxpyInstructions, Avx2KernelsUsePackedFmaOnYmm) {
  expect_packed_fma(NESTED_SAXPY_AVX2_OBJECT, "float", "ps", "ymm");
  expect_packed_fma(NESTED_SAXPY_AVX2_OBJECT, "double", "pd", "ymm");
}

TEST(NestedSaxpyInstructions, Avx512KernelsUsePackedFmaOnZmm) {
  expect_packed_fma(NESTED_SAXPY_AVX512_OBJECT, "float", "ps", "zmm");
  expect_packed_fma(NESTED_SAXPY_AVX512_OBJECT, "double", "pd", "zmm");
}

void expect_reduce_kernels(const std::string& object, const std::string& reg) {
  const std::string ns = "kernels::cpu::isa_" + std::string(reg == "ymm" ? "avx2" : "avx512");
  for (const auto& [type, suffix] : {std::pair{"float", "ps"}, std::pair{"double", "pd"}}) {
    SCOPED_TRACE(std::string(type) + " in " + object);
    // reduce_block_simd and the per-op kernels it calls.
    const std::string simd = functions_body(object, std::string(type) + " " + ns + "::", "simd");
    ASSERT_FALSE(simd.empty()) << "no reduce_block_simd<" << type << ">";
    EXPECT_TRUE(std::regex_search(
        simd, std::regex("vfmadd[0-9]{3}" + std::string(suffix) + "[^\n]*%" + reg)))
        << "the SIMD dot has no packed FMA on %" << reg;
    EXPECT_TRUE(std::regex_search(
        simd, std::regex("vaddp" + std::string(suffix).substr(1) + "[^\n]*%" + reg)))
        << "the SIMD sum has no packed add on %" << reg;
    // The plain loop adds one element at a time, in order: no packed add or FMA anywhere in it.
    const std::string plain =
        functions_body(object, std::string(type) + " " + ns + "::reduce_block_plain<", "");
    ASSERT_FALSE(plain.empty()) << "no reduce_block_plain<" << type << ">";
    EXPECT_FALSE(std::regex_search(plain, std::regex("vaddp[sd]|vfmadd[0-9]{3}p[sd]")))
        << "the plain loop was reassociated";
    EXPECT_TRUE(std::regex_search(plain, std::regex("vadds[sd]|vfmadd[0-9]{3}s[sd]")));
  }
}

TEST(ReduceInstructions, Avx2SimdIsPackedOnYmmAndPlainIsScalarInOrder) {
  expect_reduce_kernels(REDUCE_AVX2_OBJECT, "ymm");
}

TEST(ReduceInstructions, Avx512SimdIsPackedOnZmmAndPlainIsScalarInOrder) {
  expect_reduce_kernels(REDUCE_AVX512_OBJECT, "zmm");
}

// The SIMD scan adds whole registers of each type; the study's loops (plain, unrolled) and
// std::inclusive_scan add one element at a time.
void expect_scan_kernels(const std::string& object, const std::string& reg) {
  const std::string ns = "kernels::cpu::isa_" + std::string(reg == "ymm" ? "avx2" : "avx512");
  // (int is scanned as unsigned int)
  for (const auto& [type, arith, add] :
       {std::tuple{"float", "float", "vaddps"}, std::tuple{"double", "double", "vaddpd"},
        std::tuple{"int", "unsigned int", "vpaddd"}}) {
    SCOPED_TRACE(std::string(type) + " in " + object);
    // scan_block_simd and the kernels it calls (simd<kind, store, type>).
    std::string simd = functions_body(object, "", ns + "::scan_block_simd<" + type + ">");
    for (const auto& [name, body] : functions_of(object))
      if (name.find("::simd<") != std::string::npos &&
          name.find(", " + std::string(arith) + ">(") != std::string::npos)
        simd += body;
    ASSERT_FALSE(simd.empty()) << "no scan_block_simd<" << type << ">";
    EXPECT_TRUE(std::regex_search(simd, std::regex(std::string(add) + "[^\n]*%" + reg)))
        << "the SIMD scan has no " << add << " on %" << reg;
    for (const char* loop : {"scan_block_plain<", "scan_block_std<"}) {
      const std::string body = functions_body(object, "", ns + "::" + loop + type + ">");
      ASSERT_FALSE(body.empty()) << "no " << loop << type << ">";
      EXPECT_FALSE(std::regex_search(body, std::regex("vaddp[sd]|vpaddd")))
          << loop << type << "> adds packed registers: not the study's loop";
    }
  }
}

TEST(ScanInstructions, Avx2SimdIsPackedOnYmmAndTheLoopsAreScalar) {
  expect_scan_kernels(SCAN_AVX2_OBJECT, "ymm");
}

TEST(ScanInstructions, Avx512SimdIsPackedOnZmmAndTheLoopsAreScalar) {
  expect_scan_kernels(SCAN_AVX512_OBJECT, "zmm");
}

// The blocked GEMM's micro-kernel keeps its 6 × 2 accumulators in registers: each step of its
// loop is 12 packed FMAs into 12 different vector registers, none from memory.
void expect_gemm_micro_kernel(const std::string& object, const std::string& reg) {
#ifdef __SANITIZE_ADDRESS__
  // AddressSanitizer's checks of the packed loads take registers of their own, so the
  // instrumented micro-kernel spills accumulators; the property belongs to the release build.
  GTEST_SKIP() << "register allocation is only meaningful without sanitizers";
#endif
  const std::string ns = "kernels::cpu::isa_" + std::string(reg == "ymm" ? "avx2" : "avx512");
  for (const auto& [type, suffix] : {std::pair{"float", "ps"}, std::pair{"double", "pd"}}) {
    SCOPED_TRACE(std::string(type) + " in " + object);
    const std::string body = functions_body(
        object, "void " + ns + "::(anonymous namespace)::micro_kernel<" + type + ">", "");
    ASSERT_FALSE(body.empty()) << "no micro_kernel<" << type << ">";
    const std::regex fma("vfmadd231" + std::string(suffix) + " +%" + reg + "[0-9]+,%" + reg +
                         "[0-9]+,%(" + reg + "[0-9]+)");
    std::set<std::string> accumulators;
    for (auto it = std::sregex_iterator(body.begin(), body.end(), fma);
         it != std::sregex_iterator(); ++it)
      accumulators.insert((*it)[1]);
    EXPECT_EQ(accumulators.size(), 12u) << body;
  }
}

TEST(GemmInstructions, Avx2MicroKernelHas12FmaAccumulatorsInYmm) {
  expect_gemm_micro_kernel(GEMM_AVX2_OBJECT, "ymm");
}

TEST(GemmInstructions, Avx512MicroKernelHas12FmaAccumulatorsInZmm) {
  expect_gemm_micro_kernel(GEMM_AVX512_OBJECT, "zmm");
}

}  // namespace
