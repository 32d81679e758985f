#pragma once
// One function per command; each adds its subcommand (or, for the bare command, its options).
#include <CLI/CLI.hpp>

#include "roofline/backend.hpp"
#include "roofline/cli/session.hpp"

namespace cli {

void add_devices_command(CLI::App& app, Session& s);
void add_list_command(CLI::App& app, Session& s);
void add_probe_command(CLI::App& app, Session& s);
void add_run_command(CLI::App& app, Session& s);
void add_report_command(CLI::App& app);
void add_compare_command(CLI::App& app);
// Bare `rooflab`: probe + default suite + report into a folder.
void add_default_command(CLI::App& app, Session& s);

// --quick/--full, --repetitions, --min-sample-time, --verbose: shared by probe, run and the bare
// command.
struct MeasureFlags {
  bool full = false;
  bool quick = false;  // --quick: the default, spelled out
  int repetitions = roofline::MeasureOptions{}.repetitions;
  double min_sample_seconds = roofline::MeasureOptions{}.min_sample_seconds;
  bool verbose = false;

  roofline::MeasureOptions options() const;
};
void add_measure_flags(CLI::App& command, MeasureFlags& flags);

}  // namespace cli
