// rooflab profile, honest by construction: Rooflab's own verified kernels (profile_target: stream,
// nested SAXPY, GEMM and reduce cases, each called a distinct number of times) run unmodified
// under `rooflab profile`, and each case's counted work per call (the kernels launched exactly
// that many times, summed) is held to its exact work:
//  - FLOPs within 2%; a reduction (reduce, stream's read and dot) counts its partial sums' adds
//    too, which its exact work leaves out: from 1 to 1.10 of it; integer adds are no FLOPs;
//  - the stream and nested SAXPY kernels read and write every byte once through L1: within 1%.
// A table of every level's counted bytes over the bytes as referenced is printed for
// docs/performance.md (L2 from lts__t_bytes as counted, whatever its calibration). Skipped
// without a GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>

#include "command.hpp"
#include "probes/cuda/device.hpp"
#include "roofline/json_io.hpp"
#include "temp_dir.hpp"

namespace {

constexpr double kFlopsTolerance = 0.02;
constexpr double kPartialSums = 0.10;  // the most a reduction's partial sums add to its FLOPs
constexpr double kL1Tolerance = 0.01;
constexpr int kVerifyLaunches = 10;  // launches a case's prepare and verify may add

double ratio(double measured, double exact) { return exact > 0 ? measured / exact : NAN; }

}  // namespace

TEST(ProfileGpu, RooflabsOwnKernelsCountTheirExactWork) {
  const auto a = probes::cuda::cuda_availability();
  if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
  test_support::TempDir dir("profile_gpu");
  const auto cases_file = dir.path() / "cases.json", profile_file = dir.path() / "profile.json";
  const auto r = test_support::run_command(
      "'" ROOFLAB_BIN "' profile -d cuda:0 --sample 1 -o '" + profile_file.string() +
      "' -- '" PROFILE_TARGET_BIN "' '" + cases_file.string() + "'");
  ASSERT_EQ(r.code, 0) << r.output;
  std::printf("%s\n", r.output.c_str());
  const auto profile = roofline::results_from_json(roofline::read_json_file(profile_file));
  const nlohmann::json cases = nlohmann::json::parse(std::ifstream(cases_file));
  ASSERT_FALSE(cases.empty());
  std::printf("%-14s %-22s %-6s %-34s %8s %8s %8s %8s %8s\n", "family", "variant", "prec", "params",
              "kernels", "FLOPs", "L1", "L2", "DRAM");
  int compared = 0;
  for (const auto& c : cases) {
    ASSERT_TRUE(c.at("verified").get<bool>()) << c.dump();
    const long long calls = c.at("calls");
    double flops = 0;
    std::map<std::string, double> bytes;
    int kernels = 0;
    bool counted = true;
    const auto count = [](const roofline::Result& k, const char* metric) {
      const auto it = k.counters.find(metric);
      return it != k.counters.end() ? it->second.value.value_or(0) : 0.0;
    };
    for (const auto& k : profile.results) {
      if (!k.launches || k.launches->launches < calls ||
          k.launches->launches > calls + kVerifyLaunches)
        continue;
      ++kernels;
      if (!k.measured) {
        counted = false;
        continue;
      }
      flops += k.measured->flops.value_or(0);
      bytes["L1"] += count(k, "l1tex__t_bytes.sum");
      bytes["L2"] += count(k, "lts__t_bytes.sum");
      bytes["DRAM"] += count(k, "dram__bytes_read.sum") + count(k, "dram__bytes_write.sum");
    }
    const double exact_flops = c.at("flops"), exact_bytes = c.at("bytes");
    std::printf("%-14s %-22s %-6s %-34.34s %8d %8.4f %8.4f %8.4f %8.4f\n",
                c.at("family").get<std::string>().c_str(),
                c.at("variant").get<std::string>().c_str(),
                c.at("precision").get<std::string>().c_str(), c.at("params").dump().c_str(),
                kernels, ratio(flops, exact_flops), ratio(bytes["L1"], exact_bytes),
                ratio(bytes["L2"], exact_bytes), ratio(bytes["DRAM"], exact_bytes));
    EXPECT_GE(kernels, 1) << "no kernel was launched " << calls << " times: " << c.dump();
    EXPECT_TRUE(counted) << c.dump();
    if (kernels == 0 || !counted) continue;
    ++compared;
    const std::string family = c.at("family"), op = c.at("params").value("op", "");
    const bool reduction = family == "reduce" || op == "read" || op == "dot";
    if (c.at("precision") == "int32") {
      EXPECT_EQ(flops, 0) << c.dump();
    } else if (reduction) {
      EXPECT_GE(flops / exact_flops, 1 - kFlopsTolerance) << c.dump();
      EXPECT_LE(flops / exact_flops, 1 + kPartialSums) << c.dump();
    } else if (exact_flops > 0) {
      EXPECT_NEAR(flops / exact_flops, 1, kFlopsTolerance) << c.dump();
    }
    if (family == "stream" || family == "nested_saxpy") {
      EXPECT_NEAR(bytes["L1"] / exact_bytes, 1, kL1Tolerance) << c.dump();
    }
  }
  EXPECT_GT(compared, 8);
}
