#pragma once
// One function per command; each adds its subcommand (or, for the bare command, its options).
#include <CLI/CLI.hpp>
#include <optional>

#include "roofline/backend.hpp"
#include "roofline/cli/session.hpp"

namespace cli {

void add_devices_command(CLI::App& app, Session& s);
void add_list_command(CLI::App& app, Session& s);
void add_probe_command(CLI::App& app, Session& s);
void add_run_command(CLI::App& app, Session& s);
void add_report_command(CLI::App& app);
void add_compare_command(CLI::App& app, Session& s);
void add_export_command(CLI::App& app);
void add_profile_command(CLI::App& app, Session& s);
// Bare `rooflab`: probe + default suite + report into a folder.
void add_default_command(CLI::App& app, Session& s);

// The bare command's time budget with --quick on any machine: a third for the probe, the rest
// for the run (probe and run alone get their share).
inline constexpr int kQuickBudgetSeconds = 180;

// --quick/--full, --budget, --repetitions, --min-sample-time, --verbose: shared by probe, run and
// the bare command.
struct MeasureFlags {
  bool full = false;
  bool quick = false;  // --quick: the default, spelled out
  int repetitions = roofline::MeasureOptions{}.repetitions;
  double min_sample_seconds = roofline::MeasureOptions{}.min_sample_seconds;
  bool verbose = false;
  bool no_sensors = false;
  bool energy = false;         // --energy (probe and the bare command)
  double budget_seconds = -1;  // --budget; negative: the command's default

  roofline::MeasureOptions options() const;
  // The probe's options: its sweeps (--full), the measure options and the energy pass (--energy,
  // or --full).
  roofline::ProbeOptions probe_options() const;
  // The time budget in seconds: --budget, else `quick_default` unless --full; nullopt: none.
  std::optional<double> budget(double quick_default) const;
};
void add_measure_flags(CLI::App& command, MeasureFlags& flags);
// --energy, for the commands that probe; after add_measure_flags.
void add_energy_flag(CLI::App& command, MeasureFlags& flags);

}  // namespace cli
