// Import of a real Google Benchmark JSON: the one benchmark with flops and bytes counters lands on
// the device's roofline with its repetitions as samples; malformed files are refused by name.
#include <gtest/gtest.h>

#include <algorithm>
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

TEST(GbenchImport, TheBenchmarksWithCountersLandOnTheRoofline) {
  const auto j = run_sample_benchmark();
  ASSERT_TRUE(reports::is_gbench_json(j));
  const roofline::Device device = reports::samples::sample_device();
  const auto imported = reports::import_gbench(j, "bench.json", device);
  // BM_untagged has no counters; aggregates are skipped.
  ASSERT_EQ(imported.size(), 3u);
  EXPECT_EQ(imported[0].variant, "BM_daxpy/real_time");
  EXPECT_EQ(imported[1].variant, "BM_daxpy_cpu_time");
  EXPECT_EQ(imported[2].variant, "BM_daxpy_2_threads/real_time/threads:2");
  for (const roofline::Result& r : imported) {
    SCOPED_TRACE(r.variant);
    EXPECT_EQ(r.family, "gbench");
    EXPECT_EQ(r.params.at("source"), "bench.json");
    EXPECT_EQ(r.device, device.id);
    EXPECT_EQ(r.samples.size(), 3u);
    EXPECT_EQ(r.work.precision, roofline::Precision::fp64);  // from the label
    // Whichever time Google Benchmark divided its rates by (real time, or CPU time summed over
    // threads), multiplying them back by it gives the work of one iteration.
    EXPECT_NEAR(r.work.flops, 2.0 * 4096, 1e-6 * 2 * 4096);
    EXPECT_NEAR(r.work.bytes, 24.0 * 4096, 1e-6 * 24 * 4096);
    EXPECT_EQ(r.work.working_set, 16.0 * 4096);
    EXPECT_TRUE(r.ok());
    EXPECT_NE(r.verification.message.find("not verified by Rooflab"), std::string::npos);
  }
  // The imported rate is the work over the wall-clock time, not Google Benchmark's CPU-time one.
  const roofline::Result& by_cpu = imported[1];
  const auto& runs = j.at("benchmarks");
  const auto first_cpu_run = std::find_if(
      runs.begin(), runs.end(), [](const auto& e) { return e.at("name") == "BM_daxpy_cpu_time"; });
  ASSERT_NE(first_cpu_run, runs.end());
  const double real_seconds = first_cpu_run->at("real_time").get<double>() * 1e-9;
  EXPECT_NEAR(by_cpu.samples[0], real_seconds, 1e-12 * real_seconds);
  roofline::Result placed = by_cpu;
  roofline::place_on(placed, device);
  ASSERT_TRUE(placed.placement);
  EXPECT_NEAR(placed.placement->performance, 2.0 * 4096 / placed.time->median,
              1e-6 * 2 * 4096 / placed.time->median);
  EXPECT_EQ(imported[0].params.at("roof_threads"), 1);
  EXPECT_EQ(imported[2].params.at("roof_threads"), 2);
  EXPECT_EQ(imported[2].level, device.level_for(16.0 * 4096, 2));
}

// A benchmark of one thread is placed under the roofs the profile measured with one thread, one
// of a thread count the profile has no roofs for under the all-core roofs, and it says which.
TEST(GbenchImport, ABenchmarkIsPlacedUnderTheRoofsOfItsThreadCount) {
  const roofline::Device device = reports::samples::sample_device();  // roofs of 1 and 2 threads
  const auto imported_with = [&](int threads) {
    const nlohmann::json j = {{"context", nlohmann::json::object()},
                              {"benchmarks",
                               {{{"name", "BM_x/real_time"},
                                 {"threads", threads},
                                 {"real_time", 1.0},
                                 {"cpu_time", 1.0},
                                 {"time_unit", "s"},
                                 {"flops", 1e9},  // AI 1/8 fp64: DRAM-bound on both profiles' roofs
                                 {"bytes", 8e9},
                                 {"working_set", 1e9}}}}};
    auto r = reports::import_gbench(j, "mine.json", device).at(0);
    roofline::place_on(r, device);
    return r;
  };
  const roofline::Result one = imported_with(1);
  ASSERT_TRUE(one.placement);
  EXPECT_EQ(one.params.at("roofs"), "measured with 1 thread");
  EXPECT_NEAR(one.placement->attainable, 12e9 / 8, 1e-6 * 12e9 / 8);  // 1 thread's DRAM: 12 GB/s
  const roofline::Result four = imported_with(4);
  ASSERT_TRUE(four.placement);
  EXPECT_EQ(four.params.at("roofs"),
            "all cores (2 threads): the profile has no DRAM or fp64 roof measured with 4 threads");
  EXPECT_NEAR(four.placement->attainable, 20e9 / 8, 1e-6 * 20e9 / 8);  // all cores: 20 GB/s

  roofline::Result bad = one;
  bad.params["roof_threads"] = "many";
  EXPECT_THROW(roofline::place_on(bad, device), roofline::InputError);
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
      {"name", "BM_x"}, {"real_time", 5.0}, {"cpu_time", 4.0}, {"flops", 1.0}, {"bytes", 8.0}};
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
  EXPECT_EQ(refusal("cpu_time", nullptr),
            "'mine.json': benchmark \"BM_x\": no \"cpu_time\" (a number)");
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

TEST(GbenchImport, AggregateRowsOfAnOldFileAreNotRuns) {
  // Before run_type (Google Benchmark < 1.5) the mean and stddev rows followed the repetitions
  // under the name with a suffix, carrying the same counters.
  const auto run = [](const std::string& name, double seconds) {
    return nlohmann::json{{"name", name},     {"real_time", seconds}, {"cpu_time", seconds},
                          {"time_unit", "s"}, {"flops", 1e9},         {"bytes", 8e9}};
  };
  nlohmann::json with_name = run("BM_z_mean", 1.5);
  with_name["aggregate_name"] = "mean";
  const nlohmann::json j = {{"context", nlohmann::json::object()},
                            {"benchmarks",
                             {run("BM_z", 1.0), run("BM_z", 2.0), run("BM_z_mean", 1.5),
                              run("BM_z_stddev", 0.7), with_name, run("BM_z_stddev_like", 3.0)}}};
  const auto imported = reports::import_gbench(j, "old.json", reports::samples::sample_device());
  ASSERT_EQ(imported.size(), 2u);
  EXPECT_EQ(imported[0].variant, "BM_z");
  EXPECT_EQ(imported[0].samples.size(), 2u);
  EXPECT_EQ(imported[1].variant, "BM_z_stddev_like");  // a run whose name only looks like one
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
