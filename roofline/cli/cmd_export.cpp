#include <algorithm>
#include <cstdio>
#include <utility>

#include "reports/gbench_export.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/session.hpp"
#include "roofline/json_io.hpp"

namespace cli {

void add_export_command(CLI::App& app) {
  struct Opts {
    std::string format, input, output;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "export", "Write a results file in another tool's format (gbench: Google Benchmark JSON)");
  cmd->add_option("--format", opts->format,
                  "gbench: Google Benchmark's JSON, each result one benchmark with its samples "
                  "as repetitions and its work as the flops and bytes rate counters")
      ->required()
      ->check(CLI::IsMember({"gbench"}));
  cmd->add_option("FILE", opts->input, "The rooflab.results/1 file")->required();
  cmd->add_option("-o,--output", opts->output, "The file to write")
      ->required()
      ->check(names_a_path());
  cmd->callback([opts] {
    const auto lock = check_output(opts->output, {opts->input});
    roofline::InputFile input(opts->input);  // its errors name the file
    const roofline::Results results = std::move(input).results();
    const nlohmann::json out = reports::export_gbench(results);
    roofline::write_json_atomic(opts->output, out);
    const auto exported = std::count_if(results.results.begin(), results.results.end(),
                                        [](const roofline::Result& r) { return r.ok(); });
    std::printf("%td of %zu results (the verified ones) as Google Benchmark JSON: %s\n", exported,
                results.results.size(), opts->output.c_str());
  });
}

}  // namespace cli
