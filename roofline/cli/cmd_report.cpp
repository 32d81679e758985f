#include <cstdio>
#include <filesystem>

#include "reports/cluster_report.hpp"
#include "reports/cluster_summary.hpp"
#include "reports/escape.hpp"
#include "reports/report.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/input_error.hpp"

namespace cli {

void add_report_command(CLI::App& app) {
  struct Opts {
    std::vector<std::string> files;
    std::string html = "report.html", svg_dir, csv_dir;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "report", "Write an HTML roofline report (and SVG, CSV) from results or machine files");
  cmd->add_option(
         "files", opts->files,
         "rooflab.results/1 or rooflab.machine/1 JSON files, or one rooflab.cluster/1 profile")
      ->required();
  cmd->add_option("-o,--output", opts->html, "HTML report to write")
      ->capture_default_str()
      ->check(names_a_path());
  cmd->add_option("--svg", opts->svg_dir, "Also write one SVG chart per device into this folder")
      ->check(names_a_path());
  cmd->add_option("--csv", opts->csv_dir,
                  "Also write ceilings.csv, results.csv and crossovers.csv here")
      ->check(names_a_path());
  cmd->callback([opts] {
    // Into a folder that is not there yet, as --svg and --csv.
    if (const auto folder = std::filesystem::path(opts->html).parent_path(); !folder.empty())
      ensure_folder(folder.string());
    const auto lock = check_output(opts->html, opts->files);
    const auto inputs = load_inputs(opts->files);
    if (const auto& cluster = inputs.cluster) {
      if (!opts->svg_dir.empty() || !opts->csv_dir.empty())
        throw roofline::InputError("--svg and --csv do not apply to a cluster profile");
      reports::write_cluster_report(*cluster, opts->html);
      std::printf("%s", reports::terminal_text(reports::cluster_summary(*cluster)).c_str());
      std::printf("report: %s\n", opts->html.c_str());
      return;
    }
    reports::ReportOptions options{.html = opts->html, .svg_dir = {}, .csv_dir = {}};
    if (!opts->svg_dir.empty()) options.svg_dir = ensure_folder(opts->svg_dir);
    if (!opts->csv_dir.empty()) {
      options.csv_dir = ensure_folder(opts->csv_dir);
      // One output never overwrites another.
      for (const char* name : {"ceilings.csv", "results.csv", "crossovers.csv"})
        if (std::filesystem::weakly_canonical(*options.csv_dir / name) ==
            std::filesystem::weakly_canonical(opts->html))
          throw roofline::InputError("output '" + opts->html + "' is also --csv's " + name);
    }
    reports::write_report(inputs.results, options);
    std::printf("%s", reports::terminal_text(reports::summary_table(inputs.results)).c_str());
    std::printf("report: %s\n", opts->html.c_str());
  });
}

}  // namespace cli
