// Outputs: regular files only, written through symlinks (never another user's in a shared
// folder), their mode kept, one writer at a time, and no hidden temporary file left behind by a
// killed writer.
#include "roofline/output_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "roofline/interrupt.hpp"
#include "roofline/json_io.hpp"
#include "temp_dir.hpp"

using namespace roofline;
namespace fs = std::filesystem;

namespace {

std::string text_of(const fs::path& p) {
  std::stringstream s;
  s << std::ifstream(p).rdbuf();
  return s.str();
}

std::string refusal(const fs::path& output) {
  try {
    write_file_atomic(output, "x");
  } catch (const InputError& e) {
    return e.what();
  }
  return "not refused";
}

}  // namespace

TEST(OutputFile, AFifoIsRefusedAndLeftAsItWas) {
  const test_support::TempDir temp("out_fifo");
  const fs::path fifo = temp.path() / "pipe";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  EXPECT_NE(refusal(fifo).find("is a FIFO: rooflab writes regular files only"), std::string::npos)
      << refusal(fifo);
  fs::create_symlink("pipe", temp.path() / "to_pipe");
  EXPECT_NE(refusal(temp.path() / "to_pipe").find("through the symlink"), std::string::npos);
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(std::distance(fs::directory_iterator(temp.path()), fs::directory_iterator{}), 2);
}

TEST(OutputFile, ASymlinkIsWrittenThroughToItsTargetAndKept) {
  const test_support::TempDir temp("out_link");
  fs::create_directory(temp.path() / "real");
  std::ofstream(temp.path() / "real" / "r.json") << "old";
  fs::create_symlink("real/r.json", temp.path() / "link.json");
  fs::create_symlink("link.json", temp.path() / "link2.json");  // a chain
  write_file_atomic(temp.path() / "link2.json", "new");
  EXPECT_TRUE(fs::is_symlink(temp.path() / "link.json"));
  EXPECT_TRUE(fs::is_symlink(temp.path() / "link2.json"));
  EXPECT_EQ(text_of(temp.path() / "real" / "r.json"), "new");
  // A dangling link makes its target.
  fs::create_symlink("real/made.json", temp.path() / "dangling.json");
  write_file_atomic(temp.path() / "dangling.json", "made");
  EXPECT_EQ(text_of(temp.path() / "real" / "made.json"), "made");
  EXPECT_TRUE(fs::is_symlink(temp.path() / "dangling.json"));
  fs::create_symlink("loop", temp.path() / "loop");
  EXPECT_NE(refusal(temp.path() / "loop").find("symlinks in a row"), std::string::npos);
}

TEST(OutputFile, AnotherUsersSymlinkInASharedFolderIsNotFollowed) {
  if (::geteuid() != 0) GTEST_SKIP() << "planting another user's symlink needs root";
  const test_support::TempDir temp("out_planted");
  const fs::path shared = temp.path() / "tmp";
  fs::create_directory(shared);
  ASSERT_EQ(::chmod(shared.c_str(), 01777), 0);
  std::ofstream(temp.path() / "victim") << "precious";
  const fs::path planted = shared / "report.html";
  fs::create_symlink(temp.path() / "victim", planted);
  // Root in a user namespace (a rootless container) may have no uid 65534 to give.
  if (::lchown(planted.c_str(), 65534, 65534) != 0)
    GTEST_SKIP() << "cannot give a link to uid 65534 here: " << std::strerror(errno);
  EXPECT_NE(refusal(planted).find("belongs to another user (uid 65534) in the shared folder"),
            std::string::npos)
      << refusal(planted);
  EXPECT_EQ(text_of(temp.path() / "victim"), "precious");
  EXPECT_TRUE(fs::is_symlink(planted));
  // The same link of this user's own is followed; so is another user's outside a shared folder.
  ASSERT_EQ(::lchown(planted.c_str(), ::geteuid(), ::getegid()), 0);
  write_file_atomic(planted, "mine");
  EXPECT_EQ(text_of(temp.path() / "victim"), "mine");
  ASSERT_EQ(::chmod(shared.c_str(), 0755), 0);
  ASSERT_EQ(::lchown(planted.c_str(), 65534, 65534), 0);
  write_file_atomic(planted, "again");
  EXPECT_EQ(text_of(temp.path() / "victim"), "again");
}

TEST(OutputFile, AnExistingFileKeepsItsModeANewOneFollowsTheUmask) {
  const test_support::TempDir temp("out_mode");
  const fs::path secret = temp.path() / "secret.json";
  std::ofstream(secret) << "old";
  fs::permissions(secret, fs::perms::owner_read | fs::perms::owner_write);
  write_file_atomic(secret, "new");
  EXPECT_EQ(fs::status(secret).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  const mode_t before = ::umask(022);
  write_file_atomic(temp.path() / "fresh.json", "new");
  EXPECT_EQ(fs::status(temp.path() / "fresh.json").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                fs::perms::others_read);
  ::umask(077);
  EXPECT_EQ(creation_mask(), static_cast<fs::perms>(077));
  write_file_atomic(temp.path() / "private.json", "new");
  EXPECT_EQ(fs::status(temp.path() / "private.json").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  ::umask(before);
}

// Only the temporary a killed writer recorded in its lock is removed, never a name that looks
// like one (issue 43: a user's `.r.json.backup` was removed as a stale temporary).
TEST(OutputFile, OnlyTheTemporaryAKilledWriterRecordedIsRemoved) {
  const test_support::TempDir temp("out_stale");
  const fs::path target = temp.path() / "r.json";
  for (const char* name : {".r.json.backup", ".r.json.Ab12Cd"})
    std::ofstream(temp.path() / name) << "the user's";
  record_temporary(target, temp.path() / ".r.json.backup");  // without the lock: no record
  EXPECT_FALSE(fs::exists(OutputLock::lock_path(target)));
  const pid_t child = fork();
  if (child == 0) {
    OutputLock lock(target);
    std::string name = (temp.path() / ".r.json.XXXXXX").string();
    ::close(mkstemp(name.data()));
    record_temporary(target, name);
    std::ofstream(temp.path() / "recorded") << fs::path(name).filename().string();
    std::raise(SIGKILL);  // killed while writing: the lock file and the temporary stay
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << status;
  const fs::path recorded = temp.path() / text_of(temp.path() / "recorded");
  ASSERT_TRUE(fs::exists(recorded));
  {
    const OutputLock next(target);
    EXPECT_FALSE(fs::exists(recorded));
  }
  for (const char* kept : {".r.json.backup", ".r.json.Ab12Cd"})
    EXPECT_EQ(text_of(temp.path() / kept), "the user's") << kept;
}

TEST(OutputFile, ASecondWriterIsRefusedUntilTheFirstReleasesTheLock) {
  const test_support::TempDir temp("out_lock");
  const fs::path target = temp.path() / "results.json";
  {
    OutputLock first(target);
    EXPECT_TRUE(fs::exists(OutputLock::lock_path(target)));
    try {
      OutputLock second(target);
      ADD_FAILURE() << "a second lock on " << target << " was granted";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("another rooflab (pid " + std::to_string(getpid()) + ") is writing"),
                std::string::npos)
          << what;
      EXPECT_NE(what.find("distort each other's timings"), std::string::npos) << what;
    }
    OutputLock moved = std::move(first);  // still held
    EXPECT_THROW(OutputLock{target}, InputError);
  }
  EXPECT_FALSE(fs::exists(OutputLock::lock_path(target)));  // removed on release
  EXPECT_NO_THROW(OutputLock{target});
}

TEST(OutputFile, ASecondSignalRemovesThePartialFileAsTheProcessEnds) {
  const test_support::TempDir temp("out_signal");
  const fs::path partial = temp.path() / ".r.json.Ab12Cd";
  std::ofstream(partial) << "partial";
  const pid_t child = fork();
  if (child == 0) {
    install_interrupt_handlers(OnSignal::finish_then_write);
    set_partial_file(partial.c_str());
    std::raise(SIGTERM);  // the first: noted
    std::raise(SIGTERM);  // the second: ends the process at once
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  EXPECT_FALSE(fs::exists(partial));
}

// A command that measures nothing (report, compare) ends on the first signal; issue 43 found them
// ignoring it.
TEST(OutputFile, WithNothingToFinishTheFirstSignalEndsTheProcess) {
  const test_support::TempDir temp("out_signal_once");
  const fs::path partial = temp.path() / ".r.html.Ab12Cd";
  std::ofstream(partial) << "partial";
  const pid_t child = fork();
  if (child == 0) {
    install_interrupt_handlers(OnSignal::stop_at_once);
    set_partial_file(partial.c_str());
    std::raise(SIGTERM);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  EXPECT_FALSE(fs::exists(partial));
}

// A closed ssh session (SIGHUP) stops a measurement as SIGTERM does, keeping what finished.
TEST(OutputFile, AHangupIsAnInterruptLikeSigterm) {
  const pid_t child = fork();
  if (child == 0) {
    install_interrupt_handlers(OnSignal::finish_then_write);
    std::raise(SIGHUP);
    _exit(interrupted() && interrupt_name() == "SIGHUP" ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
}
