#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "roofline/cli/commands.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/profiled_devices.hpp"

namespace cli {
namespace {

// "a,b,c" for up to four values; "1024…67108864 (9 values)" for more.
std::string values_text(const std::vector<std::string>& values) {
  std::string out;
  if (values.size() > 4)
    return values.front() + "…" + values.back() + " (" + std::to_string(values.size()) + " values)";
  for (const std::string& v : values) out += (out.empty() ? "" : ",") + v;
  return out;
}

struct VariantFacts {
  bool quick = false;
  bool opt_in = true;  // runs only when named (--variant), until a default run is seen to have it
  std::set<std::string> precisions;
  std::map<std::string, std::vector<std::string>> params;  // each value once, in case order
};

// The variants of every family a device runs (the full suite's cases and the opt-in ones), in
// case order.
std::map<std::string, std::map<std::string, VariantFacts>> describe(
    const Selected& d, const std::vector<std::string>& families) {
  std::map<std::string, std::map<std::string, VariantFacts>> out;
  roofline::RunOptions options;
  options.quick = false;
  options.opt_in = true;
  options.families = families;
  for (const auto& c : d.backend->cases(d.device, options)) {
    const roofline::CaseInfo& info = c->info();
    VariantFacts& v = out[info.family][info.variant];
    v.precisions.insert(std::string(to_string(info.work.precision)));
    for (const auto& [key, value] : info.params.items()) {
      const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
      auto& seen = v.params[key];
      if (std::find(seen.begin(), seen.end(), text) == seen.end()) seen.push_back(text);
    }
  }
  options.opt_in = false;
  for (const auto& c : d.backend->cases(d.device, options))
    out[c->info().family][c->info().variant].opt_in = false;
  options.quick = true;
  for (const auto& c : d.backend->cases(d.device, options))
    out[c->info().family][c->info().variant].quick = true;
  return out;
}

}  // namespace

void add_list_command(CLI::App& app, Session& s) {
  struct Opts {
    std::vector<std::string> devices, families;
    std::string machine;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "list",
      "List each device's kernel families and variants, their parameters, which the quick "
      "suite runs, and which run only when named (opt-in: --variant)");
  cmd->add_option("-d,--device", opts->devices, "Device id (rooflab devices); default: all");
  cmd->add_option("--family", opts->families, "Only these families; default: all");
  cmd->add_option("--machine", opts->machine,
                  "Machine profile (rooflab probe) whose measured levels size the cases, as for "
                  "`rooflab run --machine`")
      ->check(names_a_path());
  cmd->callback([&s, opts] {
    std::vector<Selected> devices = select_devices(s, opts->devices);
    if (!opts->machine.empty()) use_profile(devices, opts->machine);
    for (const Selected& d : devices) {
      const std::vector<std::string> families =
          opts->families.empty() ? std::vector<std::string>{"all"} : opts->families;
      std::printf("%s (%s)\n", d.device.id.c_str(), d.device.name.c_str());
      if (const std::string caveat = d.device.cache_caveat(); !caveat.empty())
        std::printf("  note: sized without a profile: %s\n", caveat.c_str());
      for (const auto& [family, variants] : describe(d, families)) {
        std::printf("  %s\n", family.c_str());
        for (const auto& [variant, facts] : variants) {
          std::string precisions;
          for (const std::string& p : facts.precisions)
            precisions += (precisions.empty() ? "" : " ") + p;
          std::string params;
          for (const auto& [key, values] : facts.params)
            params += (params.empty() ? "" : " ") + key + "=" + values_text(values);
          const char* runs = facts.opt_in ? "opt-in" : facts.quick ? "quick" : "";
          std::printf("    %-28s %-6s %-16s %s\n", variant.c_str(), runs, precisions.c_str(),
                      params.c_str());
        }
      }
    }
  });
}

}  // namespace cli
