// `rooflab profile` end to end on the CPU: a program marked with roofline/region.hpp runs
// unmodified, and its regions become a profile that validates, places and reports; the command
// refuses what it cannot run, and a failing program still leaves its profile.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "command.hpp"
#include "roofline/json_io.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using test_support::run_command;

namespace {

test_support::Outcome rooflab(const fs::path& cwd, const std::string& args) {
  return run_command("cd '" + cwd.string() + "' && '" ROOFLAB_BIN "' " + args);
}

}  // namespace

TEST(ProfileCli, MarkedRegionsOfAnUnmodifiedProgramBecomeAProfile) {
  test_support::TempDir dir("profile");
  const auto r = rooflab(dir.path(), "profile -d cpu -o p.json -- '" MARKED_PROGRAM_BIN "'");
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("triad"), std::string::npos) << r.output;
  EXPECT_EQ(std::system((ROOFLAB_VALIDATE " '" + (dir.path() / "p.json").string() + "'").c_str()),
            0);
  const auto p = roofline::results_from_json(roofline::read_json_file(dir.path() / "p.json"));
  ASSERT_TRUE(p.program);
  EXPECT_EQ(p.program->exit_code, 0);
  EXPECT_GT(p.program->plain_seconds, 0);
  EXPECT_GT(p.program->seconds, 0);
  EXPECT_EQ(p.program->launches, 24);
  ASSERT_EQ(p.results.size(), 2u);
  // Each pass was counted by the preloaded PAPI library, but in a sanitizer build, which says so.
  const bool preloaded =
      std::none_of(p.program->notes.begin(), p.program->notes.end(),
                   [](const std::string& n) { return n.find("not counted") != std::string::npos; });
  double share = 0;
  for (const auto& r : p.results) {
    // PAPI's events here may all be refused (a guest without perf events): each says why.
    if (preloaded) {
      EXPECT_TRUE(r.counters.contains("perf::TASK-CLOCK")) << r.variant;
      bool any = false;
      for (const auto& [event, c] : r.counters) {
        EXPECT_TRUE(c.value || !c.note.empty()) << event << " has neither a count nor a reason";
        any = any || c.value.has_value();
      }
      EXPECT_EQ(r.launches->counted, any ? 12 : 0) << r.variant;
    }
    EXPECT_EQ(r.family, "region");
    ASSERT_TRUE(r.launches);
    EXPECT_EQ(r.launches->launches, 12);
    EXPECT_EQ(r.samples.size(), 12u);
    // This machine's PAPI may or may not count FLOPs: the region says which, either way.
    EXPECT_NE(r.launches->counting.find("declared by the program"), std::string::npos);
    share += r.launches->share;
  }
  EXPECT_NEAR(share, 1, 1e-9);
  EXPECT_GE(p.results[0].launches->total_seconds, p.results[1].launches->total_seconds)
      << "slowest first";
  EXPECT_TRUE(fs::exists(dir.path() / "regions.json")) << "the program's own output is untouched";

  // The report takes it like any results file.
  const auto report = rooflab(dir.path(), "report p.json -o r.html");
  ASSERT_EQ(report.code, 0) << report.output;
  EXPECT_TRUE(fs::exists(dir.path() / "r.html"));
}

TEST(ProfileCli, AFailingProgramLeavesItsProfileAndFailsTheCommand) {
  test_support::TempDir dir("profile");
  const auto r =
      rooflab(dir.path(), "profile -d cpu --no-plain-run -o p.json -- '" MARKED_PROGRAM_BIN "' 3");
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("exited with 3"), std::string::npos) << r.output;
  const auto p = roofline::results_from_json(roofline::read_json_file(dir.path() / "p.json"));
  ASSERT_TRUE(p.program);
  EXPECT_EQ(p.program->exit_code, 3);
  EXPECT_EQ(p.program->plain_seconds, 0);
}

TEST(ProfileCli, RefusesWhatItCannotRun) {
  test_support::TempDir dir("profile");
  for (const auto& [args, named] :
       {std::pair{"profile -d cpu -- ./no-such-program", "no-such-program"},
        std::pair{"profile -d cpu --kernels '(' -- true", "--kernels"},
        std::pair{"profile -d cpu --sample -1 -- true", "--sample"},
        std::pair{"profile -d no-such-device -- true", "no-such-device"},
        std::pair{"profile -d cpu", "program"}}) {
    const auto r = rooflab(dir.path(), args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(named), std::string::npos) << args << "\n" << r.output;
  }
  EXPECT_FALSE(fs::exists(dir.path() / "profile.json"));
}

TEST(ProfileCli, HelpNamesEveryOption) {
  test_support::TempDir dir("profile");
  const auto r = rooflab(dir.path(), "profile --help");
  ASSERT_EQ(r.code, 0) << r.output;
  for (const char* option :
       {"--device", "--machine", "--sample", "--kernels", "--no-plain-run", "--output", "PROGRAM"})
    EXPECT_NE(r.output.find(option), std::string::npos) << option << "\n" << r.output;
}

TEST(ProfileCli, AProgramWithoutRegionsSaysSo) {
  test_support::TempDir dir("profile");
  const auto r = rooflab(dir.path(), "profile -d cpu --no-plain-run -- true");
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("no region was written"), std::string::npos) << r.output;
}
