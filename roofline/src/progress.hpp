#pragma once
// Progress of a sweep on stderr. On a terminal one line, redrawn, never wider than the terminal:
// the phase, case k/N, the time elapsed and an estimate of the time left. Off a terminal (a log,
// CI) one line when the phase starts and one per finished group of cases, with its time.
#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

namespace roofline {

class Progress {
 public:
  Progress(std::string title, int total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // `cases` cases about to be measured together, the first described by `label`.
  void start(const std::string& label, int cases);
  // The group started last finished.
  void finish();

 private:
  void draw() const;

  std::string title_, label_;
  int total_, started_ = 0, finished_ = 0;
  bool terminal_;
  std::chrono::steady_clock::time_point begin_, group_begin_;
};

// A case's parameters as a person reads them: "op=triad n=64M threads=2".
std::string params_label(const nlohmann::json& params);

}  // namespace roofline
