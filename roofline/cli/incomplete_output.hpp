#pragma once
// Where a command writes what finished when it stops early: never over a complete earlier result.
// An interrupt (or SIGKILL between checkpoints) must not cost the user a whole run or profile they
// already had, so a complete file stays until a complete one replaces it.
#include <filesystem>

namespace cli {

// Whether `file` is a Rooflab file that parses and is not marked "incomplete".
bool holds_complete(const std::filesystem::path& file);

// `output` itself, unless it holds a complete Rooflab file (one that parses and is not marked
// "incomplete"): then NAME.incomplete.EXT beside it (results.incomplete.json).
std::filesystem::path incomplete_output(const std::filesystem::path& output);

}  // namespace cli
