#pragma once
// A user's program run as a child process, for `rooflab profile`.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cli {

struct ProgramExit {
  int code = 0;        // its exit status, or 128 + the signal that ended it
  double seconds = 0;  // wall clock, from start to exit
};

// Runs `command` (searched on PATH) with `environment` added to rooflab's own, and waits for it;
// an interrupt of rooflab reaches the program through the terminal, and rooflab waits on.
// Throws InputError when it cannot be started (not found, not executable).
ProgramExit run_program(const std::vector<std::string>& command,
                        const std::vector<std::pair<std::string, std::string>>& environment);

// A fresh private folder for the program's recordings, removed with everything in it.
class RecordingFolder {
 public:
  RecordingFolder();
  ~RecordingFolder();
  RecordingFolder(const RecordingFolder&) = delete;
  RecordingFolder& operator=(const RecordingFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace cli
