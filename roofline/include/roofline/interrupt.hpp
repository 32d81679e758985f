#pragma once
// Ctrl-C (SIGINT), SIGTERM and SIGHUP (a closed ssh session) stop a long measurement without
// losing what has finished: the first signal makes the harness stop before its next group of
// cases and throw Interrupted with the results that finished, for the command to write; a second
// ends the process at once (the signal's default action). SIGKILL cannot be caught: files are only
// ever replaced whole (write_json_atomic), so the previous complete file survives it.
#include <stdexcept>
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace roofline {

// What the first signal does.
enum class OnSignal {
  finish_then_write,  // a measuring command: Interrupted, as above
  // A command that measures nothing has nothing to finish: it ends at once, as on a second
  // signal, its temporary file removed and the files of earlier commands untouched.
  stop_at_once,
};
void install_interrupt_handlers(OnSignal first);

// Whether SIGINT, SIGTERM or SIGHUP arrived since the handlers were installed (or clear_interrupt).
bool interrupted();
// "SIGINT", "SIGTERM" or "SIGHUP"; empty when none arrived.
std::string interrupt_name();
// The exit code of a command that stopped for the signal: 128 + its number.
int interrupt_exit_code();
void clear_interrupt();

// The temporary file write_file_atomic is writing, which a second signal (the process ending at
// once) removes instead of leaving it hidden beside the output; nullptr when none.
void set_partial_file(const char* path) noexcept;

// Thrown by measure_all when interrupted, or when a time budget that stops when spent is (`why`
// says so): the results of the cases that finished, in the cases' order.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(std::vector<Result> done, const std::string& why = "")
      : std::runtime_error(why.empty() ? "interrupted by " + interrupt_name() : why),
        finished(std::move(done)) {}
  std::vector<Result> finished;
};

}  // namespace roofline
