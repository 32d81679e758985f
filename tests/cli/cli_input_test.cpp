// What the command line accepts and refuses: help, devices and list, and bad options, sizes, files
// and outputs refused with exit code 2 and a message that names them, nothing written.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "roofline/json_io.hpp"
#include "roofline/output_file.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using cli_test::expect_refused;
using cli_test::rooflab;
using cli_test::slurp;

TEST(Cli, HelpEverywhere) {
  for (const char* cmd : {"", "devices", "probe", "run", "report"}) {
    const auto r = rooflab(std::string(cmd) + " --help");
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.output.find("Usage"), std::string::npos) << cmd << ":\n" << r.output;
  }
}

// Without the user's OMP_NUM_THREADS, whose warning where it exceeds the CPUs would come first
// (the placement tests check it).
const std::string kNoThreadCount = "env -u OMP_NUM_THREADS";

TEST(Cli, DevicesListsTheCpu) {
  const auto r = rooflab("devices", fs::temp_directory_path(), kNoThreadCount);
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.rfind("cpu", 0), 0u) << r.output;
}

TEST(Cli, DevicesAsJsonNameEveryBackendAndTheCpu) {
  const auto r = rooflab("devices --json", fs::temp_directory_path(), kNoThreadCount);
  ASSERT_EQ(r.code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  bool cpu = false;
  for (const auto& backend : j.at("backends")) {
    EXPECT_TRUE(backend.at("available").get<bool>() || !backend.at("reason").empty()) << backend;
    for (const auto& d : backend.at("devices")) cpu = cpu || d.at("id") == "cpu";
  }
  EXPECT_TRUE(cpu) << r.output;
}

TEST(Cli, ListShowsEveryFamilysVariantsTheirParametersAndTheQuickOnes) {
  const auto r = rooflab("list -d cpu");
  ASSERT_EQ(r.code, 0) << r.output;
  for (const char* family : {"\n  nested_saxpy\n", "\n  stream\n", "\n  reduce\n"})
    EXPECT_NE(r.output.find(family), std::string::npos) << family << r.output;
  // The plain loop is quick; a baseline-ISA reduce variant is not (the column after the name,
  // whose width follows the longest name this machine lists).
  const auto after_name = [&](const std::string& variant) {
    std::istringstream line(r.output.substr(r.output.find("    " + variant + " ")));
    std::string name, next;
    line >> name >> next;
    return next;
  };
  EXPECT_EQ(after_name("plain_1t"), "quick") << r.output;
  EXPECT_EQ(after_name("baseline_1acc_1t"), "fp32") << r.output;
  EXPECT_NE(r.output.find("op=sum,dot"), std::string::npos);
  expect_refused("list --family stram", "did you mean 'stream'?");
}

// With a profile, list sizes the cases where its sweep showed DRAM and devices shows the levels it
// measured; nothing is left to caveat.
TEST(Cli, ListAndDevicesFollowAProfilesMeasuredLevels) {
  const test_support::TempDir temp("cli_measured_levels");
  const fs::path& dir = temp.path();
  auto r = rooflab("probe -d cpu -o probed.json --max-working-set 256K --repetitions 3", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  nlohmann::json machine = roofline::read_json_file(dir / "probed.json");
  for (auto& device : machine["devices"])
    if (device["id"] == "cpu") device["facts"]["dram_from"] = 64 << 20;  // a guest's sweep
  std::ofstream(dir / "machine.json") << machine.dump();
  r = rooflab("list -d cpu --family nested_saxpy --machine machine.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find(" n=8388608,4194304 "), std::string::npos) << r.output;  // 64 MiB
  EXPECT_EQ(r.output.find("note:"), std::string::npos) << r.output;
  r = rooflab("devices --machine machine.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("measured: L1 to "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(", DRAM from 64 MiB ("), std::string::npos) << r.output;
  expect_refused("list --machine absent.json", "absent.json", dir);
  expect_refused("devices --machine absent.json", "absent.json", dir);
}

TEST(Cli, AMistypedNameGetsASuggestion) {
  expect_refused("run --family stram", "did you mean 'stream'?");
  expect_refused("run -d cpuu", "did you mean 'cpu'?");
  expect_refused("run --family reduce --variant plain_t1", "did you mean 'plain_1t'?");
}

TEST(Cli, ParserErrorsAreRooflabsOwnWithTheNameMeant) {
  for (const auto& [args, meant] : std::vector<std::pair<std::string, std::string>>{
           {"runn", "did you mean 'run'?"},
           {"run --qiuck", "did you mean '--quick'?"},
           {"devices --jsno", "did you mean '--json'?"}}) {
    const auto r = rooflab(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.output.rfind("rooflab: error: ", 0), 0u) << args << ":\n" << r.output;
    EXPECT_NE(r.output.find(meant), std::string::npos) << args << ":\n" << r.output;
  }
}

// OpenMP's runtime reads OMP_NUM_THREADS as it loads and complains in its own words about a value
// it refuses: Rooflab refuses a bad --threads first, naming it.
TEST(Cli, BadThreadCountsAreRefusedBeforeOpenMpSpeaks) {
  for (const std::string count : {"0", "-2", "many", "1.5", "''"}) {
    for (const std::string& form : {"--threads " + count, "--threads=" + count}) {
      const auto r = rooflab("run -d cpu --family stream " + form);
      EXPECT_EQ(r.code, 2) << form << ":\n" << r.output;
      EXPECT_EQ(r.output.rfind("rooflab: error: --threads", 0), 0u) << form << ":\n" << r.output;
      EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << form << ": one line:\n" << r.output;
    }
  }
}

TEST(Cli, BadOptionsAndSizesAreRefusedByName) {
  expect_refused("--bogus", "--bogus");
  expect_refused("run --size 0", "'0'");
  expect_refused("run --size=-5", "-5");
  expect_refused("run --size 12T", "12T");
  expect_refused("run --size lots", "lots");
  expect_refused("run --size ''", "--size ''");
  expect_refused("probe --max-working-set ''", "--max-working-set ''");
  // An empty name is refused, never taken as "not given".
  for (const char* option :
       {"run -o", "run --machine", "run --resume", "probe -o", "list --machine",
        "devices --machine", "report x.json --csv", "report x.json --svg", "report x.json -o",
        "compare a.json b.json -o", "export x.json -o"})
    expect_refused(std::string(option) + " ''", "'' names no file or folder");
  expect_refused("run --size 64G", "68719476736");  // 2^36 elements: more than the memory
  expect_refused("run --family no_such_family", "no_such_family");
  expect_refused("run -d cuda:7", "cuda:7");
  expect_refused("probe --repetitions 1", "--repetitions");
  for (const char* t : {"nan", "inf", "-nan"})  // Google Benchmark aborted on nan
    expect_refused(std::string("run --min-sample-time ") + t, t);
  for (const char* t : {"nan", "-1", "soon"}) expect_refused(std::string("--budget ") + t, t);
  expect_refused("probe --quick --full", "--full");
  // The energy pass needs the sensors, and only commands that probe have one.
  expect_refused("probe --energy --no-sensors", "--no-sensors");
  expect_refused("--energy --no-sensors", "--no-sensors");
  expect_refused("run --energy", "--energy");
  expect_refused("probe --max-working-set 0", "--max-working-set");
  expect_refused("probe -o /no/such/folder/m.json", "/no/such/folder");
  expect_refused("probe -d 'cuda:{local_rank}'", "known only under Open MPI's mpirun");
}

TEST(Cli, BadFilesAreRefusedByName) {
  const test_support::TempDir temp("cli_bad_files");
  const fs::path& dir = temp.path();
  expect_refused("report", "files", dir);
  expect_refused("report absent.json", "absent.json", dir);
  std::ofstream(dir / "torn.json") << "{\"schema\": \"rooflab.results/1\", \"res";
  expect_refused("report torn.json", "'torn.json': not valid JSON: parse error at line 1", dir);
  std::ofstream(dir / "future.json") << R"({"schema": "rooflab.results/7", "results": []})";
  expect_refused("report future.json", "unknown major version 7", dir);
  std::ofstream(dir / "other.json") << R"({"benchmarks": 3})";
  expect_refused("report other.json", "other.json", dir);
  std::ofstream(dir / "huge.json")
      << R"({"schema": "rooflab.results/1", "results": [{}, {"time": {"median": 1e400}}]})";
  expect_refused("report huge.json",
                 "'huge.json': results[1].time.median: not valid JSON: number overflow parsing "
                 "'1e400'",
                 dir);
  expect_refused("compare huge.json other.json", "'huge.json': results[1].time.median", dir);
  fs::create_directory(dir / "folder");
  expect_refused("report folder", "'folder' is a folder", dir);
  expect_refused("compare folder other.json", "'folder' is a folder", dir);
  expect_refused("report other.json -o ./other.json", "is the input 'other.json'", dir);
  expect_refused("run --machine other.json -o other.json", "is the input 'other.json'", dir);
  // Nothing was written for any of them: only the five inputs are there.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}), 5);
}

TEST(Cli, AFileRooflabCouldNotHaveWrittenIsRefusedWithItsPath) {
  const test_support::TempDir temp("cli_hostile");
  const fs::path& dir = temp.path();
  ASSERT_EQ(std::system(("'" WRITE_SAMPLE_FILES_BIN "' '" + dir.string() + "'").c_str()), 0);
  const nlohmann::json sample = roofline::read_json_file(dir / "results.json");
  const auto write = [&](const char* name, auto spoil) {
    nlohmann::json j = sample;
    spoil(j);
    std::ofstream(dir / name) << j.dump();
  };
  write("facts.json", [](auto& j) { j["machine"]["devices"][0]["facts"] = {1}; });
  expect_refused("report facts.json",
                 "'facts.json': results: machine.devices[0].facts: expected "
                 "an object, got an array",
                 dir);
  write("time.json", [](auto& j) { j["results"][0]["time"]["median"] = -1.0; });
  expect_refused("compare time.json results.json",
                 "'time.json': results: results[0].time.median: expected a number > 0", dir);
  // Schema-valid, but a million times above its roof: the work or time is not a measurement.
  write("above.json", [](auto& j) { j["results"][0]["work"]["flops"] = 1e20; });
  expect_refused("report above.json", "'above.json': results[0]: placed ", dir);
  // Escape sequences in a message from a file reach the terminal in caret notation.
  write("esc.json", [](auto& j) { j["schema"] = "rooflab.results/1\x1b]0;owned\x07"; });
  const auto esc = rooflab("report esc.json", dir);
  EXPECT_EQ(esc.code, 2) << esc.output;
  EXPECT_EQ(esc.output.find('\x1b'), std::string::npos) << esc.output;
  EXPECT_NE(esc.output.find("^[]0;owned^G"), std::string::npos) << esc.output;
  // A variant named by a megabyte is cut in the terminal's table, not padded into every line
  // (122 MB of output before).
  write("long.json", [](auto& j) { j["results"][0]["variant"] = std::string(1 << 20, 'v'); });
  const auto long_name = rooflab("report long.json -o long.html", dir);
  EXPECT_EQ(long_name.code, 0) << long_name.output.substr(0, 2000);
  EXPECT_LT(long_name.output.size(), 4000u);
  EXPECT_NE(long_name.output.find(std::string(79, 'v') + "…"), std::string::npos);
  // So is a device id of a megabyte in the table's title.
  write("long_id.json", [](auto& j) { j["results"][0]["device"] = std::string(1 << 20, 'd'); });
  const auto long_id = rooflab("report long_id.json -o long_id.html", dir);
  EXPECT_EQ(long_id.code, 0) << long_id.output.substr(0, 2000);
  EXPECT_LT(long_id.output.size(), 8000u);
}

TEST(Cli, TwoProfilesOfOneDeviceAreNamedAndTheFirstIsUsed) {
  const test_support::TempDir temp("cli_two_profiles");
  const fs::path& dir = temp.path();
  ASSERT_EQ(std::system(("'" WRITE_SAMPLE_FILES_BIN "' '" + dir.string() + "'").c_str()), 0);
  fs::copy_file(dir / "machine.json", dir / "again.json");
  const auto r = rooflab("report machine.json again.json -o two.html", dir);
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("warning: 'machine.json' and 'again.json' both profile device 'cpu': the "
                          "first one's roofs are used"),
            std::string::npos)
      << r.output;
}

// A string of any length in a field a pattern constrains is judged in a line, not a stack overflow
// (issue 43: std::regex recursed once per character, and 30,000 of them crashed `report`).
TEST(Cli, ALongStringInAPatternCheckedFieldIsJudgedNotACrash) {
  const test_support::TempDir temp("cli_long_pattern");
  const fs::path& dir = temp.path();
  ASSERT_EQ(std::system(("'" WRITE_SAMPLE_FILES_BIN "' '" + dir.string() + "'").c_str()), 0);
  const nlohmann::json sample = roofline::read_json_file(dir / "results.json");
  for (const std::size_t length : {30'000, 1'000'000}) {
    const auto report = [&](const std::string& field, const std::string& value) {
      nlohmann::json j = sample;
      (field == "schema" ? j["schema"] : j["machine"]["devices"][0]["id"]) = value;
      std::ofstream(dir / "long.json") << j.dump();
      return rooflab("report long.json -o long.html", dir);
    };
    const std::string digits(length, '7');
    // A minor version of any length is still version 1.
    auto r = report("schema", "rooflab.results/1." + digits);
    EXPECT_EQ(r.code, 0) << length << ": " << r.output.substr(0, 2000);
    r = report("schema", "rooflab.results/1." + digits + "x");
    EXPECT_EQ(r.code, 2) << length << ": " << r.output.substr(0, 2000);
    EXPECT_NE(r.output.find("is not rooflab.results/1"), std::string::npos)
        << r.output.substr(0, 2000);
    EXPECT_LT(r.output.size(), 400u) << "the value is quoted, not echoed whole";
    r = report("id", "cuda:" + digits + "x");
    EXPECT_EQ(r.code, 2) << length << ": " << r.output.substr(0, 2000);
    EXPECT_NE(r.output.find("machine.devices[0].id: expected text matching"), std::string::npos)
        << r.output.substr(0, 2000);
  }
}

// Text from a file reaches the terminal as terminal text through run --machine and --resume too:
// the summary's device name and host, the resumed file's host (issue 43, item 8).
TEST(Cli, EscapesFromAProfileOrAResumedFileNeverReachTheTerminal) {
  const test_support::TempDir temp("cli_escapes_run");
  const fs::path& dir = temp.path();
  ASSERT_EQ(std::system(("'" WRITE_SAMPLE_FILES_BIN "' '" + dir.string() + "'").c_str()), 0);
  nlohmann::json machine = roofline::read_json_file(dir / "machine.json");
  for (auto& device : machine["devices"])
    if (device["id"] == "cpu") device["name"] = "CPU\x1b]0;owned\x07";
  machine["provenance"]["host"] = "host\x1b[2J";
  std::ofstream(dir / "hostile.json") << machine.dump();
  const std::string run =
      "run -d cpu --machine hostile.json --family stream --size 64K --repetitions 2 "
      "--min-sample-time 0.001 --budget 0 --no-roof-check";
  auto r = rooflab(run + " -o r.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("CPU^[]0;owned^G (cpu) on host^[[2J"), std::string::npos) << r.output;
  // Another host's profile is used, and said to be.
  EXPECT_NE(r.output.find("the profile hostile.json was measured on 'host^[[2J', not on this host"),
            std::string::npos)
      << r.output;
  nlohmann::json part = roofline::read_json_file(dir / "r.json");
  auto& first = part["results"][0];
  first["verification"]["status"] = "failed";
  first["verification"]["message"] = "\x1b]0;owned\x07";
  first["placement"] = nullptr;
  part["provenance"]["host"] = "host\x1b[2J";
  std::ofstream(dir / "part.json") << part.dump();
  r = rooflab(run + " --resume part.json", dir);
  EXPECT_EQ(r.code, 0) << r.output;  // the failed result is measured again
  EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("its 1 failed case(s) are measured again"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("measured on host 'host^[[2J'"), std::string::npos) << r.output;
}

// A device's name is shown whole once in the report and cut everywhere else (issue 43: a 5 MB
// name, repeated in about 52 places, made a 273 MB report).
TEST(Cli, ALongDeviceNameIsShownWholeOnceInTheReport) {
  const test_support::TempDir temp("cli_long_device_name");
  const fs::path& dir = temp.path();
  ASSERT_EQ(std::system(("'" WRITE_SAMPLE_FILES_BIN "' '" + dir.string() + "'").c_str()), 0);
  auto r = rooflab("report results.json -o short.html", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  nlohmann::json results = roofline::read_json_file(dir / "results.json");
  const std::string name(1 << 20, 'n');
  results["machine"]["devices"][0]["name"] = name;
  std::ofstream(dir / "long.json") << results.dump();
  r = rooflab("report long.json -o long.html", dir);
  ASSERT_EQ(r.code, 0) << r.output.substr(0, 2000);
  EXPECT_LT(r.output.size(), 8000u) << "the terminal's summary holds the name cut";
  const std::string html = slurp(dir / "long.html");
  const std::size_t whole = html.find(name);
  ASSERT_NE(whole, std::string::npos);
  EXPECT_EQ(html.find(name, whole + 1), std::string::npos) << "the name whole, once";
  EXPECT_LT(html.size(), fs::file_size(dir / "short.html") + name.size() + 100'000);
}

// -o never replaces a device node or FIFO, and two rooflabs never write the same output at once.
TEST(Cli, AnOutputNameThatIsNotUtf8LosesNoWork) {
  // Linux names may hold any byte; JSON text is UTF-8. The byte 0xff in the output's name reaches
  // the file's provenance (the command line) as U+FFFD, and the run's work is written.
  const test_support::TempDir temp("cli_not_utf8");
  const auto r = rooflab(
      "run -d cpu --family stream --variant omp_plain --size 1K --repetitions 2 -o "
      "\"$(printf 'r\\377.json')\"",
      temp.path());
  ASSERT_EQ(r.code, 0) << r.output;
  const fs::path written = temp.path() / "r\xff.json";
  ASSERT_TRUE(fs::exists(written)) << r.output;
  const roofline::Results results = roofline::results_from_json(roofline::read_json_file(written));
  EXPECT_FALSE(results.results.empty());
  EXPECT_NE(results.provenance.command.find("r\xef\xbf\xbd.json"), std::string::npos)
      << results.provenance.command;
}

TEST(Cli, ReportOutputsAreCheckedBeforeAnyIsWritten) {
  const test_support::TempDir temp("cli_report_outputs");
  const fs::path& dir = temp.path();
  const auto run = rooflab(
      "run -d cpu --family stream --variant omp_plain --size 1K --repetitions 2 -o r.json", dir);
  ASSERT_EQ(run.code, 0) << run.output;
  // One output never overwrites another.
  expect_refused("report r.json -o d/results.csv --csv d",
                 "output 'd/results.csv' is also --csv's results.csv", dir);
  // A folder this process cannot write into is named before anything is written. Root writes
  // into any folder of a writable file system: a read-only one stops it.
  fs::create_directory(dir / "ro");
  if (::geteuid() == 0) {
    if (std::system(
            ("mount -t tmpfs -o ro tmpfs '" + (dir / "ro").string() + "' 2>/dev/null").c_str()) !=
        0)
      GTEST_SKIP() << "needs a read-only mount (root without CAP_SYS_ADMIN here)";
  } else {
    fs::permissions(dir / "ro", fs::perms::owner_read | fs::perms::owner_exec);
  }
  for (const char* option : {"--csv", "--svg"})
    expect_refused(std::string("report r.json -o out/r.html ") + option + " ro",
                   "cannot write into folder 'ro'", dir);
  EXPECT_FALSE(fs::exists(dir / "out" / "r.html"));
  if (::geteuid() == 0) {
    EXPECT_EQ(std::system(("umount '" + (dir / "ro").string() + "'").c_str()), 0);
  }
}

TEST(Cli, OutputsAreRegularFilesWrittenByOneRooflabAtATime) {
  const test_support::TempDir temp("cli_outputs");
  const fs::path& dir = temp.path();
  ASSERT_EQ(mkfifo((dir / "pipe").c_str(), 0644), 0);
  expect_refused("probe -o pipe", "output 'pipe' is a FIFO", dir);
  expect_refused("run -o pipe", "rooflab writes regular files only", dir);
  expect_refused("report absent.json -o pipe", "output 'pipe' is a FIFO", dir);
  EXPECT_TRUE(fs::is_fifo(dir / "pipe"));
  // While another rooflab holds the output's lock (here: this test), a second is refused.
  const roofline::OutputLock held(dir / "held.json");
  expect_refused("run -o held.json", "another rooflab (pid " + std::to_string(getpid()) + ")", dir);
  expect_refused("probe -o ./held.json", "distort each other's timings", dir);
  EXPECT_FALSE(fs::exists(dir / "held.json"));
  // A sweep larger than the memory is refused before the probe starts (the kernel killed it).
  expect_refused("probe -d cpu --max-working-set 1048576G -o big.json",
                 "--max-working-set 1125899906842624 needs 1024 TiB, more than the ", dir);
  EXPECT_FALSE(fs::exists(dir / "big.json"));
}
