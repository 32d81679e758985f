// The peak-FLOP probe's kernels really contain the FMA instructions its declared work counts:
// cuobjdump disassembles this test binary's own device code (the probe is linked in), per
// architecture, and every chain kernel must hold a whole number of unrolled trips of
// kFmaUnroll × kFmaChains FMAs of its precision. No GPU is needed.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <string>

#include "probes/cuda/fma_chains.hpp"

namespace {

std::string cuobjdump() {
  if (const char* env = std::getenv("ROOFLAB_CUOBJDUMP")) return env;
  if (std::string(ROOFLAB_CUOBJDUMP).size() > 0) return ROOFLAB_CUOBJDUMP;
  for (const char* candidate : {"/usr/local/cuda/bin/cuobjdump"})
    if (std::filesystem::exists(candidate)) return candidate;
  return "";
}

std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string out;
  char buffer[4096];
  while (pipe && fgets(buffer, sizeof buffer, pipe.get())) out += buffer;
  return out;
}

// Kernel (mangled name) → opcode → count, from `cuobjdump -sass -arch <arch>`.
std::map<std::string, std::map<std::string, int>> opcodes(const std::string& arch) {
  std::string command = "'";
  command += cuobjdump();
  command += "' -sass -arch " + arch + " /proc/self/exe";
  const std::string sass = run(command);
  std::map<std::string, std::map<std::string, int>> out;
  static const std::regex kFunction(R"(Function : (\S+))");
  static const std::regex kInstruction(
      R"(/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*))");
  std::istringstream lines(sass);
  std::string line, current;
  std::smatch m;
  while (std::getline(lines, line)) {
    if (std::regex_search(line, m, kFunction)) {
      current = m[1];
    } else if (!current.empty() && std::regex_search(line, m, kInstruction)) {
      ++out[current][m[1]];
    }
  }
  return out;
}

// FMAs in the kernel whose template argument is `type`, counting opcodes that match `fma`.
int fma_count(const std::map<std::string, std::map<std::string, int>>& kernels,
              const std::string& type, const std::regex& fma, std::string& seen) {
  int count = 0;
  for (const auto& [name, ops] : kernels) {
    if (name.find("fma_chains_kernelI" + type + "E") == std::string::npos) continue;
    for (const auto& [op, n] : ops) {
      seen += op + ":" + std::to_string(n) + " ";
      if (std::regex_match(op, fma)) count += n;
    }
  }
  return count;
}

void expect_unrolled_fmas(const std::string& arch, const std::string& type, const char* fma) {
  const auto kernels = opcodes(arch);
  ASSERT_FALSE(kernels.empty()) << "cuobjdump found no " << arch << " code in the test binary";
  std::string seen;
  const int count = fma_count(kernels, type, std::regex(fma), seen);
  constexpr int kTrip = probes::cuda::kFmaUnroll * probes::cuda::kFmaChains;
  EXPECT_GT(count, 0) << arch << " " << type << ": no " << fma << " in " << seen;
  EXPECT_EQ(count % kTrip, 0) << arch << " " << type << ": " << count << " x " << fma
                              << ", not whole trips of " << kTrip << " (" << seen << ")";
}

class FmaSass : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuobjdump().empty())
      GTEST_SKIP() << "cuobjdump is not in this CUDA toolkit (set ROOFLAB_CUOBJDUMP to one)";
  }
};

}  // namespace

TEST_F(FmaSass, HopperChainsUseDfmaFfmaHfma2AndBf16Hfma2) {
  expect_unrolled_fmas("sm_90", "d", "DFMA.*");
  expect_unrolled_fmas("sm_90", "f", "FFMA.*");
  expect_unrolled_fmas("sm_90", "7__half2", "HFMA2(\\.MMA)?");
  expect_unrolled_fmas("sm_90", "14__nv_bfloat162", "HFMA2.*BF16.*");
}

TEST_F(FmaSass, AmpereChainsUseTheSameInstructions) {
  expect_unrolled_fmas("sm_80", "d", "DFMA.*");
  expect_unrolled_fmas("sm_80", "f", "FFMA.*");
  expect_unrolled_fmas("sm_80", "7__half2", "HFMA2(\\.MMA)?");
  expect_unrolled_fmas("sm_80", "14__nv_bfloat162", "HFMA2.*BF16.*");
}
