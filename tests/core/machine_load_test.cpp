// How busy the machine is at a command's start: measured over a short sample, this process's own
// threads left out, and called busy from a quarter of the CPUs (and half of one) on.
#include <gtest/gtest.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

#include "roofline/provenance.hpp"

namespace {

using roofline::MachineLoad;

TEST(MachineLoad, BusyFromAQuarterOfTheCpusAndHalfOfOne) {
  EXPECT_FALSE((MachineLoad{.cpus = 2, .load_average = 5, .busy_cpus = 0.4}).busy());
  EXPECT_TRUE((MachineLoad{.cpus = 2, .load_average = 0, .busy_cpus = 0.5}).busy());
  EXPECT_FALSE((MachineLoad{.cpus = 16, .load_average = 0, .busy_cpus = 3.9}).busy());
  EXPECT_TRUE((MachineLoad{.cpus = 16, .load_average = 0, .busy_cpus = 4}).busy());
  EXPECT_FALSE((MachineLoad{.cpus = 0, .load_average = 9, .busy_cpus = 9}).busy());  // unknown
  EXPECT_EQ((MachineLoad{.cpus = 2, .load_average = 5.23, .busy_cpus = 1.94}).text(),
            "1.9 of 2 CPUs busy with other work (load average 5.2)");
}

// The load is the machine's (every online CPU's), while the spinners run only on the CPUs this
// process may use: in a container's cpuset or under taskset, fewer.
TEST(MachineLoad, OtherProcessesSpinningAreSeen) {
  const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (access("/proc/stat", R_OK) != 0) GTEST_SKIP() << "no /proc/stat: the load is not measured";
  cpu_set_t set;
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  const int allowed = CPU_COUNT(&set);
  std::vector<pid_t> spinning;
  for (int i = 0; i < allowed; ++i) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      alarm(10);  // never outlives a test that failed to stop it
      volatile unsigned long n = 0;
      while (true) {
        const unsigned long v = n;
        n = v + 1;
      }
    }
    spinning.push_back(child);
  }
  usleep(100000);  // the children are running
  const MachineLoad load = roofline::measure_machine_load(0.3);
  for (pid_t child : spinning) {
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
  }
  EXPECT_EQ(load.cpus, cpus);
  EXPECT_GE(load.busy_cpus, 0.5 * allowed) << load.text();
  if (allowed == cpus) {
    EXPECT_TRUE(load.busy()) << load.text();
  }
  EXPECT_LE(load.busy_cpus, static_cast<double>(cpus) + 0.01) << load.text();
}

}  // namespace
