// The readers hold every file to the JSON Schemas in data/schema/ and refuse what breaks them with
// the path of the first failure (issue 29: each of these was read, drawn or crashed on before).
#include "roofline/json_schema.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <fstream>
#include <functional>

#include "roofline/json_io.hpp"
#include "sample.hpp"
#include "temp_dir.hpp"

using namespace roofline;
using nlohmann::json;

TEST(JsonSchema, TheValidatorImplementsEveryKeywordTheSchemasUse) {
  for (const char* name : {"rooflab.machine-1", "rooflab.results-1"})
    EXPECT_TRUE(unsupported_keywords(compiled_schema(name)).empty()) << name;
  EXPECT_EQ(unsupported_keywords(json::parse(R"({"properties": {"a": {"uniqueItems": true}}})")),
            std::vector<std::string>{"uniqueItems"});
}

TEST(JsonSchema, WhatRooflabWritesConforms) {
  const auto results = to_json(sample::results());
  EXPECT_FALSE(schema_failure(results, "rooflab.results-1"));
  EXPECT_FALSE(schema_failure(results["machine"], "rooflab.machine-1"));
}

namespace {

struct Case {
  const char* what;
  std::function<void(json&)> spoil;
  const char* message;  // what the refusal must say, after "results: "
};

json& device(json& j) { return j["machine"]["devices"][0]; }

}  // namespace

TEST(JsonSchema, MalformedResultsAreRefusedWithTheFirstFailingPath) {
  const std::vector<Case> cases = {
      {"only a schema line",
       [](json& j) {
         j = {{"schema", "rooflab.results/1"}};
       },
       "provenance: missing (a required field)"},
      {"no machine", [](json& j) { j.erase("machine"); }, "machine: missing (a required field)"},
      {"facts as an array", [](json& j) { device(j)["facts"] = json::array(); },
       "machine.devices[0].facts: expected an object, got an array"},
      {"probe_notes as a number", [](json& j) { device(j)["facts"]["probe_notes"] = 3; },
       "machine.devices[0].facts.probe_notes: expected an array, got a number"},
      {"a family's not-offered lines as a number",
       [](json& j) { device(j)["not_offered"]["reduce"] = 3; },
       "machine.devices[0].not_offered.reduce: expected an array, got a number"},
      {"a roof check's params as an array",
       [](json& j) { j["roof_checks"][0]["params"] = json::array({1}); },
       "roof_checks[0].params: expected an object, got an array"},
      {"compute_units of 1e30", [](json& j) { device(j)["compute_units"] = 1e30; },
       "machine.devices[0].compute_units: expected a number ≤ 1048576, got 1e+30"},
      {"time.n of 1e30", [](json& j) { j["results"][0]["time"]["n"] = 1e30; },
       "results[0].time.n: expected a number ≤ 2147483647, got 1e+30"},
      {"a negative n", [](json& j) { j["results"][0]["time"]["n"] = -3; },
       "results[0].time.n: expected a number ≥ 1, got -3"},
      {"threads of INT_MAX",
       [](json& j) { device(j)["ceilings"]["memory"][0]["threads"] = INT_MAX; },
       "machine.devices[0].ceilings.memory[0].threads: expected a number ≤ 1048576, got "
       "2147483647"},
      {"a zero time", [](json& j) { j["results"][0]["time"]["median"] = 0.0; },
       "results[0].time.median: expected a number > 0, got 0"},
      {"a negative sample", [](json& j) { j["results"][0]["samples"][1] = -1e-3; },
       "results[0].samples[1]: expected a number > 0, got -0.001"},
      {"negative work", [](json& j) { j["results"][0]["work"]["flops"] = -5.0; },
       "results[0].work.flops: expected a number ≥ 0, got -5"},
      {"a ceiling that overflows the chart",
       [](json& j) { device(j)["ceilings"]["compute"][0]["flops_per_s"]["max"] = 1.7e308; },
       "machine.devices[0].ceilings.compute[0].flops_per_s.max: expected a number ≤ 1e+30, "
       "got 1.7e+308"},
      {"a result's name as a number", [](json& j) { j["results"][1]["variant"] = 7; },
       "results[1].variant: expected a string, got a number"},
      {"a time that is neither null nor a summary", [](json& j) { j["results"][0]["time"] = 1; },
       "results[0].time: expected an object, got a number"},
      {"an unknown verdict",
       [](json& j) {
         j["results"][0]["counters"]["x"] = {
             {"value", 1}, {"source", "s"}, {"verdict", "maybe"}, {"note", ""}};
       },
       "results[0].counters.x.verdict: expected one of \"agrees\", \"disagrees\", "
       "\"uncalibrated\", \"n/a\""},
      {"a failed result placed",
       [](json& j) { j["results"][1]["placement"] = j["results"][0]["placement"]; },
       "results[1].placement: expected null, got an object"},
      {"a machine of another major version",
       [](json& j) { j["machine"]["schema"] = "rooflab.machine/2"; }, "unknown major version 2"},
  };
  const test_support::TempDir temp("schema_cases");
  for (const Case& c : cases) {
    json j = to_json(sample::results());
    c.spoil(j);
    std::string whole;
    try {
      results_from_json(j);
      ADD_FAILURE() << c.what << " was accepted";
    } catch (const InputError& e) {
      whole = e.what();
      EXPECT_NE(whole.find(c.message), std::string::npos) << c.what << ": " << whole;
    }
    // Read from a file, result by result, the same failure is reported.
    std::ofstream(temp.path() / "case.json") << j.dump(1);
    try {
      InputFile(temp.path() / "case.json").results();
      ADD_FAILURE() << c.what << " was accepted from a file";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), whole) << c.what;
    }
  }
}

TEST(JsonSchema, AMachineProfileIsHeldToItsSchemaToo) {
  json j = to_json(sample::results().machine);
  j["devices"][0]["sweep"][0]["store"] = "sometimes";
  try {
    machine_from_json(j);
    FAIL() << "an unknown store was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "machine profile: devices[0].sweep[0].store: expected one of "
              "\"temporal\", \"nontemporal\"");
  }
}

TEST(JsonSchema, LatencyKindsAndLinkDirectionsAreHeldToTheirNames) {
  MachineProfile m;
  m.provenance = sample::provenance();
  m.devices = {sample::gpu()};
  json j = to_json(m);
  j["devices"][0]["link"][0]["direction"] = "sideways";
  EXPECT_EQ(schema_failure(j, "rooflab.machine-1")->path, "devices[0].link[0].direction");
  j = to_json(m);
  j["devices"][0]["ceilings"]["latency"][0]["kind"] = "coffee_break";
  EXPECT_EQ(schema_failure(j, "rooflab.machine-1")->path, "devices[0].ceilings.latency[0].kind");
  j = to_json(m);
  j["devices"][0]["ceilings"]["latency"][0]["seconds"]["median"] = 0;  // a time is above zero
  EXPECT_TRUE(schema_failure(j, "rooflab.machine-1").has_value());
}

TEST(JsonSchema, KeysFromTheFileAreShownWithoutControlBytesAndBounded) {
  json j = to_json(sample::results());
  j["results"][0]["counters"]["\x1b]0;x\x07" + std::string(100, 'k')] = 5;
  try {
    results_from_json(j);
    FAIL();
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\x1b'), std::string::npos) << what;
    EXPECT_NE(what.find("counters.\\x1b]0;x\\x07kkk"), std::string::npos) << what;
    EXPECT_LT(what.size(), 200u) << what;
  }
}
