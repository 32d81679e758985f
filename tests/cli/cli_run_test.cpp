// probe → run → report end to end on tiny real runs: files that parse and validate, and what
// compare, export, OpenBLAS's core type, the counters and identical devices make of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "cli_support.hpp"
#include "perf_events.hpp"
#include "roofline/json_io.hpp"
#include "roofline/stats.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using cli_test::expect_refused;
using cli_test::rooflab;
using cli_test::slurp;

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
