#include "roofline/cli/output_folder.hpp"

#include <stdio.h>  // renameat2

#include <array>
#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <string>
#include <system_error>

#include "roofline/cli/incomplete_output.hpp"
#include "roofline/input_error.hpp"

namespace cli {

namespace fs = std::filesystem;

namespace {

constexpr std::array<const char*, 3> kFiles = {kMachineFile, kResultsFile, kReportFile};

// One of the bare command's files. Only they are: a temporary of one is never left in a committed
// folder, and a name like one may be the user's (`.report.html.backup`).
bool ours(const std::string& name) {
  for (const char* file : kFiles)
    if (name == file) return true;
  return false;
}

// The first entry of `dir` that is not ours; empty when there is none.
std::string foreign_entry(const fs::path& dir) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error))
    if (!ours(entry.path().filename().string()) || !entry.is_regular_file(error))
      return entry.path().filename().string();
  return "";
}

// Removes a folder that holds only our files; says whether it did.
bool remove_ours(const fs::path& dir) {
  if (!foreign_entry(dir).empty()) return false;
  std::error_code error;
  fs::remove_all(dir, error);
  return !error;
}

}  // namespace

OutputFolder::OutputFolder(const fs::path& requested) : folder_(requested) {
  if (folder_.empty()) throw roofline::InputError("output folder '' names no folder");
  // "out/" is the folder "out": its siblings are beside "out".
  if (!folder_.has_filename()) folder_ = folder_.parent_path();
  std::error_code error;
  const auto status = fs::symlink_status(folder_, error);
  if (fs::exists(status)) {
    if (!fs::is_directory(status))  // a symlink too: the exchange would replace the link
      throw roofline::InputError(
          "output folder '" + folder_.string() + "' is " +
          (fs::is_symlink(status) ? "a symlink: name the folder itself" : "not a folder"));
    if (const std::string foreign = foreign_entry(folder_); !foreign.empty())
      throw roofline::InputError(
          "output folder '" + folder_.string() + "' holds '" + foreign +
          "', which Rooflab did not write: a run replaces its folder as a whole; name a new or "
          "empty folder with -o");
  }
  const fs::path parent = folder_.parent_path().empty() ? "." : folder_.parent_path();
  fs::create_directories(parent, error);
  if (!fs::is_directory(parent))
    throw roofline::InputError("cannot create folder '" + parent.string() + "'" +
                               (error ? ": " + error.message() : ""));
  lock_ = roofline::OutputLock(folder_);  // removes a killed run's staging folder
  std::string pattern =
      (parent / roofline::hidden(folder_.filename().string(), ".XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr)
    throw roofline::InputError("cannot create a folder beside '" + folder_.string() +
                               "': " + std::generic_category().message(errno));
  staging_ = pattern;
  target_ = folder_;
  roofline::record_temporary(folder_, staging_);
  // mkdtemp's folder is 0700; a folder made by the user's shell would have 0777 less the umask.
  fs::permissions(staging_, fs::perms::all & ~roofline::creation_mask());
}

OutputFolder::~OutputFolder() {
  if (!committed_) remove_ours(staging_);
}

bool OutputFolder::keep_complete() {
  if (!holds_complete(folder_ / kMachineFile) || !holds_complete(folder_ / kResultsFile))
    return false;
  const fs::path beside = folder_.string() + ".incomplete";
  std::error_code error;
  const auto status = fs::symlink_status(beside, error);
  // Only a folder of Rooflab's files is replaced; else the complete run is, as before.
  if (fs::exists(status) && (!fs::is_directory(status) || !foreign_entry(beside).empty()))
    return false;
  target_ = beside;
  return true;
}

void OutputFolder::commit() {
  // Renamed by names in their folder, opened once (roofline::OpenFolder): staging_ and target_
  // are siblings.
  const fs::path parent_path = staging_.parent_path();
  const roofline::OpenFolder parent(parent_path);
  const std::string staging = staging_.filename().string(), target = target_.filename().string();
  std::error_code error;
  if (!fs::exists(fs::symlink_status(target_, error))) {
    if (::renameat(parent.fd(), staging.c_str(), parent.fd(), target.c_str()) != 0)
      throw std::runtime_error("cannot move '" + staging_.string() + "' to '" + target_.string() +
                               "': " + std::generic_category().message(errno));
    committed_ = true;
    return;
  }
  // One atomic exchange; a file system without it gets two renames.
  if (::renameat2(parent.fd(), staging.c_str(), parent.fd(), target.c_str(), RENAME_EXCHANGE) !=
      0) {
    const std::string previous = staging + ".old";
    roofline::record_temporary(folder_, parent_path / previous);
    if (::renameat(parent.fd(), target.c_str(), parent.fd(), previous.c_str()) != 0 ||
        ::renameat(parent.fd(), staging.c_str(), parent.fd(), target.c_str()) != 0)
      throw std::runtime_error("cannot replace '" + target_.string() + "' with '" +
                               staging_.string() + "': " + std::generic_category().message(errno));
    committed_ = true;
    remove_ours(parent_path / previous);
    return;
  }
  committed_ = true;
  // staging_ now holds the previous run's folder.
  if (!remove_ours(staging_))
    std::cerr << "rooflab: the previous '" << target_.string() << "' is kept as '"
              << staging_.string() << "': it gained files Rooflab did not write\n";
}

}  // namespace cli
