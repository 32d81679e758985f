#include "roofline/cli/program_run.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "roofline/input_error.hpp"

namespace cli {

ProgramExit run_program(const std::vector<std::string>& command,
                        const std::vector<std::pair<std::string, std::string>>& environment) {
  std::vector<char*> argv;
  for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  // The child reports a failed exec through this pipe (closed on a successful one).
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe2");
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw std::system_error(errno, std::generic_category(), "fork");
  if (pid == 0) {
    close(report[0]);
    for (const auto& [name, value] : environment) setenv(name.c_str(), value.c_str(), 1);
    execvp(argv[0], argv.data());
    const int error = errno;
    [[maybe_unused]] const ssize_t n = write(report[1], &error, sizeof error);
    _exit(127);
  }
  close(report[1]);
  int exec_error = 0;
  const ssize_t got = read(report[0], &exec_error, sizeof exec_error);
  close(report[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "waitpid");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (got == sizeof exec_error)
    throw roofline::InputError("cannot run '" + command.front() +
                               "': " + std::strerror(exec_error));
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), seconds};
}

RecordingFolder::RecordingFolder() {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "rooflab-profile.XXXXXX").string();
  if (!mkdtemp(pattern.data()))
    throw std::system_error(errno, std::generic_category(), "mkdtemp " + pattern);
  path_ = pattern;
}

RecordingFolder::~RecordingFolder() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace cli
