// Golden tests: what `rooflab report`, `compare` and `export` print and write for the fixed inputs
// in inputs/, stated in full by the files under expected/ (README.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

// A command run in a folder that holds the inputs, its standard output and error kept there as
// stdout.txt and stderr.txt, and the files of that folder it states: each one against
// expected/<name>/<the same path>. A stream it does not name must stay empty.
struct Case {
  std::string name;
  std::string args;  // rooflab's
  int exit_code;
  std::vector<std::string> outputs;
};

const Case kCases[] = {
    {"report",
     "report a.json -o report.html --csv csv --svg svg",
     0,
     {"stdout.txt", "report.html", "csv/ceilings.csv", "csv/results.csv", "csv/crossovers.csv",
      "svg/roofline-cpu.svg", "svg/sweep-cpu.svg", "svg/roofline-cuda_0.svg",
      "svg/sweep-cuda_0.svg"}},
    {"compare",
     "compare a.json b.json --fail-on slower -o compare.html",
     1,
     {"stdout.txt", "stderr.txt", "compare.html"}},
    {"compare_markdown", "compare a.json b.json --format md", 0, {"stdout.txt"}},
    {"export_gbench",
     "export --format gbench a.json -o bench.json",
     0,
     {"stdout.txt", "bench.json"}},
    {"report_cluster", "report cluster.json -o cluster.html", 0, {"stdout.txt", "cluster.html"}},
};

// A failing case names its command, not its bytes.
void PrintTo(const Case& c, std::ostream* out) { *out << "rooflab " << c.args; }

const fs::path kGolden = GOLDEN_DIR;

// Without the caller's OpenMP settings: these commands start no threads, and libgomp and rooflab
// warn of some (more threads than CPUs) on stderr.
const std::string kRooflab =
    "env -u OMP_NUM_THREADS -u OMP_PLACES -u OMP_PROC_BIND '" ROOFLAB_BIN "'";

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

// The one part of these outputs that comes from the build, not from the inputs: the version and
// git hash of the rooflab that wrote them ("Rooflab report 0.1.0", "Report written by Rooflab
// 0.1.0 (fe78fbf6cfa6)"), which become VERSION and GIT_HASH. The inputs record other versions.
std::string without_build_id(std::string text) {
  // `rooflab --version` prints "rooflab 0.1.0 (fe78fbf6cfa6)".
  static const std::string id = test_support::run_command(kRooflab + " --version").output;
  const auto space = id.find(' '), open = id.find(" ("), close = id.find(')');
  const std::string version = id.substr(space + 1, open - space - 1);
  const std::string hash = id.substr(open + 2, close - open - 2);
  for (const std::string before : {"Rooflab ", "Rooflab report ", "Rooflab comparison "})
    replace_all(text, before + version, before + "VERSION");
  replace_all(text, "Rooflab VERSION (" + hash + ")", "Rooflab VERSION (GIT_HASH)");
  return text;
}

class Golden : public ::testing::TestWithParam<Case> {};

TEST_P(Golden, Outputs) {
  const Case& c = GetParam();
  const test_support::TempDir temp("golden_" + c.name);
  const fs::path& dir = temp.path();
  for (const auto& input : fs::directory_iterator(kGolden / "inputs"))
    fs::copy_file(input.path(), dir / input.path().filename());
  const auto run = test_support::run_command("cd '" + dir.string() + "' && { " + kRooflab + " " +
                                             c.args + " >stdout.txt 2>stderr.txt; }");
  ASSERT_EQ(run.code, c.exit_code) << "rooflab " << c.args << "\n" << read(dir / "stderr.txt");
  for (const char* stream : {"stdout.txt", "stderr.txt"}) {
    if (std::find(c.outputs.begin(), c.outputs.end(), stream) == c.outputs.end()) {
      EXPECT_EQ(read(dir / stream), "") << "rooflab " << c.args << ": " << stream;
    }
  }

  const bool update = std::getenv("ROOFLAB_UPDATE_GOLDEN") != nullptr;
  for (const std::string& output : c.outputs) {
    if (!fs::exists(dir / output)) {
      ADD_FAILURE() << "rooflab " << c.args << " wrote no " << output;
      continue;
    }
    const fs::path golden = kGolden / "expected" / c.name / output;
    const std::string actual = without_build_id(read(dir / output));
    if (update) {
      write(golden, actual);
      continue;
    }
    if (fs::exists(golden) && read(golden) == actual) continue;
    write(dir / output, actual);
    const std::string label = "expected/" + c.name + "/" + output;
    const auto diff = test_support::run_command("diff -uN --label '" + label + "' --label '" +
                                                output + " (now)' '" + golden.string() + "' '" +
                                                (dir / output).string() + "'");
    ADD_FAILURE() << "rooflab " << c.args << ": " << output << " differs from " << label << ":\n"
                  << diff.output << "If the new output is right, rewrite the golden files:\n"
                  << "  ROOFLAB_UPDATE_GOLDEN=1 " << fs::read_symlink("/proc/self/exe").string()
                  << " --gtest_filter='*/" << c.name << "'\n";
  }
}

INSTANTIATE_TEST_SUITE_P(Command, Golden, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return info.param.name;
                         });

}  // namespace
