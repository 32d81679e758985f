// --threads, --places and --bind set OpenMP's placement; repeated and absurd values.
#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "cli_support.hpp"
#include "roofline/json_io.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using cli_test::expect_refused;
using cli_test::rooflab;

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
