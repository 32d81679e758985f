#include "roofline/cli/inputs.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <system_error>
#include <utility>

#include "reports/escape.hpp"
#include "reports/gbench_import.hpp"
#include "roofline/cli/session.hpp"
#include "roofline/json_io.hpp"

namespace cli {

namespace {

// A result further above its roof than this is not a measurement: its work or time is wrong
// (a hostile file, or a Google Benchmark counter of the wrong unit). Real ones reach a few times
// the roof at most (a level misjudged, a roof measured under load).
constexpr double kMaxEfficiency = 1000;

// Refuses a placed result drawn from `file` whose placement is not finite or is absurdly far
// above its roof; `where(i)` names the i-th result in the file's own terms.
template <class Where>
void check_placements(const std::vector<roofline::Result>& results, std::size_t first,
                      std::size_t count, const std::string& file, Where where) {
  for (std::size_t i = 0; i < count; ++i) {
    const auto& p = results[first + i].placement;
    if (!p) continue;
    const bool finite = std::isfinite(p->ai) && std::isfinite(p->performance) &&
                        std::isfinite(p->attainable) && std::isfinite(p->efficiency);
    if (!finite || p->efficiency > kMaxEfficiency) {
      char times[32];
      std::snprintf(times, sizeof times, "%.3g", p->efficiency);
      throw roofline::InputError(
          "'" + file + "': " + where(i) + ": placed " + times + " times its roof (at most " +
          std::to_string(static_cast<int>(kMaxEfficiency)) +
          " is believable): its work, its time or its device's roofs cannot be right");
    }
  }
}

}  // namespace

Inputs load_inputs(const std::vector<std::string>& files) {
  std::vector<roofline::Results> results;
  std::vector<std::string> results_files;  // beside results
  std::vector<roofline::MachineProfile> machines;
  std::vector<std::string> machine_files;                      // beside machines
  std::vector<std::pair<std::string, nlohmann::json>> gbench;  // placed once a machine is known
  for (const auto& file : files) {
    roofline::InputFile input(file);
    const nlohmann::json& j = input.tree();
    if (reports::is_gbench_json(j)) {
      gbench.emplace_back(file, j);
      continue;
    }
    const std::string schema = roofline::schema_of(j);
    try {
      if (schema.rfind("rooflab.cluster/", 0) == 0) {
        if (files.size() > 1)
          throw roofline::InputError("a cluster profile is reported alone, without other files");
        return {.cluster = roofline::cluster_from_json(j), .results = {}};
      }
      if (schema.rfind("rooflab.machine/", 0) == 0) {
        machines.push_back(roofline::machine_from_json(j));
        machine_files.push_back(file);
      } else if (schema.rfind("rooflab.results/", 0) == 0) {
        results.push_back(std::move(input).results());
        results_files.push_back(file);
      } else
        throw roofline::InputError(
            schema.empty()
                ? "no \"schema\" field: not a Rooflab results, machine or cluster file"
                : "schema \"" + schema + "\" is not a Rooflab results, machine or cluster file");
    } catch (const roofline::InputError& e) {
      throw roofline::InputError("'" + file + "': " + e.what());
    }
  }
  // A device in two profiles: the first given lends its roofs, and the command says so.
  for (std::size_t a = 0; a < machines.size(); ++a)
    for (std::size_t b = a + 1; b < machines.size(); ++b)
      for (const auto& d : machines[b].devices)
        if (machines[a].find(d.id) != nullptr)
          std::fprintf(stderr,
                       "warning: '%s' and '%s' both profile device '%s': the first one's roofs "
                       "are used\n",
                       reports::terminal_text(machine_files[a]).c_str(),
                       reports::terminal_text(machine_files[b]).c_str(),
                       reports::terminal_text(d.id).c_str());
  for (auto& r : results)
    for (const auto& m : machines)
      for (const auto& lender : m.devices)
        for (auto& d : r.machine.devices)
          if (d.id == lender.id && d.compute.empty() && d.memory.empty()) d = lender;
  if (results.empty())
    for (auto& m : machines) {
      roofline::Results profile_only;
      profile_only.provenance = m.provenance;
      profile_only.machine = std::move(m);
      results.push_back(std::move(profile_only));
    }
  struct Imported {
    std::string file;
    std::size_t first, count;
  };
  std::vector<Imported> imported;  // into results.front()
  for (const auto& [file, j] : gbench) {
    if (results.empty() || results.front().machine.devices.empty())
      throw roofline::InputError("'" + file +
                                 "': Google Benchmark results are placed on a device's roofs: give "
                                 "a Rooflab machine profile or results file with it");
    roofline::Results& host = results.front();
    const auto& devices = host.machine.devices;
    const auto cpu = std::find_if(devices.begin(), devices.end(),
                                  [](const roofline::Device& d) { return d.backend == "cpu"; });
    const std::size_t first = host.results.size();
    for (auto& r : reports::import_gbench(j, file, cpu != devices.end() ? *cpu : devices.front()))
      host.results.push_back(std::move(r));
    imported.push_back({file, first, host.results.size() - first});
  }
  for (std::size_t f = 0; f < results.size(); ++f) {
    try {
      place_all(results[f]);
    } catch (const roofline::InputError& e) {  // a result's own roof_threads: name its file
      if (f >= results_files.size()) throw;
      throw roofline::InputError("'" + results_files[f] + "': " + e.what());
    }
  }
  for (std::size_t f = 0; f < results_files.size(); ++f) {
    const auto& own = results[f].results;
    const std::size_t count = f == 0 && !imported.empty() ? imported.front().first : own.size();
    check_placements(own, 0, count, results_files[f],
                     [](std::size_t i) { return "results[" + std::to_string(i) + "]"; });
  }
  for (const Imported& g : imported)
    check_placements(results.front().results, g.first, g.count, g.file, [](std::size_t i) {
      return "benchmark " + std::to_string(i + 1) + " (in file order, repetitions as one)";
    });
  return {.cluster = std::nullopt, .results = std::move(results)};
}

void check_placed(const roofline::Results& r, const std::string& file) {
  check_placements(r.results, 0, r.results.size(), file,
                   [](std::size_t i) { return "results[" + std::to_string(i) + "]"; });
}

const CLI::Validator& names_a_path() {
  static const CLI::Validator check(
      [](const std::string& value) {
        return value.empty() ? std::string("'' names no file or folder") : std::string();
      },
      "PATH");
  return check;
}

std::filesystem::path ensure_folder(const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec || !std::filesystem::is_directory(path))
    throw roofline::InputError("cannot create folder '" + path + "'" +
                               (ec ? ": " + ec.message() : ""));
  // Before anything is written into it or beside it: a read-only file system (or, for a user
  // other than root, a folder without write permission) is named now, not after other outputs.
  if (::access(path.c_str(), W_OK) != 0)
    throw roofline::InputError("cannot write into folder '" + path +
                               "': " + std::generic_category().message(errno));
  return path;
}

}  // namespace cli
