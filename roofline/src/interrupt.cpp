#include "roofline/interrupt.hpp"

#include <unistd.h>

#include <climits>
#include <csignal>
#include <cstring>

namespace roofline {
namespace {

volatile std::sig_atomic_t g_signal = 0;
volatile std::sig_atomic_t g_stop_at_once = 0;  // OnSignal::stop_at_once
// set_partial_file's path, valid while g_partial_set is 1.
char g_partial[PATH_MAX];
volatile std::sig_atomic_t g_partial_set = 0;

extern "C" void on_signal(int signal_number) {
  if (g_signal != 0 || g_stop_at_once) {   // the second, or nothing to finish: stop at once
    if (g_partial_set) unlink(g_partial);  // async-signal-safe
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
    return;
  }
  g_signal = signal_number;
  static const char kMessage[] =
      "\nrooflab: interrupted: finishing the current measurement, then writing what has "
      "finished (interrupt again to stop at once)\n";
  (void)!write(STDERR_FILENO, kMessage, sizeof kMessage - 1);  // async-signal-safe
}

}  // namespace

void install_interrupt_handlers(OnSignal first) {
  g_stop_at_once = first == OnSignal::stop_at_once;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // reads and writes in flight go on
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGHUP, &action, nullptr);
}

bool interrupted() { return g_signal != 0; }

std::string interrupt_name() {
  switch (g_signal) {
    case 0:
      return "";
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
  }
  return "signal " + std::to_string(g_signal);
}

int interrupt_exit_code() { return 128 + g_signal; }

void clear_interrupt() { g_signal = 0; }

void set_partial_file(const char* path) noexcept {
  g_partial_set = 0;
  if (path == nullptr || std::strlen(path) >= sizeof g_partial) return;
  std::strcpy(g_partial, path);
  g_partial_set = 1;
}

}  // namespace roofline
