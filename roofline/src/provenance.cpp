#include "roofline/provenance.hpp"

#include <omp.h>
#include <sched.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>

#include "roofline/build_info.hpp"

namespace roofline {
namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

std::string env_or(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v ? v : fallback;
}

std::vector<std::vector<int>> thread_affinity() {
  std::vector<std::vector<int>> cpus(omp_get_max_threads());
#pragma omp parallel
  {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> mine;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
      for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) mine.push_back(c);
    cpus[omp_get_thread_num()] = std::move(mine);
  }
  return cpus;
}

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

Provenance collect_provenance(const std::string& command) {
  const BuildInfo& b = build_info();
  Provenance p;
  p.version = b.version;
  p.git_hash = b.git_hash;
  p.compiler = b.compiler;
  p.flags = b.flags;
  p.build_type = b.build_type;
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  p.host = host;
  utsname u{};
  uname(&u);
  p.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
  p.cpu_model = cpu_model();
  p.threads = omp_get_max_threads();
  p.thread_binding = "OMP_PLACES=" + env_or("OMP_PLACES", "(unset)") +
                     " OMP_PROC_BIND=" + env_or("OMP_PROC_BIND", "(unset)");
  p.affinity = thread_affinity();
  p.time = utc_now();
  p.command = command;
  p.machine_load = measure_machine_load();
  return p;
}

void ensure_pinned_threads(char** argv, bool environment_changed) {
  if (std::getenv("OMP_PLACES") == nullptr) {
    setenv("OMP_PLACES", "cores", 1);
    if (std::getenv("OMP_PROC_BIND") == nullptr) setenv("OMP_PROC_BIND", "close", 1);
    environment_changed = true;
  }
  if (environment_changed) execv("/proc/self/exe", argv);  // returns only on failure: run on
}

}  // namespace roofline
