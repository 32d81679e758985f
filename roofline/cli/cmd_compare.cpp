#include <cstdio>
#include <utility>

#include "reports/compare.hpp"
#include "reports/compare_html.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/session.hpp"
#include "roofline/json_io.hpp"

namespace cli {

void add_compare_command(CLI::App& app, Session& s) {
  struct Opts {
    std::string a, b, html, format = "text", fail_on;
    double min_slowdown = 1;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "compare",
      "Compare two results files run to run: each kernel's median time in A and in B with its "
      "95% CI, the ratio A/B and the verdict (B faster or slower only where the CIs do not "
      "overlap) with why");
  cmd->add_option("A", opts->a, "The baseline rooflab.results/1 file")->required();
  cmd->add_option("B", opts->b, "The rooflab.results/1 file compared with it")->required();
  cmd->add_option("-o,--output", opts->html, "Also write the comparison as an HTML page")
      ->check(names_a_path());
  cmd->add_option("--format", opts->format,
                  "What goes to the terminal: text (default) or md (a Markdown table and the "
                  "counts, for a pull request's comment)")
      ->check(CLI::IsMember({"text", "md"}));
  auto* fail_on =
      cmd->add_option("--fail-on", opts->fail_on,
                      "slower: exit 1 where B is slower with the 95% CIs apart (a regression check "
                      "for CI), by --min-slowdown at least")
          ->check(CLI::IsMember({"slower"}));
  cmd->add_option("--min-slowdown", opts->min_slowdown,
                  "With --fail-on slower: the least slowdown (B's time over A's) that fails, "
                  "e.g. 1.05 for 5% (default 1: any)")
      ->check(CLI::Range(1.0, 1e9))
      ->needs(fail_on);
  cmd->callback([opts, &s] {
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
    const bool markdown = opts->format == "md";
    std::printf("%s", markdown ? reports::comparison_markdown(set).c_str()
                               : reports::terminal_text(reports::comparison_table(set)).c_str());
    if (!opts->html.empty()) {
      roofline::write_file_atomic(opts->html, reports::comparison_page(set, opts->a, opts->b));
      std::fprintf(markdown ? stderr : stdout, "comparison: %s\n", opts->html.c_str());
    }
    if (!markdown) std::printf("%s\n", reports::comparison_counts(set).c_str());
    if (opts->fail_on.empty()) return;
    const auto slower = reports::regressions(set, opts->min_slowdown);
    if (slower.empty()) return;
    std::string which;
    for (const reports::Comparison* c : slower)
      which += "\n  " + c->a->family + " " + c->a->variant + " " +
               std::string(to_string(c->a->work.precision)) + " " + c->a->params.dump() + ": " +
               reports::format_number(1 / c->speedup) + "x the time";
    std::fprintf(stderr, "rooflab: B is slower than A in %zu kernel(s), by %sx or more:%s\n",
                 slower.size(), reports::format_number(opts->min_slowdown).c_str(),
                 reports::terminal_text(which).c_str());
    s.exit_code = kExitFailure;
  });
}

}  // namespace cli
