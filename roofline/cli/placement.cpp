#include "roofline/cli/placement.hpp"

#include <omp.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/input_error.hpp"

namespace cli {
namespace {

// A thread count beyond this many per online CPU is a typo, not a placement: OpenMP's runtime
// crashed starting 100,000 threads on two CPUs, and ran out of memory describing a billion.
constexpr long kMostThreadsPerCpu = 64;

long online_cpus() { return std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)); }

long most_threads() { return kMostThreadsPerCpu * online_cpus(); }

// Why `value` is no thread count Rooflab runs with; empty when it is one.
std::string thread_count_problem(std::string_view value) {
  long n = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), n);
  const std::string range = "a whole number from 1 to " + std::to_string(most_threads());
  if ((error == std::errc::result_out_of_range && !value.starts_with('-')) ||
      (error == std::errc() && end == value.data() + value.size() && n > most_threads()))
    return "more than " + std::to_string(kMostThreadsPerCpu) + " threads per online CPU (" +
           std::to_string(online_cpus()) + "): expected " + range;
  if (error != std::errc() || end != value.data() + value.size() || n < 1)
    return "expected " + range;
  return "";
}

// The CPUs this process may run on. OpenMP has bound this thread to its first place by now; its
// places hold the CPUs the process started with.
int available_cpus() {
  int cpus = 0;
  for (int place = 0; place < omp_get_num_places(); ++place) cpus += omp_get_place_num_procs(place);
  if (cpus > 0) return cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
}

CLI::Validator thread_count() {
  return CLI::Validator(
      [](std::string& value) {
        const std::string problem = thread_count_problem(value);
        return problem.empty() ? problem : "'" + value + "': " + problem;
      },
      "INT in [1 - " + std::to_string(most_threads()) + "]");
}

struct PlacementOption {
  const char* flag;
  const char* variable;
  CLI::Validator check;
  const char* help;
};

// Each value is checked before it is applied: one OpenMP's runtime refuses (OMP_NUM_THREADS=0)
// would be refused by the runtime itself, in its words, before the command could name it.
const std::vector<PlacementOption>& placement_options() {
  static const std::vector<PlacementOption> options{
      {"--threads", "OMP_NUM_THREADS", thread_count(),
       "CPU threads at most: the thread ladders stop there (OMP_NUM_THREADS; default: one per "
       "core)"},
      {"--places", "OMP_PLACES", CLI::IsMember({"cores", "threads"}),
       "Where OpenMP threads may run: cores (default) or threads (hardware threads, SMT)"},
      {"--bind", "OMP_PROC_BIND", CLI::IsMember({"close", "spread"}),
       "How threads are spread over the places: close (default: fill a socket first) or "
       "spread"}};
  return options;
}

// "--flag value" or "--flag=value" at argv[i]: the value, else nullptr.
const char* value_of(const char* flag, int argc, char** argv, int i) {
  const std::size_t length = std::strlen(flag);
  if (std::strncmp(argv[i], flag, length) != 0) return nullptr;
  if (argv[i][length] == '=') return argv[i] + length + 1;
  if (argv[i][length] == '\0' && i + 1 < argc) return argv[i + 1];
  return nullptr;
}

}  // namespace

bool apply_placement_options(int argc, char** argv) {
  bool changed = false;
  for (const auto& option : placement_options()) {
    // Given more than once, the last one counts, as in the command's own parse. Applying what the
    // arguments alone decide makes this idempotent: when the program starts again with the
    // environment set here, nothing changes, and it does not start again.
    const char* value = nullptr;
    for (int i = 1; i < argc && std::strcmp(argv[i], "--") != 0; ++i)
      if (const char* v = value_of(option.flag, argc, argv, i)) value = v;
    // A bad value is left to the command's own check, which names it.
    if (value == nullptr || !option.check(std::string(value)).empty()) continue;
    const char* current = std::getenv(option.variable);
    if (current != nullptr && std::strcmp(current, value) == 0) continue;
    setenv(option.variable, value, 1);
    changed = true;
  }
  return changed;
}

void check_thread_environment() {
  const char* variable = std::getenv("OMP_NUM_THREADS");
  if (variable == nullptr || *variable == '\0') return;
  // One count per nesting level, as "8,2".
  const std::string_view text = variable;
  long first = 0;
  for (std::size_t from = 0; from <= text.size();) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string_view count = text.substr(from, comma - from);
    if (const std::string problem = thread_count_problem(count); !problem.empty())
      throw roofline::InputError("OMP_NUM_THREADS='" + std::string(text.substr(0, 64)) +
                                 (text.size() > 64 ? "…" : "") + "': " + problem);
    if (from == 0) std::from_chars(count.data(), count.data() + count.size(), first);
    from = comma + 1;
  }
  const int available = available_cpus();
  if (available > 0 && first > available)
    std::cerr << "warning: " << first << " threads (OMP_NUM_THREADS or --threads) on the "
              << available
              << " CPUs this process may run on: threads take turns on a CPU, and every "
                 "multi-threaded time measures that\n";
}

void add_placement_flags(CLI::App& command) {
  // The values were applied before parsing (apply_placement_options); here they are checked.
  for (const auto& option : placement_options())
    command
        .add_option_function<std::string>(
            option.flag, [](const std::string&) {}, option.help)
        ->check(option.check)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

}  // namespace cli
