#pragma once
// What the command line's tests share: rooflab run through the shell and its output read whole,
// or started on a pipe for a test to read it as it goes and signal it.
#include <sys/types.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "command.hpp"
#include "roofline/results.hpp"

namespace cli_test {

namespace fs = std::filesystem;

// `before`: what the shell puts before the program (variables, `timeout 60`).
test_support::Outcome rooflab(const std::string& args,
                              const fs::path& cwd = fs::temp_directory_path(),
                              const std::string& before = "");

std::string slurp(const fs::path& file);

// Expects exit code 2 and a message that names `named`.
void expect_refused(const std::string& args, const std::string& named,
                    const fs::path& cwd = fs::temp_directory_path());

// rooflab started in `cwd` with its output on a pipe, for a test to read it and signal it.
class Running {
 public:
  Running(const std::string& args, const fs::path& cwd);
  ~Running();
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;

  // Reads lines until one contains `text` for the `count`th time; false at the end of output.
  bool wait_for(const std::string& text, int count);
  void signal(int number) const;
  pid_t pid() const { return pid_; }
  // Whether the process ended within `limit`, without reading its output.
  bool ends_within(std::chrono::milliseconds limit) const;
  // The rest of the output, then the wait status.
  int finish();

  std::string output;

 private:
  pid_t pid_;
  FILE* out_ = nullptr;
};

// Family, variant, precision and parameters of every result, in order.
std::vector<std::string> case_list(const roofline::Results& r);

}  // namespace cli_test
