#include <cstdio>
#include <utility>

#include "reports/compare.hpp"
#include "reports/compare_html.hpp"
#include "reports/escape.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/session.hpp"
#include "roofline/json_io.hpp"

namespace cli {

void add_compare_command(CLI::App& app) {
  struct Opts {
    std::string a, b, html;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "compare",
      "Compare two results files run to run: each kernel's median time in A and in B with its "
      "95% CI, the ratio A/B and the verdict (B faster or slower only where the CIs do not "
      "overlap) with why");
  cmd->add_option("A", opts->a, "The baseline rooflab.results/1 file")->required();
  cmd->add_option("B", opts->b, "The rooflab.results/1 file compared with it")->required();
  cmd->add_option("-o,--output", opts->html, "Also write the comparison as an HTML page");
  cmd->callback([opts] {
    const auto load = [](const std::string& file) {
      roofline::InputFile input(file);  // its errors name the file
      try {
        return std::move(input).results();
      } catch (const roofline::InputError& e) {
        throw roofline::InputError("'" + file + "': " + e.what());
      }
    };
    roofline::OutputLock lock;  // held while the page is written, as every output is
    if (!opts->html.empty()) lock = check_output(opts->html, {opts->a, opts->b});
    const auto a = load(opts->a), b = load(opts->b);
    const reports::ComparisonSet set = reports::compare(a, b);
    std::printf("%s", reports::terminal_text(reports::comparison_table(set)).c_str());
    if (!opts->html.empty()) {
      roofline::write_file_atomic(opts->html, reports::comparison_page(set, opts->a, opts->b));
      std::printf("comparison: %s\n", opts->html.c_str());
    }
    std::printf("%s\n", reports::comparison_counts(set).c_str());
  });
}

}  // namespace cli
