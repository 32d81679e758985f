#include "roofline/cli/parse_error.hpp"

#include "roofline/names.hpp"

namespace cli {
namespace {

// The subcommand the command line chose last ("run" in `rooflab run --qiuck`), else `app`.
const CLI::App& innermost(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().back();
  return *at;
}

// What `word` could have meant in `command`: its options' names for "-x" and "--xyz", its
// subcommands' names for anything else.
std::vector<std::string> meanings(const CLI::App& command, const std::string& word) {
  std::vector<std::string> names;
  if (word.starts_with("-")) {
    for (const CLI::Option* option : command.get_options()) {
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
      for (const std::string& name : option->get_snames()) names.push_back("-" + name);
    }
  } else {
    for (const CLI::App* sub : command.get_subcommands([](const CLI::App*) { return true; }))
      names.push_back(sub->get_name());
  }
  return names;
}

}  // namespace

std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e) {
  std::string message = e.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&e) == nullptr) return message;
  const CLI::App& command = innermost(app);
  for (const std::string& extra : app.remaining(true)) {
    const std::string word = extra.substr(0, extra.find('='));  // "--qiuck=1": "--qiuck"
    message += roofline::did_you_mean(word, meanings(command, word));
  }
  return message;
}

}  // namespace cli
