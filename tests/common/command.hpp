#pragma once
// A shell command run to its end: its exit code and what it printed (stdout and stderr).
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace test_support {

struct Outcome {
  int code;  // -1 when it did not exit normally
  std::string output;
};

inline Outcome run_command(const std::string& command) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace test_support
