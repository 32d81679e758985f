#pragma once
// What every command shares: the backends, the command line, and the steps of the pipeline.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/output_file.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace cli {

// Exit codes: 0 ok, 1 a kernel failed verification or a run failed, 2 bad input.
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

struct Session {
  std::string command_line;
  int exit_code = 0;
  // The backends of this build, registered on first use: help, refused input and the commands
  // that only read files never start a device library.
  const roofline::Registry& registry() const;

 private:
  mutable std::optional<roofline::Registry> registry_;
};

struct Selected {
  const roofline::Backend* backend;
  roofline::Device device;
};

// The devices named by `ids` (all available devices when empty), "{local_rank}" in an id replaced
// by the rank's number on its node under mpirun (cluster::with_local_rank). Throws InputError
// naming an unknown or unavailable device, or the placeholder outside mpirun.
std::vector<Selected> select_devices(const Session& s, const std::vector<std::string>& ids);

// Probes each device, one after the other. Failed measurements are printed to stderr and set
// the session's exit code; the ceilings are made of the others. Interrupted, it stops and
// returns the devices that finished (and the interrupted one where its probe concluded some
// ceilings), marked incomplete. With a time budget (roofline/budget.hpp), each device gets an even
// share of what is left of it. Then each backend with two or more of the devices measures them
// at once (Backend::probe_together, with what is left of the budget), and identical devices are
// compared per roof (MachineProfile::identical, printed one line per verdict).
roofline::MachineProfile probe(Session& s, std::vector<Selected>& devices,
                               const roofline::ProbeOptions& options,
                               std::optional<double> budget_seconds = std::nullopt);

// Runs the cases of each device and places the verified ones under that device's roofs. The
// cases already in `resume` (an interrupted run's file) are taken from it instead, in their
// place in the case order. Interrupted (roofline/interrupt.hpp), it stops and returns what has
// finished, marked incomplete. With a time budget, every device's cases are planned up front and
// fitted to it together. With a checkpoint path, what has finished is written there as the cases
// finish (cli::Checkpoint), for the caller's final write to replace. A device without a profile
// whose last cache is not relied on as reported (Device::cache_caveat) is noted on stderr.
roofline::Results run(const Session& s, const roofline::MachineProfile& machine,
                      const std::vector<Selected>& devices, const roofline::RunOptions& options,
                      const roofline::Results* resume = nullptr,
                      std::optional<double> budget_seconds = std::nullopt,
                      const std::filesystem::path& checkpoint = {});

// Places every result under the roofs of its device in r.machine.
void place_all(roofline::Results& r);

// Refuses, before any work starts, an output whose folder does not exist or is not writable, that
// is not a regular file (a device node, a FIFO), that is one of the command's input files (it
// would be overwritten), or that another rooflab is writing. Returns the output's lock, to hold
// until it is written; stale temporary files of a killed writer are removed.
[[nodiscard]] roofline::OutputLock check_output(const std::filesystem::path& path,
                                                const std::vector<std::string>& inputs = {});

// For a probe that stopped early (MachineProfile::incomplete): says on stderr what was written
// and sets the session's exit code to the signal's (128 + number).
void say_probe_incomplete(Session& s, const roofline::MachineProfile& m,
                          const std::string& written);

// The command that completes a run whose finished cases are in `written`: the session's own
// with --resume.
std::string resume_command(const Session& s, const std::string& written);

// For a run that stopped early (Results::incomplete): says on stderr what was written and the
// command that completes it (resume_command's when empty), and sets the session's exit code to
// the signal's (128 + number) when a signal stopped it (not when its time budget did).
void say_how_to_resume(Session& s, const roofline::Results& r, const std::string& written,
                       const std::string& command = "");

// Prints to stderr a warning per likely cause (roofline::above_roof_cause) when results lie
// clearly above their roofs (roofline::above_roof), and every failed result, one line each;
// failures set the session's exit code.
void report_problems(Session& s, const roofline::Results& r);

}  // namespace cli
