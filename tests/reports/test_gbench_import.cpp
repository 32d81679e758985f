// Import of a real Google Benchmark JSON: the one benchmark with flops and bytes counters lands on
// the device's roofline with its repetitions as samples; malformed files are refused by name.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

#include "reports/gbench_import.hpp"
#include "roofline/input_error.hpp"
#include "sample_results.hpp"

namespace {

nlohmann::json run_sample_benchmark() {
  const std::string cmd = "'" GBENCH_SAMPLE_BIN
                          "' --benchmark_format=json --benchmark_repetitions=3 "
                          "--benchmark_min_time=0.01 2>/dev/null";
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (std::size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  EXPECT_EQ(pclose(pipe), 0);
  return nlohmann::json::parse(out);
}

}  // namespace

TEST(GbenchImport, TheBenchmarkWithCountersLandsOnTheRoofline) {
  const auto j = run_sample_benchmark();
  ASSERT_TRUE(reports::is_gbench_json(j));
  const roofline::Device device = reports::samples::sample_device();
  const auto imported = reports::import_gbench(j, "bench.json", device);
  ASSERT_EQ(imported.size(), 1u);  // BM_untagged has no counters; aggregates are skipped
  const roofline::Result& r = imported[0];
  EXPECT_EQ(r.family, "gbench");
  EXPECT_EQ(r.variant, "BM_daxpy/real_time");
  EXPECT_EQ(r.device, device.id);
  EXPECT_EQ(r.samples.size(), 3u);
  EXPECT_EQ(r.work.precision, roofline::Precision::fp64);  // from the label
  // The rates times the real time per iteration give back the work of one iteration.
  EXPECT_NEAR(r.work.flops, 2.0 * 4096, 1e-6 * 2 * 4096);
  EXPECT_NEAR(r.work.bytes, 24.0 * 4096, 1e-6 * 24 * 4096);
  EXPECT_EQ(r.work.working_set, 16.0 * 4096);
  EXPECT_EQ(r.level, device.level_for(16.0 * 4096, 1));
  EXPECT_TRUE(r.ok());
  EXPECT_NE(r.verification.message.find("not verified by Rooflab"), std::string::npos);
}

TEST(GbenchImport, AFileWithoutCountersOrWithBadValuesIsRefusedByName) {
  const roofline::Device device = reports::samples::sample_device();
  const nlohmann::json none = {{"context", nlohmann::json::object()},
                               {"benchmarks", {{{"name", "BM_x"}, {"real_time", 5.0}}}}};
  try {
    reports::import_gbench(none, "mine.json", device);
    FAIL() << "no counters must be refused";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'mine.json'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("\"flops\""), std::string::npos) << e.what();
  }
  nlohmann::json bad = none;
  bad["benchmarks"][0]["flops"] = "fast";
  bad["benchmarks"][0]["bytes"] = 8.0;
  EXPECT_THROW(reports::import_gbench(bad, "mine.json", device), roofline::InputError);
  nlohmann::json unit = none;
  unit["benchmarks"][0]["flops"] = 1.0;
  unit["benchmarks"][0]["bytes"] = 8.0;
  unit["benchmarks"][0]["time_unit"] = "fortnights";
  EXPECT_THROW(reports::import_gbench(unit, "mine.json", device), roofline::InputError);
}

TEST(GbenchImport, FieldsOfTheWrongTypeOrMissingAreRefusedWithTheirPath) {
  const roofline::Device device = reports::samples::sample_device();
  const nlohmann::json good = {
      {"name", "BM_x"}, {"real_time", 5.0}, {"flops", 1.0}, {"bytes", 8.0}};
  const auto refusal = [&](const char* key, const nlohmann::json& value) {
    nlohmann::json entry = good;
    if (value.is_null())
      entry.erase(key);
    else
      entry[key] = value;
    const nlohmann::json j = {{"context", nlohmann::json::object()},
                              {"benchmarks", nlohmann::json::array({entry, good})}};
    try {
      reports::import_gbench(j, "mine.json", device);
    } catch (const roofline::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal("name", 3), "'mine.json': benchmarks[0]: \"name\" is not a string");
  EXPECT_EQ(refusal("run_type", 4), "'mine.json': benchmarks[0]: \"run_type\" is not a string");
  EXPECT_EQ(refusal("error_occurred", "yes"),
            "'mine.json': benchmarks[0]: \"error_occurred\" is not true or false");
  EXPECT_EQ(refusal("error_message", 5),
            "'mine.json': benchmarks[0]: \"error_message\" is not a string");
  EXPECT_EQ(refusal("label", 7), "'mine.json': benchmark \"BM_x\": \"label\" is not a string");
  EXPECT_EQ(refusal("threads", "two"),
            "'mine.json': benchmark \"BM_x\": \"threads\" is not an integer");
  EXPECT_EQ(refusal("time_unit", 9),
            "'mine.json': benchmark \"BM_x\": \"time_unit\" is not a string");
  EXPECT_EQ(refusal("real_time", nullptr),
            "'mine.json': benchmark \"BM_x\": no \"real_time\" (a number)");
  // Values no benchmark could have measured (issue 29: drawn as if real before).
  EXPECT_EQ(refusal("real_time", 0.0),
            "'mine.json': benchmark \"BM_x\": \"real_time\" is 0.0, expected a number above 0");
  EXPECT_EQ(refusal("flops", -1.0),
            "'mine.json': benchmark \"BM_x\": \"flops\" is -1.0, expected a number of 0 or more");
  EXPECT_EQ(refusal("bytes", 1.7e308),
            "'mine.json': benchmark \"BM_x\": \"bytes\" is 1.7e+308, expected at most 1e30");
  EXPECT_EQ(refusal("threads", 2147483647),
            "'mine.json': benchmark \"BM_x\": \"threads\" is 2147483647, expected 1 to 1048576");
  EXPECT_EQ(refusal("threads", 0),
            "'mine.json': benchmark \"BM_x\": \"threads\" is 0, expected 1 to 1048576");
}

TEST(GbenchImport, ABenchmarkThatFailedIsKeptAsFailed) {
  const nlohmann::json j = {
      {"context", nlohmann::json::object()},
      {"benchmarks",
       {{{"name", "BM_y"}, {"error_occurred", true}, {"error_message", "out of memory"}}}}};
  const auto imported = reports::import_gbench(j, "mine.json", reports::samples::sample_device());
  ASSERT_EQ(imported.size(), 1u);
  EXPECT_FALSE(imported[0].ok());
  EXPECT_NE(imported[0].error.find("out of memory"), std::string::npos);
}
