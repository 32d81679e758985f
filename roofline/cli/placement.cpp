#include "roofline/cli/placement.hpp"

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace cli {
namespace {

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
      {"--threads", "OMP_NUM_THREADS", CLI::Range(1, 4096),
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
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--") == 0) break;
    for (const auto& option : placement_options()) {
      const char* value = value_of(option.flag, argc, argv, i);
      // A bad value is left to the command's own check, which names it.
      if (value == nullptr || !option.check(std::string(value)).empty()) continue;
      const char* current = std::getenv(option.variable);
      if (current != nullptr && std::strcmp(current, value) == 0) continue;
      setenv(option.variable, value, 1);
      changed = true;
    }
  }
  return changed;
}

void add_placement_flags(CLI::App& command) {
  // The values were applied before parsing (apply_placement_options); here they are checked.
  for (const auto& option : placement_options())
    command
        .add_option_function<std::string>(
            option.flag, [](const std::string&) {}, option.help)
        ->check(option.check);
}

}  // namespace cli
