// The command line end to end: bad input is refused with exit code 2 and a message that names it;
// a tiny real probe → run → report writes files that parse and validate.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "perf_events.hpp"
#include "roofline/json_io.hpp"
#include "roofline/output_file.hpp"
#include "roofline/stats.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

struct Outcome {
  int code;
  std::string output;  // stdout and stderr
};

// `before`: what the shell puts before the program (variables, `timeout 60`).
Outcome rooflab(const std::string& args, const fs::path& cwd = fs::temp_directory_path(),
                const std::string& before = "") {
  const std::string cmd =
      "cd '" + cwd.string() + "' && " + before + " '" ROOFLAB_BIN "' " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string slurp(const fs::path& file) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  return text.str();
}

void expect_refused(const std::string& args, const std::string& named,
                    const fs::path& cwd = fs::temp_directory_path()) {
  const auto r = rooflab(args, cwd);
  EXPECT_EQ(r.code, 2) << "rooflab " << args << "\n" << r.output;
  EXPECT_NE(r.output.find(named), std::string::npos)
      << "rooflab " << args << " should name '" << named << "':\n"
      << r.output;
}

}  // namespace

TEST(Cli, HelpEverywhere) {
  for (const char* cmd : {"", "devices", "probe", "run", "report"}) {
    const auto r = rooflab(std::string(cmd) + " --help");
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.output.find("Usage"), std::string::npos) << cmd << ":\n" << r.output;
  }
}

TEST(Cli, DevicesListsTheCpu) {
  const auto r = rooflab("devices");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.rfind("cpu", 0), 0u) << r.output;
}

TEST(Cli, DevicesAsJsonNameEveryBackendAndTheCpu) {
  const auto r = rooflab("devices --json");
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

TEST(Cli, TinyProbeRunReportEndToEnd) {
  const test_support::TempDir temp("cli_e2e");
  const fs::path& dir = temp.path();
  const std::string fast = " --repetitions 3 --min-sample-time 0.001";
  auto r = rooflab("probe -o machine.json --max-working-set 256K" + fast, dir);
  ASSERT_EQ(r.code, 0) << r.output;
  r = rooflab("run --machine machine.json --size 64K -o results.json" + fast, dir);
  ASSERT_EQ(r.code, 0) << r.output;
  r = rooflab("report results.json -o out/report.html --svg svg --csv csv", dir);
  ASSERT_EQ(r.code, 0) << r.output;

  // Every file written parses, validates against its schema and holds verified, placed results.
  const int valid = std::system((ROOFLAB_VALIDATE " '" + (dir / "machine.json").string() + "' '" +
                                 (dir / "results.json").string() + "'")
                                    .c_str());
  EXPECT_EQ(valid, 0);
  const auto results = roofline::results_from_json(roofline::read_json_file(dir / "results.json"));
  ASSERT_FALSE(results.results.empty());
  int placed = 0;
  for (const auto& res : results.results) {
    EXPECT_TRUE(res.ok()) << res.family << "/" << res.variant << ": " << res.error
                          << res.verification.message;
    placed += res.placement.has_value();
  }
  EXPECT_GT(placed, 0);
  // Each probed device's outermost memory roof (the CPU's sweep stopped at 256 KiB) was measured
  // again right before and right after its cases.
  const roofline::Device* cpu = results.machine.find("cpu");
  ASSERT_NE(cpu, nullptr);
  std::string outermost;
  for (const char* level : {"L1", "L2", "L3", "DRAM"})
    for (const auto& ceiling : cpu->memory)
      if (ceiling.level == level) outermost = level;
  // Each kernel of that roof was checked once before and once after; the fastest has a ratio.
  std::map<std::string, std::map<std::string, std::multiset<std::string>>> checked;
  for (const auto& check : results.roof_checks) {
    EXPECT_TRUE(check.ok()) << check.variant << ": " << check.error << check.verification.message;
    if (check.device == "cpu") {
      EXPECT_EQ(check.level, outermost);
    }
    checked[check.device][check.params.at("when")].insert(check.variant);
  }
  EXPECT_TRUE(checked.contains("cpu"));
  for (const auto& [device, by_when] : checked) {
    ASSERT_EQ(by_when.size(), 2u) << device;
    EXPECT_EQ(by_when.at("before"), by_when.at("after")) << device;
    EXPECT_GT(by_when.at("before").size(), 1u) << device << ": every kernel of the roof";
    for (const char* when : {"before", "after"})
      EXPECT_TRUE(roofline::roof_check_ratio(results, device, when).has_value()) << device;
  }
  // The cases in that level were timed in turn with the roof's kernels, whose fastest bandwidth
  // of those seconds each keeps, and are placed against it too.
  int timed_with_roof = 0;
  for (const auto& res : results.results) {
    if (res.device != "cpu" || res.level != outermost) continue;
    ASSERT_TRUE(res.roof_now.has_value()) << res.family << "/" << res.variant;
    EXPECT_GT(res.roof_now->median, 0);
    ASSERT_TRUE(res.placement && res.placement->efficiency_now) << res.variant;
    ++timed_with_roof;
  }
  EXPECT_GT(timed_with_roof, 0);
  std::stringstream html;
  html << std::ifstream(dir / "out" / "report.html").rdbuf();
  EXPECT_NE(html.str().find("Roof check: the probe&#39;s " + outermost + " roof&#39;s kernels ("),
            std::string::npos);
  EXPECT_TRUE(fs::exists(dir / "out" / "report.html"));
  EXPECT_FALSE(fs::is_empty(dir / "svg"));
  EXPECT_TRUE(fs::exists(dir / "csv" / "results.csv"));
  // No temporary files are left beside the outputs.
  for (const auto& entry : fs::directory_iterator(dir))
    EXPECT_NE(entry.path().filename().string()[0], '.') << entry.path();

  // Against a profile whose ceilings are 1000x too low every result lies above its roof: the run
  // still succeeds and warns, naming the device and the worst result.
  nlohmann::json slow = roofline::read_json_file(dir / "machine.json");
  for (auto& device : slow["devices"])
    for (auto& [kind, ceilings] : device["ceilings"].items())
      for (auto& ceiling : ceilings)
        for (const char* rate : {"bytes_per_s", "flops_per_s"})
          if (ceiling.contains(rate))
            for (auto& [stat, value] : ceiling[rate].items())
              if (value.is_number_float()) value = value.get<double>() / 1000;
  std::ofstream(dir / "slow.json") << slow.dump();
  r = rooflab("run -d cpu --family stream --variant omp_plain --machine slow.json --size 64K" +
                  fast + " -o above.json",
              dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("result(s) lie more than 10% above their roof (up to "),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("%, cpu stream/omp_plain"), std::string::npos) << r.output;
  // And the roof check finds the DRAM roof about 1000x above what the profile says.
  EXPECT_NE(r.output.find("warning: cpu: Roof check: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("the roof moved"), std::string::npos) << r.output;
  // The two runs overlaid (issue 27): one chart of the cpu in both, where an arrow goes from each
  // omp_plain result of the first to the same measurement of the second, and no two sections
  // share a title.
  r = rooflab("report results.json above.json -o overlay.html", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  std::stringstream overlay;
  overlay << std::ifstream(dir / "overlay.html").rdbuf();
  const std::string page = overlay.str();
  EXPECT_NE(page.find("<h2>Runs overlaid</h2>"), std::string::npos);
  std::size_t pairs = 0, omp_plain = 0;
  for (std::size_t at = page.find("<g class=\"pair\""); at != std::string::npos;
       at = page.find("<g class=\"pair\"", at + 1)) {
    ++pairs;
    const std::string line = page.substr(at, page.find('>', at) - at);
    omp_plain += line.find("data-variant=\"omp_plain\"") != std::string::npos;
  }
  EXPECT_GT(pairs, 0u);
  EXPECT_EQ(omp_plain, pairs) << "only omp_plain ran in both";
  std::set<std::string> titles;
  for (std::size_t at = page.find("<h2>"); at != std::string::npos; at = page.find("<h2>", at + 1))
    EXPECT_TRUE(titles.insert(page.substr(at, page.find("</h2>", at) - at)).second)
        << page.substr(at, 200);
  // A profile whose roof lies at working sets this host cannot hold is refused before its roof
  // check allocates them (the kernel killed the run), naming the size and the memory there is.
  nlohmann::json huge = roofline::read_json_file(dir / "machine.json");
  constexpr double kScale = 1 << 30;  // 256K -> 256 TiB
  for (auto& device : huge["devices"]) {
    for (auto& point : device["sweep"])
      point["working_set"] = point["working_set"].get<double>() * kScale;
    for (auto& ceiling : device["ceilings"]["memory"])
      for (auto& bound : ceiling["working_set"]) bound = bound.get<double>() * kScale;
  }
  std::ofstream(dir / "huge.json") << huge.dump();
  r = rooflab("run -d cpu --family stream --variant omp_plain --machine huge.json --size 64K" +
                  fast + " -o huge_results.json",
              dir);
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("the roof check of the profile's"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("TiB, more than the "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--no-roof-check skips it"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "huge_results.json"));
  // --no-roof-check leaves the roof alone: no checks, nothing timed beside the cases.
  r = rooflab("run -d cpu --family stream --variant omp_plain --machine slow.json --size 64K" +
                  fast + " --no-roof-check -o unchecked.json",
              dir);
  ASSERT_EQ(r.code, 0) << r.output;
  const auto unchecked =
      roofline::results_from_json(roofline::read_json_file(dir / "unchecked.json"));
  EXPECT_TRUE(unchecked.roof_checks.empty());
  for (const auto& res : unchecked.results) EXPECT_FALSE(res.roof_now.has_value());

  // A user's Google Benchmark JSON is placed on the same device's roofs; alone it has none.
  ASSERT_EQ(std::system(("cd '" + dir.string() +
                         "' && '" GBENCH_SAMPLE_BIN
                         "' --benchmark_min_time=0.01 --benchmark_out=bench.json "
                         "--benchmark_out_format=json >/dev/null 2>&1")
                            .c_str()),
            0);
  r = rooflab("report results.json bench.json -o imported.html --csv imported", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  // In the CSV, which has every result (the terminal summary leaves rows out on a big machine).
  EXPECT_NE(slurp(dir / "imported" / "results.csv").find("BM_daxpy"), std::string::npos);
  expect_refused("report bench.json -o alone.html", "bench.json", dir);
}

// `run` without --machine takes the profile the bare command wrote here, saying so (without one it
// says how to give one); --machine also takes a results file, whose profile is embedded; a run's
// results and their report hold the devices it ran, not every device of the profile.
TEST(Cli, RunFindsTheBareCommandsProfileAndKeepsOnlyTheDevicesItRan) {
  const test_support::TempDir temp("cli_profile");
  const fs::path& dir = temp.path();
  const std::string fast = " --repetitions 3 --min-sample-time 0.001";
  const std::string run =
      "run -d cpu --family stream --variant omp_plain --size 64K --no-roof-check" + fast;
  const auto placed = [&](const std::string& file) {
    const auto results = roofline::results_from_json(roofline::read_json_file(dir / file));
    return std::count_if(results.results.begin(), results.results.end(),
                         [](const roofline::Result& res) { return res.placement.has_value(); });
  };
  auto r = rooflab(run + " -o alone.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("run: no machine profile"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--machine FILE gives one"), std::string::npos) << r.output;
  EXPECT_EQ(placed("alone.json"), 0);

  // The bare command's profile, with a second device beside the CPU (as PoCL's would be).
  fs::create_directory(dir / "rooflab-out");
  const fs::path profile = dir / "rooflab-out" / "machine.json";
  r = rooflab("probe -d cpu --max-working-set 256K -o rooflab-out/machine.json" + fast, dir);
  ASSERT_EQ(r.code, 0) << r.output;
  nlohmann::json machine = roofline::read_json_file(profile);
  nlohmann::json other = machine["devices"][0];
  other["id"] = "opencl:0:0";
  other["backend"] = "opencl";
  other["name"] = "Another device";
  machine["devices"].push_back(other);
  std::ofstream(profile) << machine.dump();

  r = rooflab(run + " -o found.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("run: using rooflab-out/machine.json"), std::string::npos) << r.output;
  EXPECT_GT(placed("found.json"), 0);
  const auto found = roofline::results_from_json(roofline::read_json_file(dir / "found.json"));
  ASSERT_EQ(found.machine.devices.size(), 1u);
  EXPECT_EQ(found.machine.devices[0].id, "cpu");
  r = rooflab("report found.json -o found.html", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.find("Another device"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("No results."), std::string::npos) << r.output;
  EXPECT_EQ(slurp(dir / "found.html").find("Another device"), std::string::npos);

  // A results file as --machine: its profile places the results, and nothing else is looked for.
  r = rooflab(run + " --machine found.json -o again.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.find("run: using"), std::string::npos) << r.output;
  EXPECT_GT(placed("again.json"), 0);
}

// The text of compare's table, page and Markdown is tests/golden's; here, the verdicts on a real
// run's files.
TEST(Cli, CompareFindsNoDifferenceBetweenAFileAndItself) {
  const test_support::TempDir temp("cli_compare");
  const fs::path& dir = temp.path();
  const std::string fast = " --repetitions 3 --min-sample-time 0.001";
  ASSERT_EQ(rooflab("run -d cpu --family nested_saxpy --size 4K -o a.json" + fast, dir).code, 0);
  const auto a = roofline::results_from_json(roofline::read_json_file(dir / "a.json"));
  ASSERT_FALSE(a.results.empty());
  const auto r = rooflab("compare a.json a.json", dir);
  EXPECT_EQ(r.code, 0) << r.output;
  // It ends with the counts: every case of the run, each one undecided.
  const std::string n = std::to_string(a.results.size());
  const std::string counts =
      n + " compared: B faster 0, slower 0, can't tell " + n + "; 0 only in A, 0 only in B\n";
  EXPECT_TRUE(r.output.ends_with(counts)) << r.output;
  EXPECT_EQ(r.output.find("faster", 0), r.output.rfind("faster")) << "only in the counts";
  EXPECT_EQ(r.output.find("slower", 0), r.output.rfind("slower")) << "only in the counts";
  const auto page = rooflab("compare a.json a.json -o compare.html", dir);
  ASSERT_EQ(page.code, 0) << page.output;
  EXPECT_TRUE(page.output.ends_with("comparison: compare.html\n" + counts)) << page.output;
  expect_refused("compare a.json a.json -o a.json", "'a.json'", dir);
  expect_refused("compare a.json", "B", dir);
  expect_refused("compare a.json absent.json", "absent.json", dir);
}

// A regression check for CI: B made slower on purpose (every sample 1000x: a loaded 2-vCPU guest
// spread one case's samples over 10x) fails --fail-on slower unless the slowdown asked for is
// larger; the Markdown table is for a pull request's comment.
TEST(Cli, CompareFailsOnAClearSlowdownAndWritesMarkdown) {
  const test_support::TempDir temp("cli_compare_fail");
  const fs::path& dir = temp.path();
  ASSERT_EQ(rooflab("run -d cpu --family nested_saxpy --size 4K --repetitions 9 "
                    "--min-sample-time 0.001 -o a.json",
                    dir)
                .code,
            0);
  roofline::Results slow = roofline::results_from_json(roofline::read_json_file(dir / "a.json"));
  for (roofline::Result& r : slow.results) {
    for (double& s : r.samples) s *= 1000;
    r.time = roofline::summarize(r.samples);
  }
  roofline::write_json_atomic(dir / "b.json", roofline::to_json(slow));
  const std::string n = std::to_string(slow.results.size());

  auto r = rooflab("compare a.json b.json --fail-on slower", dir);
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("rooflab: B is slower than A in " + n + " kernel(s), by 1x or more:"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(n + " compared: B faster 0, slower " + n), std::string::npos) << r.output;
  r = rooflab("compare a.json b.json --fail-on slower --min-slowdown 999.5", dir);
  EXPECT_EQ(r.code, 1) << r.output;
  r = rooflab("compare a.json b.json --fail-on slower --min-slowdown 1000.5", dir);
  EXPECT_EQ(r.code, 0) << r.output;
  r = rooflab("compare b.json a.json --fail-on slower", dir);  // B faster: no regression
  EXPECT_EQ(r.code, 0) << r.output;
  r = rooflab("compare a.json b.json", dir);  // no check asked for
  EXPECT_EQ(r.code, 0) << r.output;
  expect_refused("compare a.json b.json --fail-on faster", "faster", dir);
  expect_refused("compare a.json b.json --fail-on slower --min-slowdown 0.5", "0.5", dir);

  r = rooflab("compare a.json b.json --format md", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find(n + " compared: B faster 0, slower " + n), std::string::npos) << r.output;
  expect_refused("compare a.json b.json --format html", "html", dir);
}

// Google Benchmark JSON for dashboards: every verified result with its samples as repetitions,
// which Rooflab's own import reads back as the same times and work.
TEST(Cli, ExportWritesGoogleBenchmarkJsonThatReadsBack) {
  const test_support::TempDir temp("cli_export");
  const fs::path& dir = temp.path();
  ASSERT_EQ(rooflab("run -d cpu --family stream --variant omp_plain --size 64K --repetitions 6 "
                    "--min-sample-time 0.001 -o a.json",
                    dir)
                .code,
            0);
  const auto a = roofline::results_from_json(roofline::read_json_file(dir / "a.json"));
  auto r = rooflab("export --format gbench a.json -o bench.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  const nlohmann::json bench = roofline::read_json_file(dir / "bench.json");
  ASSERT_TRUE(bench.contains("context"));
  std::size_t runs = 0, medians = 0;
  for (const auto& b : bench.at("benchmarks")) {
    if (b.at("run_type") == "iteration") ++runs;
    if (b.value("aggregate_name", "") == "median") ++medians;
  }
  std::size_t samples = 0;
  for (const auto& res : a.results) samples += res.samples.size();
  EXPECT_EQ(runs, samples);
  EXPECT_EQ(medians, a.results.size());
  // Read back through the import (rooflab report with a results file of the same device).
  r = rooflab("report a.json bench.json -o report.html --csv csv", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  std::ifstream csv(dir / "csv" / "results.csv");
  const std::string text((std::istreambuf_iterator<char>(csv)), {});
  EXPECT_NE(text.find("gbench"), std::string::npos) << text.substr(0, 1500);
  expect_refused("export --format csv a.json -o x.json", "csv", dir);
  expect_refused("export --format gbench absent.json -o x.json", "absent.json", dir);
  expect_refused("export --format gbench a.json -o a.json", "'a.json'", dir);
}

// The user's OPENBLAS_CORETYPE stands, even the generic kernels rooflab would retarget, reaches
// the library and is recorded beside its choice.
TEST(Cli, OpenblasCoretypeIsHonouredAndRecorded) {
  const test_support::TempDir temp("cli_openblas");
  const fs::path& dir = temp.path();
  setenv("OPENBLAS_CORETYPE", "Prescott", 1);
  const auto r = rooflab(
      "run -d cpu --family reduce --variant openblas_1t --size 4K --repetitions 3 "
      "--min-sample-time 0.001 -o results.json",
      dir);
  unsetenv("OPENBLAS_CORETYPE");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto results = roofline::results_from_json(roofline::read_json_file(dir / "results.json"));
  ASSERT_FALSE(results.results.empty());
  for (const auto& res : results.results) {
    const std::string library = res.params.at("library").get<std::string>();
    EXPECT_NE(library.find("NO_AFFINITY Prescott"), std::string::npos) << library;
    EXPECT_NE(library.find("OPENBLAS_CORETYPE=Prescott"), std::string::npos) << library;
  }
}

TEST(Cli, CountersAreCalibratedThenReadInAnExtraCall) {
  const test_support::TempDir temp("cli_counters");
  const fs::path& dir = temp.path();
  const std::string fast = "--repetitions 3 --min-sample-time 0.001 ";
  auto r = rooflab("probe -d cpu -o machine.json --max-working-set 256K " + fast, dir);
  ASSERT_EQ(r.code, 0) << r.output;
  const std::string run =
      "run -d cpu --machine machine.json --family stream --variant omp_plain --size 64K " + fast;
  if (const std::string why = test_support::why_perf_events_are_missing(); !why.empty()) {
    // A named event this machine cannot count is refused by name before any work; the default
    // set runs, every counter n/a with its reason, nothing calibrated, the declared work kept.
    expect_refused(run + "--counters " + test_support::kTaskClock + " -o named.json",
                   std::string("'") + test_support::kTaskClock + "'", dir);
    EXPECT_FALSE(fs::exists(dir / "named.json"));
    r = rooflab(run + "-o default.json --counters", dir);
    ASSERT_EQ(r.code, 0) << r.output;
    // The first calibration kernel counts nothing: the others, each prepared at its level's
    // size, are not tried.
    EXPECT_NE(r.output.find("counters: calibration stopped: nothing was counted on "),
              std::string::npos)
        << r.output;
    const auto defaults =
        roofline::results_from_json(roofline::read_json_file(dir / "default.json"));
    EXPECT_TRUE(defaults.calibration.empty());
    ASSERT_FALSE(defaults.results.empty());
    for (const auto& res : defaults.results) {
      EXPECT_TRUE(res.ok()) << res.error;
      EXPECT_FALSE(res.measured.has_value());
      ASSERT_TRUE(res.counters.contains(test_support::kTaskClock));
      for (const auto& [name, counter] : res.counters) {
        EXPECT_FALSE(counter.value.has_value()) << name;
        EXPECT_NE(counter.note.find("PAPI_"), std::string::npos) << name << ": " << counter.note;
      }
    }
    GTEST_SKIP() << why;
  }
  r = rooflab(run + "--counters perf::TASK-CLOCK perf::CYCLES -o counted.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(std::system((ROOFLAB_VALIDATE " '" + (dir / "counted.json").string() + "'").c_str()),
            0);
  const auto counted = roofline::results_from_json(roofline::read_json_file(dir / "counted.json"));
  ASSERT_FALSE(counted.calibration.empty());
  for (const auto& c : counted.calibration) EXPECT_EQ(c.quantity, roofline::kCpuSeconds);
  ASSERT_FALSE(counted.results.empty());
  for (const auto& res : counted.results) {
    ASSERT_TRUE(res.ok()) << res.error;
    EXPECT_EQ(res.samples.size(), 3u);  // the counted call is not a sample
    EXPECT_TRUE(res.counters.at("perf::TASK-CLOCK").value.has_value());
    EXPECT_TRUE(res.counters.contains("perf::CYCLES"));
  }

  // The default set needs no names; an unknown name is refused before any work, by name.
  r = rooflab(run + "-o default.json --counters", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  const auto defaults = roofline::results_from_json(roofline::read_json_file(dir / "default.json"));
  EXPECT_TRUE(defaults.results.at(0).counters.contains("perf::INSTRUCTIONS"));
  expect_refused(run + "--counters perf::TASK-CLOCK NO_SUCH_EVENT_XYZ", "'NO_SUCH_EVENT_XYZ'", dir);
  EXPECT_FALSE(fs::exists(dir / "results.json"));
}

namespace {

// rooflab started in `cwd` with its output on a pipe, for a test to read it and signal it.
class Running {
 public:
  Running(const std::string& args, const fs::path& cwd) {
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("pipe");
    std::vector<std::string> words;
    std::istringstream split(args);
    for (std::string w; split >> w;) words.push_back(w);
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], STDOUT_FILENO);
      dup2(fds[1], STDERR_FILENO);
      close(fds[0]);
      if (chdir(cwd.c_str()) != 0) _exit(127);
      std::vector<char*> argv{const_cast<char*>(ROOFLAB_BIN)};
      for (std::string& w : words) argv.push_back(w.data());
      argv.push_back(nullptr);
      execv(ROOFLAB_BIN, argv.data());
      _exit(127);
    }
    close(fds[1]);
    out_ = fdopen(fds[0], "r");
  }
  ~Running() {
    if (out_) std::fclose(out_);
  }

  // Reads lines until one contains `text` for the `count`th time; false at the end of output.
  bool wait_for(const std::string& text, int count) {
    char line[4096];
    while (count > 0 && std::fgets(line, sizeof line, out_)) {
      output += line;
      if (std::string(line).find(text) != std::string::npos) --count;
    }
    return count == 0;
  }
  void signal(int number) const { kill(pid_, number); }
  pid_t pid() const { return pid_; }
  // Whether the process ended within `limit`, without reading its output.
  bool ends_within(std::chrono::milliseconds limit) const {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
      siginfo_t info{};
      if (waitid(P_PID, pid_, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_)
        return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }
  // The rest of the output, then the wait status.
  int finish() {
    wait_for("\x01", 1);
    int status = 0;
    waitpid(pid_, &status, 0);
    return status;
  }

  std::string output;

 private:
  pid_t pid_;
  FILE* out_ = nullptr;
};

// Family, variant, precision and parameters of every result, in order.
std::vector<std::string> case_list(const roofline::Results& r) {
  std::vector<std::string> cases;
  for (const auto& res : r.results)
    cases.push_back(res.family + " " + res.variant + " " +
                    std::string(to_string(res.work.precision)) + " " + res.params.dump());
  return cases;
}

}  // namespace

// The bare command's folder is one run's: replaced as a whole when the run ends (an interrupted
// one too, with what finished), or left as it was.
TEST(Cli, TheBareCommandReplacesItsFolderWholeOrNotAtAll) {
  const test_support::TempDir temp("cli_bare_folder");
  const fs::path& dir = temp.path();
  fs::create_directory(dir / "mine");
  std::ofstream(dir / "mine" / "notes.txt") << "keep";
  expect_refused("-d cpu -o mine", "output folder 'mine' holds 'notes.txt'", dir);
  EXPECT_TRUE(fs::exists(dir / "mine" / "notes.txt"));
  expect_refused("-o ''", "'' names no file or folder", dir);

  fs::create_directory(dir / "out");
  for (const char* file : {"machine.json", "results.json", "report.html"})
    std::ofstream(dir / "out" / file) << "previous";
  std::ofstream(dir / ".out.Ab12Cd.keep") << "not a staging folder";
  fs::create_directories(dir / ".out.before");  // the user's, named like a staging folder
  std::ofstream(dir / ".out.before" / "machine.json") << "the user's";
  fs::create_directories(dir / ".out.Zz9Yy8");  // a killed run's staging folder, which its lock
  std::ofstream(dir / ".out.Zz9Yy8" / "machine.json") << "stale";  // file recorded
  std::ofstream(dir / ".out.lock") << "999999\n.out.Zz9Yy8\n";
  // A refused option touches nothing: the previous folder stays as it was, and the killed run's
  // staging folder is left to the next run that takes the folder (checked below).
  expect_refused("-d cpuu -o out", "cpuu", dir);
  EXPECT_EQ(slurp(dir / "out" / "results.json"), "previous");
  EXPECT_TRUE(fs::exists(dir / ".out.Zz9Yy8"));

  // Interrupted in the probe: the folder holds that run's incomplete profile, not the previous
  // run's results and report beside it.
  Running bare("-d cpu --repetitions 3 --min-sample-time 0.002 -o out", dir);
  ASSERT_TRUE(bare.wait_for("bandwidth sweep at ", 2)) << bare.output;
  bare.signal(SIGINT);
  const int status = bare.finish();
  ASSERT_TRUE(WIFEXITED(status)) << bare.output;
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT) << bare.output;
  EXPECT_NE(bare.output.find("out/machine.json holds what finished"), std::string::npos)
      << bare.output;
  const auto machine =
      roofline::machine_from_json(roofline::read_json_file(dir / "out" / "machine.json"));
  EXPECT_FALSE(machine.incomplete.empty());
  EXPECT_FALSE(fs::exists(dir / "out" / "results.json"));
  EXPECT_FALSE(fs::exists(dir / "out" / "report.html"));
  // Nothing hidden is left beside it (staging folder, lock) but what was not ours.
  std::set<std::string> hidden;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string()[0] == '.') hidden.insert(entry.path().filename().string());
  EXPECT_EQ(hidden, (std::set<std::string>{".out.Ab12Cd.keep", ".out.before"}));
  EXPECT_EQ(slurp(dir / ".out.before" / "machine.json"), "the user's");
}

// Rooflab removes only the temporaries it recorded as its own, never a user's file named like one
// (issue 43: a `.r.html.backup` beside the report was removed as a killed run's temporary).
TEST(Cli, AUsersFilesNamedLikeTemporariesSurvive) {
  const test_support::TempDir temp("cli_users_hidden");
  const fs::path& dir = temp.path();
  ASSERT_EQ(std::system(("'" WRITE_SAMPLE_FILES_BIN "' '" + dir.string() + "'").c_str()), 0);
  for (const char* name : {".r.html.backup", ".r.html.Ab12Cd"})
    std::ofstream(dir / name) << "the user's";
  const auto r = rooflab("report results.json -o r.html", dir);
  EXPECT_EQ(r.code, 0) << r.output;
  for (const char* name : {".r.html.backup", ".r.html.Ab12Cd"})
    EXPECT_EQ(slurp(dir / name), "the user's") << name;
}

namespace {

// A profile in `dir` and a short stream run on it, for a run to be stopped and resumed.
struct StoppableRun {
  explicit StoppableRun(const std::string& name) : temp(name) {
    const std::string fast = " --repetitions 5 --min-sample-time 0.005";
    auto r = rooflab("probe -d cpu -o machine.json --max-working-set 256K" + fast, dir());
    EXPECT_EQ(r.code, 0) << r.output;
    run = "run -d cpu --machine machine.json --family stream --size 64K" + fast;
    r = rooflab(run + " -o whole.json", dir());
    EXPECT_EQ(r.code, 0) << r.output;
    whole = roofline::results_from_json(roofline::read_json_file(dir() / "whole.json"));
  }
  const fs::path& dir() const { return temp.path(); }

  // part.json as a run stopped after `groups` groups of cases left it, `why` it is incomplete:
  // valid, marked so, with finished cases only and fewer than the whole run's.
  roofline::Results stopped(int signal, int groups, const std::string& why) const {
    Running stopped(run + " -o part.json", dir());
    EXPECT_TRUE(stopped.wait_for("run cpu [", groups)) << stopped.output;
    stopped.signal(signal);
    const int status = stopped.finish();
    if (signal == SIGKILL) {
      EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << stopped.output;
    } else {
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + signal) << stopped.output;
      EXPECT_NE(stopped.output.find("--resume part.json"), std::string::npos) << stopped.output;
    }
    EXPECT_EQ(std::system((ROOFLAB_VALIDATE " '" + (dir() / "part.json").string() + "'").c_str()),
              0);
    const auto part = roofline::results_from_json(roofline::read_json_file(dir() / "part.json"));
    EXPECT_NE(part.incomplete.find(why), std::string::npos) << part.incomplete;
    EXPECT_GE(part.results.size(), 1u);
    EXPECT_LT(part.results.size(), whole.results.size());
    for (const auto& res : part.results) EXPECT_TRUE(res.ok()) << res.error;
    return part;
  }

  // --resume measures only the rest, keeps the finished ones as they were, and completes the file
  // with the case list of the uninterrupted run.
  void expect_resume_completes(const roofline::Results& part) const {
    const auto r = rooflab(run + " --resume part.json", dir());
    ASSERT_EQ(r.code, 0) << r.output;
    const auto resumed = roofline::results_from_json(roofline::read_json_file(dir() / "part.json"));
    EXPECT_TRUE(resumed.incomplete.empty());
    EXPECT_EQ(case_list(resumed), case_list(whole));
    std::map<std::string, std::vector<double>> samples;  // by case
    for (std::size_t i = 0; i < resumed.results.size(); ++i)
      samples[case_list(resumed)[i]] = resumed.results[i].samples;
    for (std::size_t i = 0; i < part.results.size(); ++i)
      EXPECT_EQ(samples[case_list(part)[i]], part.results[i].samples)
          << "measured again: " << case_list(part)[i];
  }

  test_support::TempDir temp;
  std::string run;
  roofline::Results whole;
};

}  // namespace

// SIGINT after three groups: the finished cases are written, exit 130.
TEST(Cli, AnInterruptedRunKeepsWhatFinishedAndResumeCompletesIt) {
  const StoppableRun stoppable("cli_interrupt");
  ASSERT_GT(stoppable.whole.results.size(), 6u);
  const auto part = stoppable.stopped(SIGINT, 3, "interrupted by SIGINT");
  EXPECT_GE(part.results.size(), 3u);
  stoppable.expect_resume_completes(part);
}

// SIGKILL after three groups: the checkpoint on disk holds at least the first, with the command
// that completes the run.
TEST(Cli, AKilledRunLeavesACheckpointThatResumeCompletes) {
  const StoppableRun stoppable("cli_checkpoint");
  const auto part = stoppable.stopped(SIGKILL, 3, "checkpoint after ");
  EXPECT_NE(part.incomplete.find("to run the rest: "), std::string::npos) << part.incomplete;
  EXPECT_NE(part.incomplete.find(" --resume "), std::string::npos) << part.incomplete;
  stoppable.expect_resume_completes(part);
}

// --resume judges its file (issue 43: it trusted it): another host's results are kept with a
// warning naming both hosts, failed cases are measured again, a file `report` refuses is refused,
// cases of other options are counted as dropped, and a resumed run stopped again names --resume
// once.
TEST(Cli, ResumeJudgesItsFileAndSaysWhatItKeeps) {
  const StoppableRun stoppable("cli_resume_judged");
  const fs::path& dir = stoppable.dir();
  const auto write = [&](const roofline::Results& r, const char* name) {
    roofline::write_json_atomic(dir / name, roofline::to_json(r));
  };
  roofline::Results part = stoppable.whole;
  part.results.resize(3);
  part.provenance.host = "elsewhere";
  part.results[1].error = "made to fail";
  part.incomplete = "interrupted by SIGINT";
  write(part, "part.json");
  auto r = rooflab(stoppable.run + " --resume part.json -o done.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("warning: --resume: the file's results were measured on host "
                          "'elsewhere', this run is on '" +
                          stoppable.whole.provenance.host + "'"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("its 1 failed case(s) are measured again"), std::string::npos)
      << r.output;
  const auto done = roofline::results_from_json(roofline::read_json_file(dir / "done.json"));
  ASSERT_EQ(case_list(done), case_list(stoppable.whole));
  EXPECT_TRUE(done.results[1].ok()) << done.results[1].error;
  EXPECT_EQ(done.results[0].samples, part.results[0].samples);
  EXPECT_EQ(done.results[2].samples, part.results[2].samples);

  roofline::Results instant = stoppable.whole;
  instant.results[0].samples.assign(instant.results[0].samples.size(), 1e-12);
  instant.results[0].time = roofline::summarize(instant.results[0].samples);
  write(instant, "instant.json");
  expect_refused(stoppable.run + " --resume instant.json -o x.json",
                 "--resume: 'instant.json': results[0]: placed ", dir);
  EXPECT_FALSE(fs::exists(dir / "x.json"));

  const std::string variant = stoppable.whole.results[0].variant;
  const auto others = std::count_if(stoppable.whole.results.begin(), stoppable.whole.results.end(),
                                    [&](const auto& x) { return x.variant != variant; });
  ASSERT_GT(others, 0);
  r = rooflab(stoppable.run + " --variant " + variant + " --resume whole.json -o one.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("note: --resume: " + std::to_string(others) + " of the file's " +
                          std::to_string(stoppable.whole.results.size()) +
                          " cases are not part of this run (other options): they are dropped"),
            std::string::npos)
      << r.output;

  // Stopped by a tiny budget, twice: the second stop's command names --resume once.
  r = rooflab(stoppable.run + " --budget 0.05 -o b.json", dir);
  ASSERT_NE(r.output.find("--resume b.json"), std::string::npos) << r.output;
  r = rooflab(stoppable.run + " --budget 0.05 --resume b.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  const auto again = roofline::results_from_json(roofline::read_json_file(dir / "b.json"));
  ASSERT_FALSE(again.incomplete.empty()) << r.output;
  const auto rest = r.output.find("To run the rest: ");
  ASSERT_NE(rest, std::string::npos) << r.output;
  const std::string command = r.output.substr(rest, r.output.find('\n', rest) - rest);
  EXPECT_EQ(command.find("--resume"), command.rfind("--resume")) << command;
}

// An interrupt never replaces a complete earlier result (issue 43): what finished goes beside it,
// as NAME.incomplete.json (the bare command's folder: FOLDER.incomplete), and completing the
// run replaces the complete file.
TEST(Cli, AnInterruptKeepsACompleteEarlierResultAndWritesBesideIt) {
  const StoppableRun stoppable("cli_keep_complete");
  const fs::path& dir = stoppable.dir();
  const std::string whole = slurp(dir / "whole.json"), machine = slurp(dir / "machine.json");

  Running running(stoppable.run + " -o whole.json", dir);
  ASSERT_TRUE(running.wait_for("run cpu [", 3)) << running.output;
  running.signal(SIGINT);
  int status = running.finish();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGINT) << running.output;
  EXPECT_EQ(slurp(dir / "whole.json"), whole);
  EXPECT_NE(running.output.find("the complete results whole.json are kept as they were"),
            std::string::npos)
      << running.output;
  EXPECT_NE(running.output.find("-o whole.json --resume whole.incomplete.json"), std::string::npos)
      << running.output;
  const auto part =
      roofline::results_from_json(roofline::read_json_file(dir / "whole.incomplete.json"));
  EXPECT_FALSE(part.incomplete.empty());
  auto r = rooflab(stoppable.run + " -o whole.json --resume whole.incomplete.json", dir);
  ASSERT_EQ(r.code, 0) << r.output;
  const auto done = roofline::results_from_json(roofline::read_json_file(dir / "whole.json"));
  EXPECT_TRUE(done.incomplete.empty());
  EXPECT_EQ(case_list(done), case_list(stoppable.whole));
  EXPECT_FALSE(fs::exists(dir / "whole.incomplete.json"));

  Running probing("probe -d cpu --repetitions 3 --min-sample-time 0.002 -o machine.json", dir);
  ASSERT_TRUE(probing.wait_for("bandwidth sweep at ", 2)) << probing.output;
  probing.signal(SIGTERM);
  status = probing.finish();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM) << probing.output;
  EXPECT_EQ(slurp(dir / "machine.json"), machine);
  EXPECT_NE(probing.output.find("machine.incomplete.json holds what finished"), std::string::npos)
      << probing.output;
  EXPECT_FALSE(
      roofline::machine_from_json(roofline::read_json_file(dir / "machine.incomplete.json"))
          .incomplete.empty());

  fs::create_directory(dir / "out");  // a complete run of the bare command
  fs::copy_file(dir / "machine.json", dir / "out" / "machine.json");
  fs::copy_file(dir / "whole.json", dir / "out" / "results.json");
  std::ofstream(dir / "out" / "report.html") << "complete";
  Running bare("-d cpu --repetitions 3 --min-sample-time 0.002 -o out", dir);
  ASSERT_TRUE(bare.wait_for("bandwidth sweep at ", 2)) << bare.output;
  bare.signal(SIGINT);
  status = bare.finish();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGINT) << bare.output;
  EXPECT_EQ(slurp(dir / "out" / "report.html"), "complete");
  EXPECT_EQ(slurp(dir / "out" / "machine.json"), machine);
  EXPECT_NE(bare.output.find("the complete run in out is kept as it was"), std::string::npos)
      << bare.output;
  EXPECT_FALSE(
      roofline::machine_from_json(roofline::read_json_file(dir / "out.incomplete" / "machine.json"))
          .incomplete.empty());
}

TEST(Cli, ATimeBudgetShrinksRepetitionsThenSampleTimeThenStopsForResume) {
  const test_support::TempDir temp("cli_budget");
  const std::string run = "run -d cpu --family stream --size 64K --min-sample-time 0.002";
  // Far too little time: the cases after the first group are measured at the floors, and the
  // run stops once the budget is spent, keeping what finished for --resume.
  auto r = rooflab(run + " --budget 0.5 -o tight.json", temp.path());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("time budget: run: shrank repetitions 9 -> 6, minimum sample time 2 -> "
                          "1 ms to fit"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("its time budget of 0.5 s spent after "), std::string::npos) << r.output;
  const auto tight =
      roofline::results_from_json(roofline::read_json_file(temp.path() / "tight.json"));
  EXPECT_NE(tight.incomplete.find("its time budget of 0.5 s spent"), std::string::npos)
      << tight.incomplete;
  std::multiset<std::size_t> counts;
  for (const auto& res : tight.results) counts.insert(res.samples.size());
  EXPECT_GT(counts.count(6), 0u);
  EXPECT_EQ(counts.count(6) + counts.count(9), tight.results.size());
  // No budget: the rest is measured, every case of it with its 9 samples, and nothing is said.
  r = rooflab(run + " --budget 0 --resume tight.json -o free.json", temp.path());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.find("time budget:"), std::string::npos) << r.output;
  const auto free =
      roofline::results_from_json(roofline::read_json_file(temp.path() / "free.json"));
  EXPECT_TRUE(free.incomplete.empty()) << free.incomplete;
  EXPECT_GT(free.results.size(), tight.results.size());
  std::size_t nine = 0;
  for (const auto& res : free.results) nine += res.samples.size() == 9;
  EXPECT_EQ(nine, free.results.size() - counts.count(6));
}

TEST(Cli, ThreadsPlacesAndBindSetOpenMpsPlacement) {
  const test_support::TempDir temp("cli_threads");
  const auto r = rooflab(
      "run -d cpu --family stream --size 64K --repetitions 2 --min-sample-time 0.001 --budget 0 "
      "--threads 1 --places threads --bind spread -o t.json",
      temp.path());
  ASSERT_EQ(r.code, 0) << r.output;
  const auto t = roofline::results_from_json(roofline::read_json_file(temp.path() / "t.json"));
  EXPECT_EQ(t.provenance.threads, 1);
  EXPECT_EQ(t.provenance.thread_binding, "OMP_PLACES=threads OMP_PROC_BIND=spread");
  ASSERT_NE(t.machine.find("cpu"), nullptr);
  EXPECT_EQ(t.machine.find("cpu")->compute_units, 1);
  ASSERT_FALSE(t.results.empty());
  for (const auto& res : t.results) EXPECT_EQ(res.params.value("threads", 1), 1) << res.variant;
  expect_refused("run --threads 0", "--threads");
  expect_refused("run --places sockets", "sockets");
  expect_refused("probe --bind far", "far");
}

// Given twice, a placement option's last value counts, and the program starts again once to apply
// them (issue 43: `--threads 1 --threads 2` re-executed it forever).
TEST(Cli, ARepeatedPlacementOptionCountsOnceItsLastValue) {
  const test_support::TempDir temp("cli_repeated_placement");
  const auto r = rooflab(
      "run -d cpu --family stream --size 64K --repetitions 2 --min-sample-time 0.001 --budget 0 "
      "--threads 2 --threads 1 --places cores --places threads --bind close --bind=spread "
      "-o t.json",
      temp.path(), "timeout 300");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto t = roofline::results_from_json(roofline::read_json_file(temp.path() / "t.json"));
  EXPECT_EQ(t.provenance.threads, 1);
  EXPECT_EQ(t.provenance.thread_binding, "OMP_PLACES=threads OMP_PROC_BIND=spread");
}

// A thread count no machine here runs with is refused by name before OpenMP starts a thread
// (issue 43: OMP_NUM_THREADS=100000 crashed in OpenMP's runtime, a billion ran out of memory);
// more threads than CPUs run, with a warning.
TEST(Cli, AbsurdThreadCountsAreRefusedAndMoreThanTheCpusWarnedOf) {
  const test_support::TempDir temp("cli_thread_counts");
  const long most = 64 * sysconf(_SC_NPROCESSORS_ONLN);
  for (const std::string& count : {std::to_string(most + 1), std::string("1000000000")}) {
    const auto r =
        rooflab("run -d cpu --family stream --size 64K", temp.path(), "OMP_NUM_THREADS=" + count);
    EXPECT_EQ(r.code, 2) << count << ":\n" << r.output;
    EXPECT_EQ(r.output.rfind("rooflab: error: OMP_NUM_THREADS='" + count + "': more than 64 ", 0),
              0u)
        << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << "one line:\n" << r.output;
  }
  for (const std::string& count : {std::to_string(most + 1), std::string("99999999999999999999")})
    expect_refused("run -d cpu --threads " + count,
                   "--threads: '" + count + "': more than 64 threads per online CPU");
  const auto nested = rooflab("list", temp.path(), "OMP_NUM_THREADS=4,many");
  EXPECT_EQ(nested.code, 2) << nested.output;
  EXPECT_NE(nested.output.find("OMP_NUM_THREADS='4,many': expected a whole number"),
            std::string::npos)
      << nested.output;
  cpu_set_t cpus;
  ASSERT_EQ(sched_getaffinity(0, sizeof cpus, &cpus), 0);
  const std::string over = std::to_string(CPU_COUNT(&cpus) + 1);
  const auto r = rooflab("list -d cpu", temp.path(), "OMP_NUM_THREADS=" + over);
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("warning: " + over + " threads (OMP_NUM_THREADS or --threads) on the " +
                          std::to_string(CPU_COUNT(&cpus)) + " CPUs"),
            std::string::npos)
      << r.output;
}

TEST(Cli, AnInterruptedProbeKeepsTheCeilingsItConcluded) {
  const test_support::TempDir temp("cli_interrupt_probe");
  Running probing("probe -d cpu --repetitions 3 --min-sample-time 0.002 -o machine.json",
                  temp.path());
  ASSERT_TRUE(probing.wait_for("bandwidth sweep at ", 4)) << probing.output;
  probing.signal(SIGINT);
  const int status = probing.finish();
  ASSERT_TRUE(WIFEXITED(status)) << probing.output;
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT) << probing.output;
  const fs::path file = temp.path() / "machine.json";
  EXPECT_EQ(std::system((ROOFLAB_VALIDATE " '" + file.string() + "'").c_str()), 0);
  const auto machine = roofline::machine_from_json(roofline::read_json_file(file));
  EXPECT_EQ(machine.incomplete, "interrupted by SIGINT while probing cpu");
  ASSERT_EQ(machine.devices.size(), 1u);
  const auto& cpu = machine.devices[0];
  EXPECT_FALSE(cpu.compute.empty());
  EXPECT_FALSE(cpu.sweep.empty());
  std::string notes = cpu.facts.at("probe_notes").dump();
  EXPECT_NE(notes.find("interrupted during the bandwidth sweep after"), std::string::npos) << notes;
}

TEST(Cli, ASecondInterruptStopsAtOnce) {
  const test_support::TempDir temp("cli_interrupt_twice");
  Running running(
      "run -d cpu --family stream --size 64K --repetitions 5 --min-sample-time 0.05 --budget 0 "
      "-o r.json",
      temp.path());
  ASSERT_TRUE(running.wait_for("run cpu [", 1)) << running.output;
  running.signal(SIGINT);
  ASSERT_TRUE(running.wait_for("rooflab: interrupted", 1)) << running.output;
  running.signal(SIGINT);
  const int status = running.finish();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << running.output;
  // What is on disk is at most the last checkpoint, whole and marked so; no temporary file stays.
  if (fs::exists(temp.path() / "r.json")) {
    const auto r = roofline::results_from_json(roofline::read_json_file(temp.path() / "r.json"));
    EXPECT_NE(r.incomplete.find("checkpoint after "), std::string::npos) << r.incomplete;
  }
  for (const auto& entry : fs::directory_iterator(temp.path())) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(!name.starts_with(".r.json.") || name == ".r.json.lock") << name;
  }
}

// SIGHUP (a closed ssh session) keeps what finished as SIGINT does, with the command to resume.
TEST(Cli, AHangupKeepsWhatFinishedForResume) {
  const StoppableRun stoppable("cli_hangup");
  const auto part = stoppable.stopped(SIGHUP, 3, "interrupted by SIGHUP");
  stoppable.expect_resume_completes(part);
}

// report and compare measure nothing: the first signal ends them, even blocked reading a FIFO
// (issue 43: they ignored it, and a FIFO input needed SIGKILL).
TEST(Cli, CommandsThatMeasureNothingEndOnTheFirstSignal) {
  const test_support::TempDir temp("cli_signal_once");
  const fs::path fifo = temp.path() / "in.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string args : {"report in.json -o r.html", "compare in.json in.json"}) {
    // Held open for writing and never written: rooflab waits in its read. Not inherited, so that
    // only rooflab's own open puts the FIFO among its files.
    const int writer = open(fifo.c_str(), O_RDWR | O_CLOEXEC);
    ASSERT_GE(writer, 0);
    Running reading(args, temp.path());
    bool opened = false;  // rooflab holds the FIFO open: it is reading, its handlers installed
    for (int i = 0; i < 500 && !opened; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      std::error_code error;
      for (const auto& fd :
           fs::directory_iterator("/proc/" + std::to_string(reading.pid()) + "/fd", error))
        opened = opened || fs::read_symlink(fd.path(), error) == fs::canonical(fifo);
    }
    ASSERT_TRUE(opened) << args;
    reading.signal(SIGTERM);
    const bool ended = reading.ends_within(std::chrono::seconds(5));
    close(writer);  // the end of its input, should it still be reading
    const int status = reading.finish();
    EXPECT_TRUE(ended) << args;
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << args << reading.output;
    EXPECT_FALSE(fs::exists(temp.path() / "r.html"));
  }
}

TEST(Cli, TwoIdenticalDevicesAreComparedButGetNoVerdict) {
  // PoCL lists as many identical CPU devices as POCL_DEVICES names.
  setenv("POCL_DEVICES", "pthread pthread", 1);
  const test_support::TempDir temp("cli_identical");
  if (rooflab("devices").output.find("opencl:0:1 ") == std::string::npos) {
    unsetenv("POCL_DEVICES");
    GTEST_SKIP() << "no second PoCL device";
  }
  const auto r = rooflab(
      "probe -d opencl:0:0 -d opencl:0:1 --max-working-set 256K --budget 2 --repetitions 3 "
      "--min-sample-time 0.001 -o machine.json",
      temp.path());
  unsetenv("POCL_DEVICES");
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("identical devices opencl:0:0, opencl:0:1: no verdict: 2 of them"),
            std::string::npos)
      << r.output;
  const auto machine =
      roofline::machine_from_json(roofline::read_json_file(temp.path() / "machine.json"));
  ASSERT_EQ(machine.identical.size(), 1u);
  EXPECT_FALSE(machine.identical[0].verdict());
  EXPECT_EQ(
      std::system((ROOFLAB_VALIDATE " '" + (temp.path() / "machine.json").string() + "'").c_str()),
      0);
}
