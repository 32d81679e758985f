#pragma once
// The bare command's folder (machine.json, results.json, report.html) is replaced as a whole or
// not at all: its files are written into a hidden sibling staging folder, which takes the
// folder's place in one rename when the command ends. A run stopped by an error leaves the
// previous folder as it was; one stopped by an interrupt replaces it with what finished (a
// consistent folder of one run, marked incomplete, with a resume command), unless it holds a
// complete run: then what finished goes beside it, as FOLDER.incomplete (keep_complete).
#include <filesystem>

#include "roofline/output_file.hpp"

namespace cli {

// The bare command's folder where -o names none, and the files it writes there.
inline constexpr const char* kDefaultFolder = "rooflab-out";
inline constexpr const char* kMachineFile = "machine.json";
inline constexpr const char* kResultsFile = "results.json";
inline constexpr const char* kReportFile = "report.html";

class OutputFolder {
 public:
  // Refuses (InputError) a folder that holds anything but Rooflab's files (replacing it whole
  // would delete them), or that another rooflab is writing; then removes the staging folder a
  // killed run recorded in the folder's lock (roofline::record_temporary) and makes its own.
  explicit OutputFolder(const std::filesystem::path& folder);
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;
  // Without commit(): removes the staging folder, leaving the previous folder as it was.
  ~OutputFolder();

  // Where the command writes its files now.
  const std::filesystem::path& staging() const { return staging_; }
  // Where they will be once committed (for the messages).
  const std::filesystem::path& folder() const { return target_; }
  // For a run stopped early: commits beside the folder, as FOLDER.incomplete (replacing an earlier
  // one of Rooflab's files only), when the folder holds a complete run; says whether it will.
  bool keep_complete();
  // Puts the staging folder in the folder's place (an atomic exchange where the file system
  // offers one) and removes the previous folder.
  void commit();

 private:
  std::filesystem::path folder_, staging_;
  std::filesystem::path target_;  // where commit() puts the staging folder
  roofline::OutputLock lock_;
  bool committed_ = false;
};

}  // namespace cli
