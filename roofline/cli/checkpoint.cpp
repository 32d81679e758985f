#include "roofline/cli/checkpoint.hpp"

#include "roofline/json_io.hpp"

namespace cli {

namespace {
constexpr std::chrono::seconds kEvery{1};
}  // namespace

Checkpoint::Checkpoint(std::filesystem::path path, std::string resume_command)
    : path_(std::move(path)), resume_command_(std::move(resume_command)) {}

bool Checkpoint::due(bool last) const {
  if (path_.empty()) return false;
  return last || !written_ || std::chrono::steady_clock::now() - *written_ >= kEvery;
}

void Checkpoint::write(roofline::Results so_far, std::size_t planned) {
  so_far.incomplete =
      "checkpoint after " + std::to_string(so_far.results.size()) + " of " +
      std::to_string(planned) +
      " cases (the run was stopped before its end); to run the rest: " + resume_command_;
  roofline::write_json_atomic(path_, roofline::to_json(so_far));
  written_ = std::chrono::steady_clock::now();
}

}  // namespace cli
