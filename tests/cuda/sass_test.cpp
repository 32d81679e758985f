// The peak-FLOP probes' kernels really contain the instructions their declared work counts:
// cuobjdump disassembles this test binary's own device code (the probes are linked in), per
// architecture, and every chain kernel must hold a whole number of unrolled trips of its
// instruction: kFmaUnroll × kFmaChains FMAs of its precision, kTensorUnroll × kMmaChains
// HMMA/IMMA/DMMA per mma.sync kernel, kTensorUnroll HGMMA/IGMMA/QGMMA of its type per wgmma kernel
// (sm_90a). No GPU is needed. The nested SAXPY's 16-bit kernels likewise hold the paired FMA their
// roofs are measured with.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <utility>

#include "kernels/cuda/half.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "probes/cuda/fma_chains.hpp"
#include "probes/cuda/tensor_chains.hpp"

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

// What `cuobjdump OPTIONS` prints about this binary.
std::string cuobjdump_this(const std::string& options) {
  std::string command = "'";
  command += cuobjdump();
  command += "' " + options + " '" + this_binary() + "'";
  return run(command);
}

// Whether this binary holds SASS for `arch` (CMAKE_CUDA_ARCHITECTURES or CUDAARCHS may leave an
// architecture out: CI builds Hopper's alone).
bool built_for(const std::string& arch) {
  return cuobjdump_this("--list-elf").find("." + arch + ".cubin") != std::string::npos;
}

// Kernel (mangled name) → opcode → count.
using Opcodes = std::map<std::string, std::map<std::string, int>>;

// The opcodes of `cuobjdump -sass -arch <arch>`.
Opcodes disassemble(const std::string& arch) {
  const std::string sass = cuobjdump_this("-sass -arch " + arch);
  Opcodes out;
  static const std::regex kFunction(R"(Function : (.+))");
  // The opcode with its modifiers, shapes in lower case too ("DMMA.8x8x4",
  // "HGMMA.64x128x8.F32.TF32").
  static const std::regex kInstruction(
      R"(/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Za-z0-9_.]*))");
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

// Disassembled once per architecture: cuobjdump takes seconds each time.
const Opcodes& opcodes(const std::string& arch) {
  static std::map<std::string, Opcodes> cache;
  auto [it, added] = cache.try_emplace(arch);
  if (added) it->second = disassemble(arch);
  return it->second;
}

// One chain kernel, as cuobjdump names it: mangled or demangled.
struct ChainKernel {
  std::string mangled, demangled;  // "fma_chains_kernelIdE", "fma_chains_kernel<double>"
  bool named_by(const std::string& name) const {
    return name.find(mangled) != std::string::npos || name.find(demangled) != std::string::npos;
  }
};

ChainKernel fma_kernel(const std::string& mangled, const std::string& demangled) {
  return {"fma_chains_kernelI" + mangled + "E", "fma_chains_kernel<" + demangled + ">"};
}

// The kernel template of `kernel` ("mma_chains_kernel") for one TensorInstruction.
ChainKernel tensor_kernel(const std::string& kernel, probes::cuda::TensorInstruction i) {
  const std::string index = std::to_string(static_cast<int>(i));
  return {kernel + "ILNS0_17TensorInstructionE" + index + "E",
          kernel + "<(probes::cuda::TensorInstruction)" + index + ">"};
}

// FMAs in the chain kernel of `type`, counting opcodes that match `fma`; `seen` lists what the
// kernel holds (or, when no kernel has that name, every chain kernel's name).
int fma_count(const Opcodes& kernels, const ChainKernel& type, const std::regex& fma,
              std::string& seen) {
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
      if (name.find("_chains_kernel") != std::string::npos) seen += "[" + name + "] ";
  return count;
}

// Expects whole trips of `fma` in the kernel; returns how many it holds.
int expect_unrolled(const std::string& arch, const ChainKernel& type, const char* fma, int trip) {
  const Opcodes& kernels = opcodes(arch);
  if (kernels.empty()) {
    ADD_FAILURE() << "cuobjdump found no " << arch << " code in the test binary";
    return 0;
  }
  std::string seen;
  const int count = fma_count(kernels, type, std::regex(fma), seen);
  EXPECT_GT(count, 0) << arch << " " << type.demangled << ": no " << fma << " in " << seen;
  EXPECT_EQ(count % trip, 0) << arch << " " << type.demangled << ": " << count << " x " << fma
                             << ", not whole trips of " << trip << " (" << seen << ")";
  return count;
}

void expect_unrolled_fmas(const std::string& arch, const ChainKernel& type, const char* fma) {
  expect_unrolled(arch, type, fma, probes::cuda::kFmaUnroll * probes::cuda::kFmaChains);
}

// Every mma.sync kernel holds whole trips of its matrix instruction on `arch`.
void expect_mma_sync(const std::string& arch) {
  using probes::cuda::TensorInstruction;
  constexpr int kTrip = probes::cuda::kTensorUnroll * probes::cuda::kMmaChains;
  expect_unrolled(arch, tensor_kernel("mma_chains_kernel", TensorInstruction::mma_f16),
                  "HMMA\\.16816\\.F32", kTrip);
  expect_unrolled(arch, tensor_kernel("mma_chains_kernel", TensorInstruction::mma_bf16),
                  "HMMA\\.16816\\.F32\\.BF16", kTrip);
  expect_unrolled(arch, tensor_kernel("mma_chains_kernel", TensorInstruction::mma_tf32),
                  "HMMA\\.1688\\.F32\\.TF32", kTrip);
  expect_unrolled(arch, tensor_kernel("mma_chains_kernel", TensorInstruction::mma_s8),
                  "IMMA\\.16832\\.S8\\.S8.*", kTrip);
}

class FmaSass : public ::testing::Test {
 protected:
  void SetUp() override {
    // Taking the launcher's address links the probe's object, and with it its device code, into
    // this binary (a static library contributes only the objects a binary refers to).
    [[maybe_unused]] auto* volatile launcher = &probes::cuda::fma_chains_launch;
    [[maybe_unused]] auto* volatile tensor = &probes::cuda::tensor_chains_launch;
    if (cuobjdump().empty())
      GTEST_SKIP() << "cuobjdump is not in this CUDA toolkit (set ROOFLAB_CUOBJDUMP to one)";
  }
};

const ChainKernel kDouble = fma_kernel("d", "double"), kFloat = fma_kernel("f", "float"),
                  kHalf2 = fma_kernel("7__half2", "__half2"),
                  kBfloat162 = fma_kernel("14__nv_bfloat162", "__nv_bfloat162");

}  // namespace

TEST_F(FmaSass, HopperChainsUseDfmaFfmaHfma2AndBf16Hfma2) {
  expect_unrolled_fmas("sm_90", kDouble, "DFMA.*");
  expect_unrolled_fmas("sm_90", kFloat, "FFMA.*");
  expect_unrolled_fmas("sm_90", kHalf2, "HFMA2(\\.MMA)?");
  expect_unrolled_fmas("sm_90", kBfloat162, "HFMA2.*BF16.*");
}

TEST_F(FmaSass, AmpereChainsUseTheSameInstructions) {
  if (!built_for("sm_80")) GTEST_SKIP() << "built without sm_80";
  expect_unrolled_fmas("sm_80", kDouble, "DFMA.*");
  expect_unrolled_fmas("sm_80", kFloat, "FFMA.*");
  expect_unrolled_fmas("sm_80", kHalf2, "HFMA2(\\.MMA)?");
  expect_unrolled_fmas("sm_80", kBfloat162, "HFMA2.*BF16.*");
}

TEST_F(FmaSass, MmaSyncChainsUseHmmaImmaAndDmmaOnAmpereAndHopper) {
  using probes::cuda::TensorInstruction;
  constexpr int kTrip = probes::cuda::kTensorUnroll * probes::cuda::kMmaChains;
  if (built_for("sm_80")) {
    expect_mma_sync("sm_80");
    expect_unrolled("sm_80", tensor_kernel("mma_chains_kernel", TensorInstruction::mma_f64),
                    "DMMA\\.884", kTrip);
  }
  expect_mma_sync("sm_90");
  // cuobjdump writes Hopper's DMMA shapes in lower case ("DMMA.8x8x4", "DMMA.16x8x16").
  expect_unrolled("sm_90", tensor_kernel("mma_chains_kernel", TensorInstruction::mma_f64_k16),
                  "DMMA\\.16x8x16", kTrip);
}

TEST_F(FmaSass, WgmmaChainsUseHgmmaIgmmaAndQgmmaOfTheirTypeOnSm90a) {
  using probes::cuda::TensorInstruction;
  const int trip = probes::cuda::kTensorUnroll;
  const auto wgmma = [&](TensorInstruction i, const char* opcode) {
    return expect_unrolled("sm_90a", tensor_kernel("wgmma_chains_kernel", i), opcode, trip);
  };
  // One kernel template: every type holds as many as f16, or ptxas dropped some as dead (it did,
  // when e4m3's restarting scale-d was a constant: 16 QGMMA against 40).
  const int f16 = wgmma(TensorInstruction::wgmma_f16, "HGMMA\\.64x128x16\\.F32");
  EXPECT_EQ(wgmma(TensorInstruction::wgmma_bf16, "HGMMA\\.64x128x16\\.F32\\.BF16"), f16);
  EXPECT_EQ(wgmma(TensorInstruction::wgmma_tf32, "HGMMA\\.64x128x8\\.F32\\.TF32"), f16);
  EXPECT_EQ(wgmma(TensorInstruction::wgmma_s8, "IGMMA\\.64x128x32\\.S8\\.S8"), f16);
  EXPECT_EQ(wgmma(TensorInstruction::wgmma_e4m3, "QGMMA\\.64x128x32\\.F32\\.E4M3\\.E4M3"), f16);
}

TEST_F(FmaSass, NestedSaxpyPairsSixteenBitElementsInHfma2OnHopper) {
  [[maybe_unused]] auto* volatile half = &kernels::cuda::nested_saxpy_launch<__half>;
  [[maybe_unused]] auto* volatile bf16 = &kernels::cuda::nested_saxpy_launch<__nv_bfloat16>;
  const auto kernels = opcodes("sm_90");
  // At m = 1024, one trip of the unrolled depth loop alone is 32 steps × 8 items × 4 pairs, single
  // and double-buffered.
  for (const bool buffered : {false, true}) {
    const auto kernel = [&](const std::string& mangled, const std::string& demangled) {
      return ChainKernel{
          "nested_saxpy_kernelI" + mangled + "Li1024ELb" + (buffered ? "1" : "0") + "E",
          "nested_saxpy_kernel<" + demangled + ", 1024, " + (buffered ? "true" : "false") + ">"};
    };
    for (const auto& [type, fma] :
         {std::pair{kernel("6__half", "__half"), "HFMA2(\\.MMA)?"},
          std::pair{kernel("13__nv_bfloat16", "__nv_bfloat16"), "HFMA2.*BF16.*"}}) {
      std::string seen;
      EXPECT_GE(fma_count(kernels, type, std::regex(fma), seen), 32 * 8 * 4) << seen;
      std::string none;
      EXPECT_EQ(fma_count(kernels, type, std::regex("FFMA.*"), none), 0) << seen;
    }
  }
}
