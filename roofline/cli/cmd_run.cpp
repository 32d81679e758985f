#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <optional>

#include "reports/escape.hpp"
#include "reports/report.hpp"
#include "roofline/cli/cluster_probe.hpp"
#include "roofline/cli/cluster_run.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/incomplete_output.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/output_folder.hpp"
#include "roofline/cli/resume.hpp"
#include "roofline/cli/size_option.hpp"
#include "roofline/cluster/world.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/json_io.hpp"

namespace cli {
namespace {

// For a run given no --machine: the profile the bare command wrote here, said on stderr; else ""
// and how to give one.
std::string bare_command_profile() {
  const std::string path = (std::filesystem::path(kDefaultFolder) / kMachineFile).string();
  if (std::filesystem::is_regular_file(path)) {
    std::fprintf(stderr,
                 "run: using %s, the bare command's profile (--machine FILE names another)\n",
                 path.c_str());
    return path;
  }
  std::fprintf(stderr,
               "run: no machine profile (none given, no %s here): the results are not placed "
               "under roofs; --machine FILE gives one (`rooflab probe` writes %s)\n",
               path.c_str(), kMachineFile);
  return "";
}

}  // namespace

void add_run_command(CLI::App& app, Session& s) {
  struct Opts {
    std::vector<std::string> devices, families, variants, counters;
    std::string size, machine, resume, output = "results.json";
    MeasureFlags measure;
    bool no_roof_check = false;
    double rank_timeout_seconds = 0;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("run", "Verify, time and place kernels on the roofline");
  cmd->add_option("-d,--device", opts->devices, "Device id (rooflab devices); default: all");
  cmd->add_option("--family", opts->families,
                  "Kernel family (all: every one); default: the default suite");
  cmd->add_option("--variant", opts->variants, "Only these variants");
  auto* size =
      cmd->add_option("--size", opts->size, "Elements per array, e.g. 16M (default: per family)");
  cmd->add_option("--machine", opts->machine,
                  std::string("Machine profile from `rooflab probe` whose ceilings place the "
                              "results, a results file (its embedded profile), or a cluster "
                              "profile (mpirun ... rooflab probe): this node's; default: ") +
                      kDefaultFolder + "/" + kMachineFile + " where the bare command wrote one")
      ->check(names_a_path());
  auto* output =
      cmd->add_option("-o,--output", opts->output,
                      "Results file to write (under mpirun each rank's: results.rankR.json)")
          ->capture_default_str()
          ->check(names_a_path());
  cmd->add_option("--resume", opts->resume,
                  "Results file of an interrupted run: its cases are kept, not measured again, and "
                  "the rest are run (writes it, unless -o names another file)")
      ->check(names_a_path());
  auto* counters =
      cmd->add_option("--counters", opts->counters,
                      "Read hardware counters in one extra call after the timed ones: these "
                      "events, or without names a default set (FLOPs, DRAM bytes, time, cycles, "
                      "cache misses); calibrated first on kernels of known work")
          ->expected(0, -1);
  cmd->add_flag("--no-roof-check", opts->no_roof_check,
                "With --machine: do not repeat the profile's outermost memory roof before and "
                "after the cases, nor time its kernels beside them (only done when cases lie in "
                "that level)");
  auto* rank_timeout =
      cmd->add_option("--rank-timeout", opts->rank_timeout_seconds,
                      "Under mpirun: seconds joining and leaving the job wait for the other ranks "
                      "at most (default: twice the time budget plus 120, 3600 without a budget)")
          ->check(CLI::Range(1.0, 1e6));
  add_measure_flags(*cmd, opts->measure);
  cmd->callback([&s, opts, counters, size, output, rank_timeout] {
    roofline::install_interrupt_handlers(roofline::OnSignal::finish_then_write);
    roofline::RunOptions options{.quick = !opts->measure.full,
                                 .families = opts->families,
                                 .variants = opts->variants,
                                 .size = std::nullopt,
                                 .measure = opts->measure.options(),
                                 .counters = std::nullopt,
                                 .roof_checks = !opts->no_roof_check};
    if (!opts->resume.empty() && output->count() == 0) opts->output = opts->resume;
    if (size->count() > 0) options.size = parse_size(opts->size, "--size");  // "" is refused
    if (counters->count() > 0) {
      // A bare --counters reaches here as one empty name.
      std::erase(opts->counters, "");
      options.counters = opts->counters;
    }
    const auto budget = opts->measure.budget(kQuickBudgetSeconds * 2 / 3.0);
    // Under mpirun each rank writes its own file, its results under its own node's roofs (one
    // node's rooflab-out/machine.json on a shared folder would be another node's). The job is
    // joined before any driver starts (select_devices).
    std::optional<cluster::World> world;
    if (cluster::launched_by_mpi()) {
      world.emplace(rank_timeout->count() > 0 ? opts->rank_timeout_seconds
                                              : default_rank_timeout(budget));
      opts->output = rank_output(opts->output, world->rank());
    } else if (rank_timeout->count() > 0) {
      throw roofline::InputError("--rank-timeout applies under mpirun only");
    } else if (opts->machine.empty()) {
      opts->machine = bare_command_profile();
    }
    const auto devices = select_devices(s, opts->devices);
    // Locked once the options are known good: a bad one is reported as such even while another
    // rooflab writes the same output.
    const auto lock = check_output(opts->output, {opts->machine});
    roofline::MachineProfile machine;
    if (!opts->machine.empty()) {
      std::vector<std::string> ids;
      for (const Selected& d : devices) ids.push_back(d.device.id);
      machine = machine_for_node(opts->machine, world ? world->rank() : -1, ids);
      if (!machine.incomplete.empty())
        std::fprintf(stderr,
                     "warning: the profile %s is incomplete (%s): results in a level it did not "
                     "reach are not placed\n",
                     opts->machine.c_str(), reports::terminal_text(machine.incomplete).c_str());
      if (char host[256] = {}; gethostname(host, sizeof host - 1) == 0 &&
                               !machine.provenance.host.empty() && machine.provenance.host != host)
        std::fprintf(stderr,
                     "warning: the profile %s was measured on '%s', not on this host ('%s'): "
                     "the results go under that machine's roofs\n",
                     opts->machine.c_str(), reports::terminal_text(machine.provenance.host).c_str(),
                     reports::terminal_text(host).c_str());
    }
    std::optional<roofline::Results> resume;
    if (!opts->resume.empty()) resume = read_resumed(opts->resume);
    // Checkpoints and a stopped run's results: beside a complete earlier file, never over it.
    const std::string partial = incomplete_output(opts->output).string();
    const auto results =
        run(s, machine, devices, options, resume ? &*resume : nullptr, budget, partial);
    const std::string& written = results.incomplete.empty() ? opts->output : partial;
    roofline::write_json_atomic(written, roofline::to_json(results));
    // This run's checkpoint, or the stopped run it completed: superseded by the complete file.
    if (std::error_code ignored; written != partial) std::filesystem::remove(partial, ignored);
    // Device names and hosts may come from --machine or --resume: shown as terminal text.
    std::printf("%s", reports::terminal_text(reports::summary_table({results})).c_str());
    std::printf("results: %s\n", written.c_str());
    report_problems(s, results);
    if (results.incomplete.empty()) return;
    if (written == opts->output) {
      say_how_to_resume(s, results, written);
      return;
    }
    std::fprintf(stderr, "rooflab: the complete results %s are kept as they were\n",
                 opts->output.c_str());
    // Completed, the run replaces the complete file it was kept beside.
    say_how_to_resume(s, results, written,
                      resume_command(s, written) +
                          (output->count() == 0 ? " -o " + opts->output : std::string()));
  });
}

}  // namespace cli
