#pragma once
// Where an output is written, and who may write it: regular files only (never a device node, FIFO
// or socket), through a symlink to its target, one rooflab at a time.
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace roofline {

// "." + name + suffix: the hidden names beside an output (built by appending: GCC 12 warns
// falsely about "." + std::string).
inline std::string hidden(std::string_view name, std::string_view suffix) {
  std::string text(1, '.');
  text.append(name).append(suffix);
  return text;
}

// The file that writing `path` replaces: `path` itself, or for a symlink the file it points to
// (the link is kept; a chain is followed). Throws InputError naming `path` when it (or its
// target) exists and is not a regular file, when a symlink's target cannot be resolved, or when a
// link belongs to another user in a sticky, world-writable folder (the kernel's
// protected_symlinks rule, which a path Rooflab resolves itself would escape).
std::filesystem::path output_target(const std::filesystem::path& path);

// The permission bits an existing regular file has, so that replacing it keeps them; for a new
// file, 0666 less the process's umask, as any program's new file.
std::filesystem::perms output_mode(const std::filesystem::path& target);

// The process's file mode creation mask (umask), read without changing it.
std::filesystem::perms creation_mask();

// Records in target's lock file, when this process holds it (OutputLock), the temporary file or
// folder beside target that is about to take target's place: should the process be killed, the
// next rooflab to lock target removes it. Rooflab removes only what it recorded so, never a name
// that merely looks like one of its temporaries. Without the lock (an SVG beside a report),
// nothing is recorded.
void record_temporary(const std::filesystem::path& target, const std::filesystem::path& temporary);

// A folder opened once: outputs are created and renamed in it by names relative to it (openat,
// renameat), so no path is resolved again between Rooflab's checks and the write (a folder on the
// path swapped for a link by then changes nothing), and no final component is followed (the
// temporary is created with O_EXCL | O_NOFOLLOW; a rename replaces a link itself, not its target).
class OpenFolder {
 public:
  // Throws std::runtime_error naming the folder when it cannot be opened.
  explicit OpenFolder(const std::filesystem::path& folder);
  OpenFolder(const OpenFolder&) = delete;
  OpenFolder& operator=(const OpenFolder&) = delete;
  ~OpenFolder();

  int fd() const { return fd_; }
  // A new file (mode 0600) named "." + name + "." + six random letters or digits: its descriptor
  // (the caller closes it) and name. `before` is told each name, not in the folder then, before
  // the file is created: a signal handler that removes a stopped write's temporary knows it before
  // it can exist. Throws std::runtime_error when none can be created.
  std::pair<int, std::string> create_temporary(
      const std::string& name, const std::function<void(const std::string&)>& before = {}) const;

 private:
  std::filesystem::path folder_;
  int fd_ = -1;
};

// An exclusive lock on an output, held while a command computes and writes it: flock(2) on a
// hidden `.NAME.lock` beside it, which holds the writer's pid (a line) and is removed on release. A
// second rooflab that names the same output is refused (InputError) instead of both writing it
// and the last one silently winning; concurrent runs would distort each other's timings as well.
// Taking it removes the temporary a killed holder recorded (record_temporary).
class OutputLock {
 public:
  OutputLock() = default;
  explicit OutputLock(const std::filesystem::path& target);
  OutputLock(OutputLock&& other) noexcept;
  OutputLock& operator=(OutputLock&& other) noexcept;
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;
  ~OutputLock();

  // The lock file for `target`.
  static std::filesystem::path lock_path(const std::filesystem::path& target);

 private:
  void release() noexcept;
  int fd_ = -1;
  std::filesystem::path lock_;
};

}  // namespace roofline
