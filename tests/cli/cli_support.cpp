#include "cli_support.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace cli_test {

test_support::Outcome rooflab(const std::string& args, const fs::path& cwd,
                              const std::string& before) {
  return test_support::run_command("cd '" + cwd.string() + "' && " + before +
                                   " '" ROOFLAB_BIN "' " + args);
}

std::string slurp(const fs::path& file) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  return text.str();
}

void expect_refused(const std::string& args, const std::string& named, const fs::path& cwd) {
  const auto r = rooflab(args, cwd);
  EXPECT_EQ(r.code, 2) << "rooflab " << args << "\n" << r.output;
  EXPECT_NE(r.output.find(named), std::string::npos)
      << "rooflab " << args << " should name '" << named << "':\n"
      << r.output;
}

Running::Running(const std::string& args, const fs::path& cwd) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe");
  std::vector<std::string> words;
  std::istringstream split(args);
  for (std::string w; split >> w;) words.push_back(w);
  pid_ = fork();
  if (pid_ == 0) {
    dup2(fds[1], STDOUT_FILENO);
    dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    if (chdir(cwd.c_str()) != 0) _exit(127);
    std::vector<char*> argv{const_cast<char*>(ROOFLAB_BIN)};
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    execv(ROOFLAB_BIN, argv.data());
    _exit(127);
  }
  close(fds[1]);
  out_ = fdopen(fds[0], "r");
}

Running::~Running() {
  if (out_) std::fclose(out_);
}

bool Running::wait_for(const std::string& text, int count) {
  char line[4096];
  while (count > 0 && std::fgets(line, sizeof line, out_)) {
    output += line;
    if (std::string(line).find(text) != std::string::npos) --count;
  }
  return count == 0;
}

void Running::signal(int number) const { kill(pid_, number); }

bool Running::ends_within(std::chrono::milliseconds limit) const {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    siginfo_t info{};
    if (waitid(P_PID, pid_, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

int Running::finish() {
  wait_for("\x01", 1);
  int status = 0;
  waitpid(pid_, &status, 0);
  return status;
}

std::vector<std::string> case_list(const roofline::Results& r) {
  std::vector<std::string> cases;
  for (const auto& res : r.results)
    cases.push_back(res.family + " " + res.variant + " " +
                    std::string(to_string(res.work.precision)) + " " + res.params.dump());
  return cases;
}

}  // namespace cli_test
