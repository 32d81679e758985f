#include "roofline/output_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

#include "roofline/input_error.hpp"

namespace roofline {

namespace fs = std::filesystem;

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string quoted(const fs::path& p) {
  std::string text(1, '\'');  // appended: GCC 12 warns falsely about "'" + std::string
  return text.append(p.string()).append(1, '\'');
}

// A symlink loop has no end; the kernel gives up after 40 links, and so do we.
constexpr int kMaxLinks = 40;

// Why the link `link` (its lstat in `st`) is not followed, as the kernel's protected_symlinks rule
// would not follow it: in a sticky, world-writable folder (/tmp), another user may have planted
// it to steer what this process (root, say) overwrites. Empty where it may be followed.
std::string planted_link(const fs::path& link, const struct stat& st) {
  const fs::path folder = link.parent_path().empty() ? fs::path(".") : link.parent_path();
  struct stat dir {};
  if (::stat(folder.c_str(), &dir) != 0) return "";
  const bool shared = (dir.st_mode & S_ISVTX) && (dir.st_mode & S_IWOTH);
  if (!shared || st.st_uid == ::geteuid() || st.st_uid == dir.st_uid) return "";
  return "the symlink " + quoted(link) + " belongs to another user (uid " +
         std::to_string(st.st_uid) + ") in the shared folder " + quoted(folder) +
         " (sticky, writable by all): rooflab does not follow it; remove it or name another "
         "output";
}

}  // namespace

fs::path output_target(const fs::path& path) {
  fs::path target = path;
  for (int links = 0;; ++links) {
    struct stat st {};
    if (::lstat(target.c_str(), &st) != 0) {
      if (errno == ENOENT) return target;  // a new file (or a dangling link's new target)
      throw InputError("output " + quoted(path) + ": " + std::generic_category().message(errno));
    }
    if (S_ISREG(st.st_mode)) return target;
    const std::string via = target == path ? "" : " (through the symlink, " + quoted(target) + ")";
    if (!S_ISLNK(st.st_mode))
      throw InputError("output " + quoted(path) + via + " is " + kind_of(st.st_mode) +
                       ": rooflab writes regular files only");
    if (links == kMaxLinks)
      throw InputError("output " + quoted(path) + ": more than " + std::to_string(kMaxLinks) +
                       " symlinks in a row");
    if (const std::string why = planted_link(target, st); !why.empty())
      throw InputError("output " + quoted(path) + ": " + why);
    std::error_code error;
    const fs::path link = fs::read_symlink(target, error);
    if (error) throw InputError("output " + quoted(path) + ": " + error.message());
    target = link.is_absolute() ? link : target.parent_path() / link;
  }
}

fs::perms creation_mask() {
  // /proc/self/status has it (Linux 4.7 and later); elsewhere umask() is set and set back.
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("Umask:"))
      return static_cast<fs::perms>(std::stoul(line.substr(6), nullptr, 8));
  const mode_t mask = ::umask(022);
  ::umask(mask);
  return static_cast<fs::perms>(mask);
}

fs::perms output_mode(const fs::path& target) {
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0 && S_ISREG(st.st_mode))
    return static_cast<fs::perms>(st.st_mode & 0777);  // not set-id or sticky bits
  return static_cast<fs::perms>(0666) & ~creation_mask();
}

namespace {

// The lock file's record: the holder's pid, then the temporary it is writing, a line each.
std::string record_of(int fd) {
  char text[PATH_MAX + 32];  // a pid and a file name
  const ssize_t n = ::pread(fd, text, sizeof text, 0);
  return n > 0 ? std::string(text, static_cast<std::size_t>(n)) : "";
}

// Line `index` (from 0) of a record, without its newline; "" when it has none.
std::string record_line(const std::string& record, int index) {
  std::size_t from = 0;
  for (int i = 0; i < index && from != std::string::npos; ++i) {
    from = record.find('\n', from);
    if (from != std::string::npos) ++from;
  }
  if (from == std::string::npos || from >= record.size()) return "";
  return record.substr(from, record.find('\n', from) - from);
}

// Removes the temporary that a killed holder of `lock` (open as `fd`) recorded beside `target`:
// only from a lock file of this user, only a name beside target in the form Rooflab gives its
// temporaries (a record from elsewhere steers nothing), only a file or folder of this user.
void remove_recorded(int fd, const fs::path& target, const fs::path& lock) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_uid != ::geteuid()) return;
  const std::string name = record_line(record_of(fd), 1);
  const std::string prefix = hidden(target.filename().string(), ".");
  if (name.size() <= prefix.size() || !name.starts_with(prefix) ||
      name.find('/') != std::string::npos || name == lock.filename().string())
    return;
  const fs::path recorded = lock.parent_path() / name;
  if (::lstat(recorded.c_str(), &st) != 0 || st.st_uid != ::geteuid()) return;
  std::error_code ignored;
  if (S_ISREG(st.st_mode)) ::unlink(recorded.c_str());
  if (S_ISDIR(st.st_mode)) fs::remove_all(recorded, ignored);
}

}  // namespace

void record_temporary(const fs::path& target, const fs::path& temporary) {
  const fs::path lock = OutputLock::lock_path(target);
  const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return;
  const std::string pid = std::to_string(::getpid());
  if (record_line(record_of(fd), 0) == pid) {  // the lock this process holds
    const std::string record = pid + "\n" + temporary.filename().string() + "\n";
    if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, record.data(), record.size(), 0);
  }
  ::close(fd);
}

OpenFolder::OpenFolder(const fs::path& folder)
    : folder_(folder.empty() ? fs::path(".") : folder),
      fd_(::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
  if (fd_ < 0)
    throw std::runtime_error("cannot open the folder " + quoted(folder_) + ": " +
                             std::generic_category().message(errno));
}

OpenFolder::~OpenFolder() { ::close(fd_); }

std::pair<int, std::string> OpenFolder::create_temporary(
    const std::string& name, const std::function<void(const std::string&)>& before) const {
  static constexpr std::string_view kLetters =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::random_device seed;
  std::mt19937_64 random(seed());
  std::uniform_int_distribution<std::size_t> pick(0, kLetters.size() - 1);
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string temporary = hidden(name, ".");
    for (int i = 0; i < 6; ++i) temporary += kLetters[pick(random)];
    struct stat st {};
    if (::fstatat(fd_, temporary.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) continue;
    if (before) before(temporary);
    const int fd = ::openat(fd_, temporary.c_str(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) return {fd, temporary};
    if (errno != EEXIST)
      throw std::runtime_error("cannot create a temporary file in " + quoted(folder_) + ": " +
                               std::generic_category().message(errno));
  }
  throw std::runtime_error("cannot create a temporary file in " + quoted(folder_) +
                           ": every name tried exists");
}

fs::path OutputLock::lock_path(const fs::path& target) {
  return target.parent_path() / hidden(target.filename().string(), ".lock");
}

OutputLock::OutputLock(const fs::path& target) : lock_(lock_path(target)) {
  // The lock file is removed on release; one opened just before that is a stale inode, and the
  // open is repeated on the file now at the path.
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(lock_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0)
      throw InputError("cannot create the lock file " + quoted(lock_) + " for " + quoted(target) +
                       ": " + std::generic_category().message(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int why = errno;
      const std::string pid = record_line(record_of(fd), 0);
      ::close(fd);
      if (why != EWOULDBLOCK)
        throw InputError("cannot lock " + quoted(lock_) + ": " +
                         std::generic_category().message(why));
      const std::string holder = pid.empty() ? "" : " (pid " + pid + ")";
      throw InputError("another rooflab" + holder + " is writing " + quoted(target) +
                       ": wait for it to finish or name another output (two runs at once would "
                       "also distort each other's timings)");
    }
    struct stat held {
    }, now{};
    if (::fstat(fd, &held) == 0 && ::stat(lock_.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
        held.st_ino == now.st_ino) {
      remove_recorded(fd, target, lock_);
      const std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, pid.data(), pid.size(), 0);
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
  throw InputError("cannot lock " + quoted(lock_) + ": it keeps being replaced");
}

OutputLock::OutputLock(OutputLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), lock_(std::move(other.lock_)) {}

OutputLock& OutputLock::operator=(OutputLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
    lock_ = std::move(other.lock_);
  }
  return *this;
}

OutputLock::~OutputLock() { release(); }

void OutputLock::release() noexcept {
  if (fd_ < 0) return;
  ::unlink(lock_.c_str());  // while still held, so no one locks the file being removed
  ::close(fd_);
  fd_ = -1;
}

}  // namespace roofline
