#include "roofline/json_io.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>

#include "roofline/json_schema.hpp"
#include "sample.hpp"
#include "temp_dir.hpp"

using namespace roofline;
namespace fs = std::filesystem;

TEST(JsonIo, ResultsRoundTripIsLossless) {
  const auto original = sample::results();
  const auto j = to_json(original);
  EXPECT_EQ(j["schema"], "rooflab.results/1");
  EXPECT_EQ(j["machine"]["schema"], "rooflab.machine/1");
  const auto back = results_from_json(j);
  EXPECT_EQ(to_json(back), j);
  ASSERT_EQ(back.results.size(), 2u);
  EXPECT_TRUE(back.results[0].placement.has_value());
  EXPECT_TRUE(back.results[0].placement->efficiency_now.has_value());
  EXPECT_EQ(back.results[0].roof_now->median, 17.5e9);
  EXPECT_EQ(back.results[0].sample_seconds, 0.016);
  EXPECT_EQ(back.results[0].calls_per_sample, 1600);
  EXPECT_EQ(back.results[1].calls_per_sample, 0);  // not recorded: not written
  EXPECT_FALSE(back.results[1].placement.has_value());
  EXPECT_FALSE(back.results[1].roof_now.has_value());
  EXPECT_FALSE(back.results[1].verification.passed);
  EXPECT_FALSE(back.results[0].study.has_value());
  ASSERT_TRUE(back.results[1].study.has_value());
  EXPECT_EQ(back.results[1].study->label, "vector length (elements)");
  // The algorithm's traffic is written only when a variant declares it.
  EXPECT_FALSE(j["results"][0]["work"].contains("algorithm_bytes"));
  EXPECT_EQ(back.results[1].work.algorithm_bytes, 1.5 * back.results[1].work.bytes);
  EXPECT_EQ(back.machine.devices[0].memory[0].working_set_max, 16384);
  ASSERT_EQ(back.roof_checks.size(), 2u);
  EXPECT_EQ(back.roof_checks[1].params["when"], "after");
}

TEST(JsonIo, MachineRoundTripThroughAFile) {
  const test_support::TempDir temp("json");
  const fs::path& dir = temp.path();
  MachineProfile m;
  m.provenance = sample::provenance();
  m.devices = {sample::cpu()};
  write_json_atomic(dir / "machine.json", to_json(m));
  const auto back = machine_from_json(read_json_file(dir / "machine.json"));
  EXPECT_EQ(to_json(back), to_json(m));
  // Only the file itself remains: the temporary file was renamed.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}), 1);
}

TEST(JsonIo, LatencyAndTheHostLinkRoundTripAndAreOptional) {
  MachineProfile m;
  m.provenance = sample::provenance();
  m.devices = {sample::cpu(), sample::gpu()};
  const nlohmann::json j = to_json(m);
  EXPECT_FALSE(schema_failure(j, "rooflab.machine-1"));
  const auto back = machine_from_json(j);
  EXPECT_EQ(to_json(back), j);
  ASSERT_EQ(back.devices[1].link.size(), 4u);
  EXPECT_EQ(back.devices[1].link[3].direction, "both");
  EXPECT_EQ(back.devices[0].latency[1].kind, "fork_join");
  // Profiles of earlier builds have neither: they read as none, and none is not written.
  nlohmann::json old = j;
  old["devices"][1].erase("link");
  old["devices"][1]["ceilings"].erase("latency");
  const auto bare = machine_from_json(old);
  EXPECT_TRUE(bare.devices[1].link.empty());
  EXPECT_TRUE(bare.devices[1].latency.empty());
  EXPECT_EQ(to_json(bare), old);
  EXPECT_FALSE(to_json(bare)["devices"][1].contains("link"));
}

TEST(JsonIo, SustainedRatesRoundTripAndAreOptional) {
  MachineProfile m;
  m.provenance = sample::provenance();
  m.devices = {sample::gpu()};
  EXPECT_FALSE(to_json(m)["devices"][0]["ceilings"].contains("sustained"));
  m.devices[0].sustained = {{.precision = Precision::fp16_tensor,
                             .call = "cublasGemmEx f16 x f16 -> f32, CUBLAS_COMPUTE_32F, n = 8192",
                             .flops_per_s = sample::around(620e12),
                             .burst_flops_per_s = 760e12,
                             .seconds = 0.7,
                             .clock_hz = 1.605e9,
                             .power_w = 699,
                             .power_limit_w = 700,
                             .limiters = "software power cap",
                             .method = "random operands"}};
  const nlohmann::json j = to_json(m);
  EXPECT_FALSE(schema_failure(j, "rooflab.machine-1"));
  const auto back = machine_from_json(j);
  EXPECT_EQ(to_json(back), j);
  ASSERT_EQ(back.devices[0].sustained.size(), 1u);
  EXPECT_EQ(back.devices[0].sustained[0].precision, Precision::fp16_tensor);
  EXPECT_EQ(back.devices[0].sustained[0].limiters, "software power cap");
  nlohmann::json bad = j;
  bad["devices"][0]["ceilings"]["sustained"][0].erase("clock_hz");
  EXPECT_TRUE(schema_failure(bad, "rooflab.machine-1"));
}

TEST(JsonIo, AcceptsOlderMinorVersionsAndRejectsOtherMajors) {
  auto j = to_json(sample::results());
  j["schema"] = "rooflab.results/1.3";
  EXPECT_NO_THROW(results_from_json(j));
  j.erase("roof_checks");  // files of builds before the roof checks
  EXPECT_TRUE(results_from_json(j).roof_checks.empty());
  j["results"][0].erase("roof_now");  // and before the roof of the same seconds
  j["results"][0]["placement"].erase("efficiency_now");
  const auto older = results_from_json(j);
  EXPECT_FALSE(older.results[0].roof_now.has_value());
  EXPECT_FALSE(older.results[0].placement->efficiency_now.has_value());
  j["schema"] = "rooflab.results/2";
  try {
    results_from_json(j);
    FAIL() << "major version 2 was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown major version 2"), std::string::npos) << e.what();
  }
  j["schema"] = "rooflab.machine/1";
  EXPECT_THROW(results_from_json(j), InputError);
  j.erase("schema");
  EXPECT_THROW(results_from_json(j), InputError);
}

TEST(JsonIo, MissingFieldIsNamed) {
  auto j = to_json(sample::results());
  j["results"][0].erase("work");
  try {
    results_from_json(j);
    FAIL() << "a record without work was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("work"), std::string::npos) << e.what();
  }
}

TEST(JsonIo, NonFiniteNumbersBecomeNullSoTheFileStillParses) {
  auto r = sample::results();
  r.results[1].verification.max_error = std::nan("");
  const auto text = to_json(r).dump();
  const auto parsed = nlohmann::json::parse(text);
  EXPECT_TRUE(parsed["results"][1]["verification"]["max_error"].is_null());
  EXPECT_NO_THROW(results_from_json(parsed));
}

TEST(JsonIo, MissingAndMalformedFilesAreNamed) {
  const test_support::TempDir temp("json");
  const fs::path& dir = temp.path();
  try {
    read_json_file(dir / "absent.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("absent.json"), std::string::npos);
  }
  std::ofstream(dir / "torn.json") << "{\"schema\": \"rooflab.results/1\", \"resu";
  try {
    read_json_file(dir / "torn.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("torn.json"), std::string::npos);
  }
}

// The message read_json_file throws for `text`.
std::string parse_failure(const fs::path& file, const std::string& text) {
  std::ofstream(file) << text;
  try {
    read_json_file(file);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(read)";
}

TEST(JsonIo, ParseErrorsNameTheFileAndThePath) {
  const test_support::TempDir temp("json_parse");
  const fs::path file = temp.path() / "r.json";
  const std::string named = "'" + file.string() + "': ";
  // A number beyond double's range, deep in the second result, where a marker number was.
  nlohmann::json marked = to_json(sample::results());
  marked["results"][1]["time"]["median"] = 12345.5;
  const std::string text = marked.dump(1);
  const std::size_t marker = text.find("12345.5");
  const std::string overflow = std::string(text).replace(marker, 7, "1e400");
  EXPECT_EQ(parse_failure(file, overflow),
            named +
                "results[1].time.median: not valid JSON: number overflow parsing '1e400' (at "
                "byte offset " +
                std::to_string(marker) + ")");
  // In an array, the element being read.
  EXPECT_EQ(
      parse_failure(file, R"({"a": {"b": [1, {"c": [2, 1e999]}]}})"),
      named + "a.b[1].c[1]: not valid JSON: number overflow parsing '1e999' (at byte offset 26)");
  // A truncated file: the object it ends in.
  const std::string torn = parse_failure(file, text.substr(0, marker + 7));
  EXPECT_EQ(torn.rfind(named + "results[1].time: not valid JSON: parse error at line ", 0), 0u)
      << torn;
  EXPECT_NE(torn.find("unexpected end of input"), std::string::npos) << torn;
  EXPECT_EQ(parse_failure(file, R"({"a": [1, 2 x])"),
            named +
                "a[2]: not valid JSON: parse error at line 1, column 13: syntax error while "
                "parsing array - invalid literal; last read: '2 x'; expected ']'");
  EXPECT_EQ(parse_failure(file, "").rfind(named + "not valid JSON: parse error at line 1", 0), 0u);
}

TEST(JsonIo, AnInputFileReadsResultByResultAsAWholeTreeReads) {
  const test_support::TempDir temp("json_input");
  const fs::path file = temp.path() / "r.json";
  const nlohmann::json whole = to_json(sample::results());
  write_json_atomic(file, whole);
  InputFile input(file);
  EXPECT_TRUE(input.tree()["results"].empty());  // not kept as a tree
  EXPECT_EQ(to_json(std::move(input).results()), whole);
  // A repeated "results" field replaces the earlier one, as in a tree.
  std::string text = whole.dump();
  text.insert(1, R"("results": [7],)");
  std::ofstream(file) << text;
  EXPECT_EQ(to_json(InputFile(file).results()), whole);
}

TEST(JsonIo, HostileNestingIsRefusedWhileParsing) {
  const test_support::TempDir temp("json_deep");
  const fs::path& dir = temp.path();
  // 100,000 levels overflowed the stack of every recursive walk (report, compare) before.
  const std::size_t levels = 100000;
  std::ofstream(dir / "deep.json") << R"({"schema": "rooflab.results/1", "params": )"
                                   << std::string(levels, '[') << std::string(levels, ']') << "}";
  try {
    read_json_file(dir / "deep.json");
    FAIL() << "a file nested 100,000 levels deep was read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "'" + (dir / "deep.json").string() + "' nests deeper than " +
                                         std::to_string(kMaxJsonDepth) + " levels");
  }
  // The deepest allowed still reads.
  std::ofstream(dir / "deepest.json")
      << std::string(kMaxJsonDepth, '[') << std::string(kMaxJsonDepth, ']');
  EXPECT_NO_THROW(read_json_file(dir / "deepest.json"));
}

// The bytes `[ "` and then the letter x without end: a string that never closes; counts the bytes
// read.
class EndlessString : public std::streambuf {
 public:
  std::size_t read = 0;

 protected:
  int_type underflow() override {
    block_.assign(4096, 'x');
    if (read == 0) block_.replace(0, 3, "[ \"");
    read += block_.size();
    setg(block_.data(), block_.data(), block_.data() + block_.size());
    return traits_type::to_int_type(block_[0]);
  }

 private:
  std::string block_;
};

TEST(JsonIo, AnOverlongStringIsRefusedAsItsBytesAreRead) {
  EndlessString endless;
  std::istream in(&endless);
  try {
    parse_json(in, "endless.json");
    FAIL() << "a string without end was read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "'endless.json': the string at byte offset 2 is longer than " +
                                         std::to_string(kMaxJsonString) +
                                         " bytes: no Rooflab file holds one");
  }
  // Refused within a block or two of the bound, not after reading on.
  EXPECT_LT(endless.read, kMaxJsonString + (std::size_t{1} << 17));
  // Escaped quotes do not end a string; the longest allowed, and many strings, still read.
  std::istringstream escaped("[\"a\\\"b\", \"" + std::string(kMaxJsonString, 'y') + "\"]");
  EXPECT_EQ(parse_json(escaped, "long.json")[0], "a\"b");
}

TEST(JsonIo, AFailedWriteLeavesNothingBehind) {
  const test_support::TempDir temp("json");
  const fs::path& dir = temp.path();
  EXPECT_THROW(write_file_atomic(dir / "no-such-folder" / "x.json", "{}"), std::runtime_error);
  EXPECT_FALSE(fs::exists(dir / "no-such-folder"));
  write_file_atomic(dir / "x.json", "old");
  write_file_atomic(dir / "x.json", "new");
  std::ifstream in(dir / "x.json");
  std::string content;
  in >> content;
  EXPECT_EQ(content, "new");
}

TEST(JsonIo, SensorsRoundTripAndFilesWithoutThemLoad) {
  const auto original = sample::results();
  nlohmann::json j = to_json(original);
  const auto back = results_from_json(j);
  ASSERT_TRUE(back.results[0].sensors);
  EXPECT_EQ(*back.results[0].sensors->energy_j.value, 15);
  EXPECT_EQ(*back.results[0].sensors->mean_power_w().value, 50);
  EXPECT_EQ(j["results"][0]["sensors"]["mean_power_w"]["value"], 50);
  EXPECT_EQ(back.results[0].sensors->temperature_c.unavailable, "not read on CPUs");
  EXPECT_FALSE(back.results[1].sensors);
  const Device& cpu = back.machine.devices.front();
  ASSERT_TRUE(cpu.compute[0].sensors);
  EXPECT_FALSE(cpu.compute[1].sensors);
  ASSERT_TRUE(cpu.memory[2].sensors);
  ASSERT_TRUE(cpu.sweep[0].sensors);
  ASSERT_TRUE(cpu.memory[2].energy_window);
  EXPECT_EQ(*cpu.memory[2].energy_window->mean_power_w().value, 46);
  EXPECT_FALSE(cpu.memory[1].energy_window);
  EXPECT_EQ(back.provenance.disturbances, original.provenance.disturbances);
  // Files written before the sensors: none of their fields.
  j["results"][0].erase("sensors");
  j["machine"]["devices"][0]["ceilings"]["compute"][0].erase("sensors");
  j["machine"]["devices"][0]["ceilings"]["memory"][2].erase("sensors");
  j["machine"]["devices"][0]["ceilings"]["memory"][2].erase("energy_window");
  j["machine"]["devices"][0]["sweep"][0].erase("sensors");
  j["provenance"].erase("disturbances");
  const auto old = results_from_json(j);
  EXPECT_FALSE(old.results[0].sensors);
  EXPECT_FALSE(old.machine.devices.front().compute[0].sensors);
  EXPECT_TRUE(old.provenance.disturbances.empty());
}
