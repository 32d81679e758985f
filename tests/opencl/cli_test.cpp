// The OpenCL backend through the command line: listed devices, a clean "no platform found",
// and bad device ids and sizes refused with exit code 2 and a message that names them.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "command.hpp"
#include "temp_dir.hpp"

namespace {

test_support::Outcome rooflab(const std::string& args, const std::string& env = "") {
  return test_support::run_command(env + " '" ROOFLAB_BIN "' " + args);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(OpenClCli, DevicesListsEveryPlatformAndDevice) {
  const auto r = rooflab("devices");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "\nopencl:0:0 ")) << r.output;
}

// The look-back scan runs only when named (it needs forward progress OpenCL does not promise):
// list shows it, marked so, and the default suite's variants are not.
TEST(OpenClCli, ListShowsTheVariantsThatRunOnlyWhenNamed) {
  const auto r = rooflab("list -d opencl:0:0 --family scan");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto runs = [&](const std::string& variant) {
    const std::size_t at = r.output.find("\n    " + variant + " ");
    if (at == std::string::npos) return std::string("not listed");
    std::istringstream line(r.output.substr(at + 1));
    std::string name, next;
    line >> name >> next;
    return next;
  };
  EXPECT_EQ(runs("decoupled_lookback_local"), "opt-in") << r.output;
  EXPECT_EQ(runs("scan_then_fan_local"), "quick") << r.output;
}

TEST(OpenClCli, NoPlatformIsAnUnavailableBackendNotAnError) {
  // The ICD loader reads its vendor list from this empty folder: no platform at all.
  std::string dir = (std::filesystem::temp_directory_path() / "rooflab_no_icd_XXXXXX").string();
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const auto r = rooflab("devices", "OCL_ICD_VENDORS='" + dir + "'");
  std::filesystem::remove(dir);
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "opencl: unavailable (no platform found)")) << r.output;
  EXPECT_TRUE(contains(r.output, "cpu ")) << r.output;
}

TEST(OpenClCli, AnInvalidDeviceIndexIsBadInput) {
  const auto r = rooflab("run -d opencl:9:0");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "unknown device 'opencl:9:0'")) << r.output;
  EXPECT_TRUE(contains(r.output, "opencl:0:0")) << r.output;  // the devices there are
}

TEST(OpenClCli, ASizeBeyondTheLargestAllocationIsBadInput) {
  const auto r = rooflab("run -d opencl:0:0 --size 64G");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "68719476736")) << r.output;
  EXPECT_TRUE(contains(r.output, "CL_DEVICE_MAX_MEM_ALLOC_SIZE")) << r.output;
}

// An OpenCL CPU device's memory is the host's: its DRAM ceiling comes only from working sets past
// a measured DRAM onset. A sweep that --max-working-set stops at 1 MiB records none, and the
// ceiling its largest points would have given is listed as refused, with why.
TEST(OpenClCli, ACpuDevicesSweepCappedAt1MiBRecordsNoDramCeiling) {
  const test_support::TempDir temp("opencl_cli_capped_sweep");
  const std::string out = (temp.path() / "machine.json").string();
  const auto r = rooflab(
      "probe -d opencl:0:0 --max-working-set 1M --repetitions 3 "
      "--min-sample-time 0.001 -o '" +
      out + "'");
  ASSERT_EQ(r.code, 0) << r.output;
  const nlohmann::json device = nlohmann::json::parse(std::ifstream(out)).at("devices").at(0);
  if (device.at("facts").value("device_type", "") != "CPU")
    GTEST_SKIP() << "opencl:0:0 is a " << device.at("facts").value("device_type", "?")
                 << " device: its DRAM has no onset rule";
  for (const auto& m : device.at("ceilings").at("memory")) EXPECT_NE(m.at("level"), "DRAM") << m;
  for (const auto& c : device.at("caches"))
    if (c.at("size_bytes").get<double>() >= 1 << 20)
      GTEST_SKIP() << "opencl:0:0 reports a " << c.at("size_bytes")
                   << " B cache, which holds the whole sweep: no DRAM ceiling to refuse";
  int refused = 0;
  for (const auto& c : device.at("ceilings").value("refused", nlohmann::json::array())) {
    if (c.at("roof").get<std::string>().rfind("DRAM ", 0) != 0) continue;
    ++refused;
    EXPECT_TRUE(
        contains(c.at("reason").get<std::string>(), "--max-working-set 1 MiB stopped it short"))
        << c;
  }
  EXPECT_GT(refused, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "warning: opencl:0:0: DRAM ")) << r.output;
}
