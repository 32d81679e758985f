#include <cstdio>
#include <utility>

#include "reports/compare.hpp"
#include "reports/escape.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/json_io.hpp"

namespace cli {

void add_compare_command(CLI::App& app) {
  struct Opts {
    std::string a, b;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "compare", "Compare two results files run to run: B's times against A's, with their CIs");
  cmd->add_option("A", opts->a, "The baseline rooflab.results/1 file")->required();
  cmd->add_option("B", opts->b, "The rooflab.results/1 file compared with it")->required();
  cmd->callback([opts] {
    const auto load = [](const std::string& file) {
      roofline::InputFile input(file);  // its errors name the file
      try {
        return std::move(input).results();
      } catch (const roofline::InputError& e) {
        throw roofline::InputError("'" + file + "': " + e.what());
      }
    };
    const auto a = load(opts->a), b = load(opts->b);
    std::printf("%s",
                reports::terminal_text(reports::comparison_table(reports::compare(a, b))).c_str());
  });
}

}  // namespace cli
