#include "roofline/src/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>

#include "roofline/clock.hpp"

namespace roofline {
namespace {

// "42 s", "3:07", "1:02:09".
std::string duration_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char text[32];
  if (s < 60)
    std::snprintf(text, sizeof text, "%ld s", s);
  else if (s < 3600)
    std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  return text;
}

std::size_t terminal_columns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

// Whole multiples of 2^10, 2^20, 2^30 with their suffix: element counts and byte sizes.
std::string number_label(const nlohmann::json& value) {
  if (!value.is_number_integer() && !value.is_number_unsigned()) return value.dump();
  const auto n = value.get<long long>();
  for (const auto& [shift, suffix] : {std::pair{30, "G"}, {20, "M"}, {10, "K"}})
    if (n != 0 && n % (1LL << shift) == 0) return std::to_string(n >> shift) + suffix;
  return std::to_string(n);
}

}  // namespace

std::string params_label(const nlohmann::json& params) {
  if (!params.is_object()) return params.is_null() ? "" : params.dump();
  std::string text;
  for (const auto& [key, value] : params.items()) {
    if (!text.empty()) text += ' ';
    text += key + "=" + (value.is_string() ? value.get<std::string>() : number_label(value));
  }
  return text;
}

Progress::Progress(std::string title, int total)
    : title_(std::move(title)),
      total_(total),
      terminal_(isatty(STDERR_FILENO) == 1),
      begin_(Clock::now()) {
  if (!terminal_ && total_ > 0) std::fprintf(stderr, "%s: %d case(s)\n", title_.c_str(), total_);
}

Progress::~Progress() {
  if (terminal_ && started_ > 0) std::fprintf(stderr, "\r\033[K");
}

void Progress::start(const std::string& label, int cases) {
  label_ = label;
  started_ += cases;
  group_begin_ = Clock::now();
  if (terminal_) draw();
}

void Progress::finish() {
  finished_ = started_;
  if (terminal_) return;
  std::fprintf(stderr, "%s [%d/%d] %s: %.2f s\n", title_.c_str(), finished_, total_, label_.c_str(),
               seconds_since(group_begin_));
}

void Progress::draw() const {
  const double elapsed = seconds_since(begin_);
  std::string line = title_ + " [" + std::to_string(started_) + "/" + std::to_string(total_) +
                     "] " + duration_text(elapsed);
  // Left: at the pace of the groups finished so far.
  if (finished_ > 0)
    line += ", ~" + duration_text(elapsed / finished_ * (total_ - finished_)) + " left";
  line += "  " + label_;
  // Never wider than the terminal, so that the redraw overwrites the whole line (bytes for
  // columns: labels are ASCII).
  const std::size_t width = terminal_columns() - 1;
  if (line.size() > width) line.resize(width);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
}

}  // namespace roofline
