#include <algorithm>
#include <chrono>
#include <cstdio>

#include "reports/escape.hpp"
#include "reports/report.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/output_folder.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/json_io.hpp"

namespace cli {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// For a run stopped early whose folder held a complete run (OutputFolder::keep_complete).
void say_kept(const std::string& folder) {
  std::fprintf(stderr, "rooflab: the complete run in %s is kept as it was\n", folder.c_str());
}

}  // namespace

void add_default_command(CLI::App& app, Session& s) {
  struct Opts {
    std::vector<std::string> devices;
    std::string folder = kDefaultFolder;
    MeasureFlags measure;
  };
  auto opts = std::make_shared<Opts>();
  app.add_option("-d,--device", opts->devices, "Device id (rooflab devices); default: all");
  app.add_option("-o,--output", opts->folder,
                 "Folder for machine.json, results.json, report.html, replaced as a whole when "
                 "the run ends")
      ->capture_default_str()
      ->check(names_a_path());
  add_measure_flags(app, opts->measure);
  add_energy_flag(app, opts->measure);
  app.require_subcommand(0, 1);
  app.callback([&app, &s, opts] {
    if (!app.get_subcommands().empty()) return;
    roofline::install_interrupt_handlers(roofline::OnSignal::finish_then_write);
    auto devices = select_devices(s, opts->devices);
    OutputFolder out(opts->folder);  // written whole at the end, or not at all
    const auto folder = out.staging();
    const auto final_path = [&](const char* name) { return (out.folder() / name).string(); };
    const bool quick = !opts->measure.full;
    // A third of the time budget for the probe, what it leaves for the run.
    const std::optional<double> budget = opts->measure.budget(kQuickBudgetSeconds);
    const auto start = std::chrono::steady_clock::now();
    const auto machine = probe(s, devices, opts->measure.probe_options(),
                               budget ? std::optional<double>(*budget / 3) : std::nullopt);
    roofline::write_json_atomic(folder / kMachineFile, roofline::to_json(machine));
    if (!machine.incomplete.empty()) {  // stopped by an interrupt: no run, no report
      const bool beside = out.keep_complete();
      out.commit();
      say_probe_incomplete(s, machine, final_path(kMachineFile));
      if (beside) say_kept(opts->folder);
      return;
    }
    const auto results =
        run(s, machine, devices,
            {.quick = quick,
             .families = {},
             .variants = {},
             .size = std::nullopt,
             .measure = opts->measure.options(),
             .counters = std::nullopt,
             .roof_checks = true},
            nullptr,
            // What the probe left, and a third at least: a run given nothing would measure nothing.
            budget ? std::optional<double>(std::max(*budget / 3, *budget - seconds_since(start)))
                   : std::nullopt);
    roofline::write_json_atomic(folder / kResultsFile, roofline::to_json(results));
    reports::write_report({results}, {.html = folder / kReportFile, .svg_dir = {}, .csv_dir = {}});
    const bool beside = !results.incomplete.empty() && out.keep_complete();
    out.commit();
    std::printf("%s", reports::terminal_text(reports::summary_table({results})).c_str());
    std::printf("report: %s\n", final_path(kReportFile).c_str());
    report_problems(s, results);
    if (!results.incomplete.empty()) {
      const std::string machine = final_path(kMachineFile), written = final_path(kResultsFile);
      say_how_to_resume(s, results, written,
                        "rooflab run --machine " + machine + " --resume " + written +
                            " && rooflab report " + written + " -o " + final_path(kReportFile));
      if (beside) say_kept(opts->folder);
    }
  });
}

}  // namespace cli
