#pragma once
// A run's results on disk as its cases finish, so that SIGKILL loses at most the cases in flight:
// the output is replaced whole (write_json_atomic) by a valid results file marked incomplete that
// names the command completing it (`--resume`); at most once a second, and after the last case.
// The run's own final write replaces it.
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "roofline/results.hpp"

namespace cli {

class Checkpoint {
 public:
  // An empty path writes nothing.
  Checkpoint(std::filesystem::path path, std::string resume_command);

  // Whether a checkpoint is due: a second since the last (or none yet), or the last case done.
  bool due(bool last) const;
  // Writes the run so far (its results of the `planned` cases, placed), marked incomplete.
  void write(roofline::Results so_far, std::size_t planned);

 private:
  std::filesystem::path path_;
  std::string resume_command_;
  std::optional<std::chrono::steady_clock::time_point> written_;
};

}  // namespace cli
