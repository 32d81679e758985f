// Nothing finished is lost: the bare command's folder replaced whole or not at all, interrupted
// and killed runs kept for --resume, signals that end what measures nothing, a budget that stops
// for resume.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "cli_support.hpp"
#include "roofline/json_io.hpp"
#include "roofline/stats.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using cli_test::case_list;
using cli_test::expect_refused;
using cli_test::rooflab;
using cli_test::Running;
using cli_test::slurp;

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
