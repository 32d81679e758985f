#pragma once
// CLI11's parse errors in Rooflab's form: "rooflab: error: ..." with, for a word the command line
// did not expect, the command or option it most likely meant.
#include <CLI/CLI.hpp>
#include <string>

namespace cli {

// The message for `e`, thrown while `app` parsed: CLI11's text, and for each unexpected word the
// suggestion of roofline::did_you_mean among the subcommands (for a bare word) or the options of
// the command it followed (for "-x" or "--xyz").
std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e);

}  // namespace cli
