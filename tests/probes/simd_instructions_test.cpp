// The peak-FLOP probe claims packed FMAs on ymm (avx2 build) and zmm (avx512 build): the object
// files must contain them, or the probe measures something else.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <regex>
#include <string>

namespace {

std::string disassemble(const std::string& object) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(
      popen((std::string(ROOFLAB_OBJDUMP) + " -d --no-show-raw-insn '" + object + "' 2>&1").c_str(),
            "r"),
      pclose);
  std::string text;
  char buffer[4096];
  while (pipe && fgets(buffer, sizeof buffer, pipe.get())) text += buffer;
  return text;
}

int count(const std::string& text, const std::string& pattern) {
  const std::regex re(pattern);
  return std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator());
}

TEST(SimdInstructions, Avx2BuildHasPackedFmasOnYmmAndScalarFmas) {
  const std::string text = disassemble(ROOFLAB_PEAK_FLOPS_AVX2_OBJECT);
  // 12 accumulators per loop, for fp32 and fp64.
  EXPECT_GE(count(text, R"(vfmadd[0-9]+pd\s+%ymm)"), 12) << text.substr(0, 2000);
  EXPECT_GE(count(text, R"(vfmadd[0-9]+ps\s+%ymm)"), 12);
  EXPECT_GE(count(text, R"(vfmadd[0-9]+sd\s+%xmm)"), 12);
  EXPECT_EQ(count(text, R"(%zmm)"), 0);
}

TEST(SimdInstructions, Avx512BuildHasPackedFmasOnZmm) {
  const std::string text = disassemble(ROOFLAB_PEAK_FLOPS_AVX512_OBJECT);
  EXPECT_GE(count(text, R"(vfmadd[0-9]+pd\s+%zmm)"), 24) << text.substr(0, 2000);
  EXPECT_GE(count(text, R"(vfmadd[0-9]+ps\s+%zmm)"), 24);
}

}  // namespace
