#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include "roofline/provenance.hpp"

namespace roofline {
namespace {

// The whole machine's busy and total jiffies from /proc/stat's first line; nullopt off Linux.
struct Jiffies {
  double busy = 0, total = 0;
};

std::optional<Jiffies> read_jiffies() {
  std::ifstream in("/proc/stat");
  std::string name;
  if (!(in >> name) || name != "cpu") return std::nullopt;
  // user nice system idle iowait irq softirq steal (guest time is already in user)
  double field[8] = {};
  for (double& f : field)
    if (!(in >> f)) return std::nullopt;
  Jiffies j;
  for (double f : field) j.total += f;
  j.busy = j.total - field[3] - field[4];  // all but idle and iowait: steal is lost to us too
  return j;
}

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

bool MachineLoad::busy() const { return cpus > 0 && busy_cpus >= std::max(0.5, 0.25 * cpus); }

std::string MachineLoad::text() const {
  char text[128];
  std::snprintf(text, sizeof text, "%.1f of %d CPUs busy with other work (load average %.1f)",
                busy_cpus, cpus, load_average);
  return text;
}

MachineLoad measure_machine_load(double sample_seconds) {
  MachineLoad load;
  const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  const std::optional<Jiffies> before = read_jiffies();
  double average[1] = {};
  if (cpus <= 0 || !before || getloadavg(average, 1) != 1) return load;
  // This thread sleeps through the sample; what this process's other threads did (OpenMP's
  // spinning down, say) is taken out, and the rest was others' work.
  const double own_before = process_cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(sample_seconds));
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double own = process_cpu_seconds() - own_before;
  const std::optional<Jiffies> after = read_jiffies();
  if (!after || after->total <= before->total) return load;
  load.cpus = static_cast<int>(cpus);
  load.load_average = average[0];
  const double share = (after->busy - before->busy) / (after->total - before->total);
  load.busy_cpus = std::max(0.0, cpus * share - own / elapsed);
  return load;
}

}  // namespace roofline
