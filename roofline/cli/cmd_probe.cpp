#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "reports/format.hpp"
#include "roofline/cli/cluster_probe.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/incomplete_output.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/placement.hpp"
#include "roofline/cli/size_option.hpp"
#include "roofline/cluster/world.hpp"
#include "roofline/energy_window.hpp"
#include "roofline/input_error.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/json_io.hpp"

namespace cli {

roofline::MeasureOptions MeasureFlags::options() const {
  return {.repetitions = repetitions,
          .min_sample_seconds = min_sample_seconds,
          .warmup_seconds = roofline::MeasureOptions{}.warmup_seconds,
          .verbose = verbose,
          .sensors = !no_sensors};
}

roofline::ProbeOptions MeasureFlags::probe_options() const {
  return {.quick = !full,
          .max_working_set = 0,
          .host_dram_from = std::nullopt,
          .measure = options(),
          .energy = energy || full};
}

std::optional<double> MeasureFlags::budget(double quick_default) const {
  if (budget_seconds == 0) return std::nullopt;
  if (budget_seconds > 0) return budget_seconds;
  return full ? std::nullopt : std::optional<double>(quick_default);
}

void add_measure_flags(CLI::App& command, MeasureFlags& flags) {
  // CLI::Range lets NaN through (every comparison with it is false), and Google Benchmark aborts
  // on it.
  const CLI::Validator finite(
      [](const std::string& text) {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        const bool number = !text.empty() && *end == '\0';
        return number && !std::isfinite(value) ? text + " is not a finite number" : std::string();
      },
      "FINITE");
  auto* full = command.add_flag("--full", flags.full, "Denser sweeps and larger sizes");
  command.add_flag("--quick", flags.quick, "Quick sweeps and sizes (the default)")->excludes(full);
  command
      .add_option("--budget", flags.budget_seconds,
                  "Seconds the measurements should take: repetitions, then sample times, shrink "
                  "(to 6 and 1 ms at least) to fit; 0: no budget (default: " +
                      std::to_string(kQuickBudgetSeconds) + " for the bare command, " +
                      std::to_string(kQuickBudgetSeconds / 3) + " for probe, " +
                      std::to_string(kQuickBudgetSeconds * 2 / 3) + " for run; none with --full)")
      ->check(finite)
      ->check(CLI::Range(0.0, 1e6));
  command.add_option("--repetitions", flags.repetitions, "Samples kept per measurement")
      ->check(CLI::Range(2, 1000))
      ->capture_default_str();
  command
      .add_option("--min-sample-time", flags.min_sample_seconds,
                  "Seconds each sample lasts at least (>= 0.001)")
      ->check(finite)
      ->check(CLI::Range(0.001, 60.0))
      ->capture_default_str();
  add_placement_flags(command);
  command.add_flag("-v,--verbose", flags.verbose,
                   "Print each measurement's wall time on stderr (prepare, verify, timing)");
  command.add_flag("--no-sensors", flags.no_sensors,
                   "Read no energy, clocks, temperature or clock events (NVML, RAPL) around the "
                   "samples: no energy roofs, no disturbed flags");
}

void add_energy_flag(CLI::App& command, MeasureFlags& flags) {
  command
      .add_flag(
          "--energy", flags.energy,
          "Energy ceilings from windows of seconds: once the ceilings are measured, each "
          "one's kernel runs back to back for " +
              reports::format_number(roofline::kEnergyWindowSeconds) +
              " s with the sensors read around it (that long more per ceiling, outside any time "
              "budget; --full does it too)")
      ->excludes(command.get_option("--no-sensors"));
}

void add_probe_command(CLI::App& app, Session& s) {
  struct Opts {
    std::vector<std::string> devices;
    std::string output = "machine.json", max_working_set;
    MeasureFlags measure;
    ClusterOptions cluster;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("probe", "Measure the ceilings of devices into a machine profile");
  cmd->add_option("-d,--device", opts->devices, "Device id (rooflab devices); default: all");
  auto* output = cmd->add_option("-o,--output", opts->output,
                                 "Machine profile to write (under mpirun: the cluster profile, "
                                 "default cluster.json)")
                     ->capture_default_str()
                     ->check(names_a_path());
  auto* distinct = cmd->add_flag("--distinct-nodes", opts->cluster.distinct_nodes,
                                 "Under mpirun: every rank probes as a node of its own, also where "
                                 "ranks share a host (simulates a cluster on one machine)");
  auto* rank_timeout =
      cmd->add_option("--rank-timeout", opts->cluster.rank_timeout_seconds,
                      "Under mpirun: seconds any wait on another rank lasts at most (default: "
                      "twice the time budget plus 120, 3600 without a budget)")
          ->check(CLI::Range(1.0, 1e6));
  auto* max_working_set =
      cmd->add_option("--max-working-set", opts->max_working_set,
                      "Largest bandwidth-sweep working set in bytes, e.g. 64M (default: at least "
                      "4x the last-level cache)");
  add_measure_flags(*cmd, opts->measure);
  add_energy_flag(*cmd, opts->measure);
  cmd->callback([&s, opts, max_working_set, output, distinct, rank_timeout] {
    roofline::install_interrupt_handlers(roofline::OnSignal::finish_then_write);
    const bool in_cluster = cluster::launched_by_mpi();
    if (!in_cluster && (distinct->count() > 0 || rank_timeout->count() > 0))
      throw roofline::InputError("--distinct-nodes and --rank-timeout apply under mpirun only");
    roofline::ProbeOptions options = opts->measure.probe_options();
    if (max_working_set->count() > 0)  // "" is refused
      options.max_working_set =
          static_cast<double>(parse_size(opts->max_working_set, "--max-working-set"));
    const auto budget = opts->measure.budget(kQuickBudgetSeconds / 3);
    if (in_cluster) {
      opts->cluster.rank_per_device =
          std::any_of(opts->devices.begin(), opts->devices.end(), [](const std::string& id) {
            return id.find(cluster::kLocalRankPlaceholder) != std::string::npos;
          });
      if (rank_timeout->count() == 0)
        opts->cluster.rank_timeout_seconds = default_rank_timeout(budget);
      cluster::World world(opts->cluster.rank_timeout_seconds);
      auto devices = select_devices(s, opts->devices);
      cluster_probe(world, s, devices, options, budget, opts->cluster,
                    output->count() > 0 ? opts->output : "cluster.json");
      return;
    }
    auto devices = select_devices(s, opts->devices);
    // Locked once the options are known good (see run).
    const auto lock = check_output(opts->output);
    const auto machine = probe(s, devices, options, budget);
    const std::string written =
        machine.incomplete.empty() ? opts->output : incomplete_output(opts->output).string();
    roofline::write_json_atomic(written, roofline::to_json(machine));
    std::printf("machine profile: %s\n", written.c_str());
    if (machine.incomplete.empty()) return;
    say_probe_incomplete(s, machine, written);
    if (written != opts->output)
      std::fprintf(stderr, "rooflab: the complete profile %s is kept as it was\n",
                   opts->output.c_str());
  });
}

}  // namespace cli
