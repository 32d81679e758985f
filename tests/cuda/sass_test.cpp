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

// This test binary (the shell that popen starts has its own /proc/self/exe).
std::string this_binary() { return std::filesystem::read_symlink("/proc/self/exe").string(); }

// Kernel (mangled name) → opcode → count, from `cuobjdump -sass -arch <arch>`.
std::map<std::string, std::map<std::string, int>> opcodes(const std::string& arch) {
  std::string command = "'";
  command += cuobjdump();
  command += "' -sass -arch " + arch + " '" + this_binary() + "'";
  const std::string sass = run(command);
  std::map<std::string, std::map<std::string, int>> out;
  static const std::regex kFunction(R"(Function : (.+))");
  static const std::regex kInstruction(
      R"(/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*))");
  static const std::regex kConstantMove(R"(, -?RZ, -?RZ, )");
  std::istringstream lines(sass);
  std::string line, current;
  std::smatch m;
  while (std::getline(lines, line)) {
    if (std::regex_search(line, m, kFunction)) {
      current = m[1];
    } else if (!current.empty() && std::regex_search(line, m, kInstruction)) {
      // ptxas also sets registers to constants with an FMA of zeros ("HFMA2.MMA R3, -RZ, RZ, 0,
      // 0"): such a move is kept apart, as "HFMA2.MMA(move)", so that it is not counted.
      ++out[current][m[1].str() + (std::regex_search(line, kConstantMove) ? "(move)" : "")];
    }
  }
  return out;
}

// The chain kernel of one element type, as cuobjdump names it: mangled or demangled.
struct ChainKernel {
  std::string mangled, demangled;  // "d", "double"
  bool named_by(const std::string& name) const {
    return name.find("fma_chains_kernelI" + mangled + "E") != std::string::npos ||
           name.find("fma_chains_kernel<" + demangled + ">") != std::string::npos;
  }
};

// FMAs in the chain kernel of `type`, counting opcodes that match `fma`; `seen` lists what the
// kernel holds (or, when no kernel has that name, every chain kernel's name).
int fma_count(const std::map<std::string, std::map<std::string, int>>& kernels,
              const ChainKernel& type, const std::regex& fma, std::string& seen) {
  int count = 0;
  for (const auto& [name, ops] : kernels) {
    if (!type.named_by(name)) continue;
    for (const auto& [op, n] : ops) {
      seen += op + ":" + std::to_string(n) + " ";
      if (std::regex_match(op, fma)) count += n;
    }
  }
  if (seen.empty())
    for (const auto& [name, ops] : kernels)
      if (name.find("fma_chains") != std::string::npos) seen += "[" + name + "] ";
  return count;
}

void expect_unrolled_fmas(const std::string& arch, const ChainKernel& type, const char* fma) {
  const auto kernels = opcodes(arch);
  ASSERT_FALSE(kernels.empty()) << "cuobjdump found no " << arch << " code in the test binary";
  std::string seen;
  const int count = fma_count(kernels, type, std::regex(fma), seen);
  constexpr int kTrip = probes::cuda::kFmaUnroll * probes::cuda::kFmaChains;
  EXPECT_GT(count, 0) << arch << " " << type.demangled << ": no " << fma << " in " << seen;
  EXPECT_EQ(count % kTrip, 0) << arch << " " << type.demangled << ": " << count << " x " << fma
                              << ", not whole trips of " << kTrip << " (" << seen << ")";
}

class FmaSass : public ::testing::Test {
 protected:
  void SetUp() override {
    // Taking the launcher's address links the probe's object, and with it its device code, into
    // this binary (a static library contributes only the objects a binary refers to).
    [[maybe_unused]] auto* volatile launcher = &probes::cuda::fma_chains_launch;
    if (cuobjdump().empty())
      GTEST_SKIP() << "cuobjdump is not in this CUDA toolkit (set ROOFLAB_CUOBJDUMP to one)";
  }
};

const ChainKernel kDouble{"d", "double"}, kFloat{"f", "float"}, kHalf2{"7__half2", "__half2"},
    kBfloat162{"14__nv_bfloat162", "__nv_bfloat162"};

}  // namespace

TEST_F(FmaSass, HopperChainsUseDfmaFfmaHfma2AndBf16Hfma2) {
  expect_unrolled_fmas("sm_90", kDouble, "DFMA.*");
  expect_unrolled_fmas("sm_90", kFloat, "FFMA.*");
  expect_unrolled_fmas("sm_90", kHalf2, "HFMA2(\\.MMA)?");
  expect_unrolled_fmas("sm_90", kBfloat162, "HFMA2.*BF16.*");
}

TEST_F(FmaSass, AmpereChainsUseTheSameInstructions) {
  expect_unrolled_fmas("sm_80", kDouble, "DFMA.*");
  expect_unrolled_fmas("sm_80", kFloat, "FFMA.*");
  expect_unrolled_fmas("sm_80", kHalf2, "HFMA2(\\.MMA)?");
  expect_unrolled_fmas("sm_80", kBfloat162, "HFMA2.*BF16.*");
}
