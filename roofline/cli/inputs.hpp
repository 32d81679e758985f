#pragma once
#include <CLI/CLI.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "roofline/cluster.hpp"
#include "roofline/results.hpp"

namespace cli {

// What `report` was given: a cluster profile (only ever alone), else results.
struct Inputs {
  std::optional<roofline::ClusterProfile> cluster;
  std::vector<roofline::Results> results;
};

// Reads each file once: results, machine profiles, Google Benchmark files or one cluster profile.
// A machine profile lends its ceilings to results of the same device that have none (a `run`
// without --machine); one given alone is reported as its ceilings. Google Benchmark JSON files are
// imported (reports/gbench_import.hpp) onto the CPU device (else the first device) of the first
// results or machine file. Every result is placed again under its device's roofs. Throws
// InputError naming a bad file.
Inputs load_inputs(const std::vector<std::string>& files);

// Refuses (InputError naming `file` and the result) a result placed where no measurement can be,
// as load_inputs does: not finite, or absurdly far above its roof (a time of 1e-12 s).
void check_placed(const roofline::Results& r, const std::string& file);

// Refuses '' where an option names a file or a folder: taken as "not given", an empty value was
// ignored without a word.
const CLI::Validator& names_a_path();

// Creates the folder if needed; throws InputError naming it when that fails or when this process
// cannot write into it (a read-only file system, a folder without write permission).
std::filesystem::path ensure_folder(const std::string& path);

}  // namespace cli
