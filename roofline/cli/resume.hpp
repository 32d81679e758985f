#pragma once
// What `run --resume FILE` takes from an interrupted run's file, and the command that resumes one.
#include <cstddef>
#include <string>

#include "roofline/results.hpp"

namespace cli {

// The results file of an interrupted run, refused (InputError naming it) where `report` would
// refuse it. Its failed results are left out, so that their cases are measured again (said on
// stderr).
roofline::Results read_resumed(const std::string& file);

// Says on stderr when the resumed file was measured on another host than this run's: its results
// are kept beside this host's.
void warn_if_other_host(const roofline::Results& resumed, const std::string& host);

// Says on stderr how many of the resumed file's `cases` are not part of this run (other options):
// they are dropped from its results. Nothing when `others` is 0.
void say_not_resumed(std::size_t others, std::size_t cases);

// `command_line` with `--resume written`, in place of any --resume it had (a run resumed and
// interrupted again is resumed from the file it wrote, by a command that parses).
std::string with_resume(const std::string& command_line, const std::string& written);

}  // namespace cli
