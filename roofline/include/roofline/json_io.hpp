#pragma once
// Reading and writing Rooflab's versioned JSON files.
#include <cstddef>
#include <filesystem>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/input_error.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace roofline {

inline constexpr std::string_view kMachineSchema = "rooflab.machine/1";
inline constexpr std::string_view kResultsSchema = "rooflab.results/1";

nlohmann::json to_json(const MachineProfile& m);
nlohmann::json to_json(const Results& r);
// Both throw InputError naming the problem (missing field, unknown major version…).
MachineProfile machine_from_json(const nlohmann::json& j);
Results results_from_json(const nlohmann::json& j);

// The deepest nesting a reader accepts: the files Rooflab writes nest a handful of levels, and a
// tree of hostile depth would overflow the stack of every recursive walk over it.
inline constexpr int kMaxJsonDepth = 64;
// The longest string a reader accepts: the longest Rooflab writes is a name or a command line, and
// the parser holds a string whole (twice) before it is handed on, so a gigabyte string would be
// read into memory before any later check. Refused as its bytes are read.
inline constexpr std::size_t kMaxJsonString = std::size_t{16} << 20;

// Throws InputError naming the file when it is missing, not JSON, nests deeper than kMaxJsonDepth
// or holds a string longer than kMaxJsonString (both refused while parsing, before the tree is
// built).
nlohmann::json read_json_file(const std::filesystem::path& path);
// The same for text already open, `name` standing for the file in messages.
nlohmann::json parse_json(std::istream& in, const std::string& name);
// A JSON file as the report and compare read it: its tree, except that the results of a results
// file (the elements of its top-level "results" array) are checked against the schema and
// converted one at a time while the file is read, and left out of the tree. A file of a million
// results so never stands in memory as one tree. Throws InputError as read_json_file does.
class InputFile {
 public:
  explicit InputFile(const std::filesystem::path& path);
  // Text already open, `name` standing for the file in messages.
  InputFile(std::istream& in, const std::string& name);
  // Without its results when it is a results file.
  const nlohmann::json& tree() const { return tree_; }
  // The file as results, checked as results_from_json checks a whole tree (InputError).
  Results results() &&;

 private:
  void read(std::istream& in, const std::string& name);

  nlohmann::json tree_;
  std::vector<Result> results_;
  std::optional<InputError> failure_;  // the first result refused
};

// Writes through a temporary file in the same folder and renames it, so readers never see a
// torn file. Replaces regular files only, keeping their mode, and writes through a symlink to its
// target (roofline/output_file.hpp; InputError otherwise). Throws std::runtime_error naming the
// path on failure.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);
void write_json_atomic(const std::filesystem::path& path, const nlohmann::json& j);
// j as JSON text (indent < 0: on one line). A byte that is not UTF-8 (a path, a host name or an
// environment variable may hold any) becomes U+FFFD: what a run finished is written, never lost
// to the spelling of a name.
std::string json_text(const nlohmann::json& j, int indent = -1);

// The "schema" string of a file's tree ("rooflab.results/1"); "" where it has none.
std::string schema_of(const nlohmann::json& j);

// "rooflab.results/1" or "rooflab.results/1.2" → accepted; another major → InputError.
void check_schema(const nlohmann::json& j, std::string_view expected, const std::string& where);

// Field `name` of `entry` as T, for the hardware tables in data/: InputError naming `where` and the
// field when it is missing or of another type.
template <class T>
T required_field(const nlohmann::json& entry, const char* name, const std::string& where) {
  if (!entry.contains(name)) throw InputError(where + ": missing field \"" + name + "\"");
  try {
    return entry.at(name).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw InputError(where + ": field \"" + name + "\" has the wrong type");
  }
}

}  // namespace roofline
