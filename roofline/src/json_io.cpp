#include "roofline/json_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <system_error>
#include <tuple>

#include "json_tree.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/json_schema.hpp"
#include "roofline/output_file.hpp"
#include "roofline/src/json_fields.hpp"

namespace roofline {

using nlohmann::json;

// ---- documents -------------------------------------------------------------------------------

namespace {

template <class F>
auto converting(const std::string& what, F&& f) {
  try {
    return f();
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw InputError(what + ": " + e.what());
  }
}

}  // namespace

namespace {

json identical_json(const IdenticalDevices& group) {
  json outliers = json::array();
  for (const RoofOutlier& o : group.outliers) outliers.push_back(outlier_json(o, "device"));
  return {{"devices", group.devices},
          {"outlier_rule", group.rule},
          {"verdict", group.verdict()},
          {"outliers", outliers}};
}

IdenticalDevices identical_from_json(const json& j) {
  IdenticalDevices group{
      j.at("devices").get<std::vector<std::string>>(), j.at("outlier_rule").get<OutlierRule>(), {}};
  for (const json& o : j.at("outliers")) group.outliers.push_back(outlier_from_json(o, "device"));
  return group;
}

}  // namespace

json to_json(const MachineProfile& m) {
  json j = {{"schema", kMachineSchema}, {"provenance", m.provenance}, {"devices", m.devices}};
  if (!m.identical.empty()) {
    j["identical_devices"] = json::array();
    for (const IdenticalDevices& group : m.identical)
      j["identical_devices"].push_back(identical_json(group));
  }
  if (!m.incomplete.empty()) j["incomplete"] = m.incomplete;
  return j;
}

json to_json(const Results& r) {
  json j = {{"schema", kResultsSchema},      {"provenance", r.provenance},
            {"machine", to_json(r.machine)}, {"results", r.results},
            {"calibration", r.calibration},  {"roof_checks", r.roof_checks}};
  if (!r.incomplete.empty()) j["incomplete"] = r.incomplete;
  if (r.program) j["program"] = *r.program;
  return j;
}

namespace {

// The first schema failure of `j` as an InputError: "results[3].time.n: expected ...".
void conform(const json& j, std::string_view schema_name, const std::string& what) {
  if (const auto failure = schema_failure(j, schema_name))
    throw InputError(what + ": " + (failure->path.empty() ? "" : failure->path + ": ") +
                     failure->expected);
}

// After the schema, the conversions below fail only where a rule is the code's alone; their
// library text still comes out as an InputError.
MachineProfile machine_of(const json& j) {
  return converting("malformed machine profile", [&] {
    MachineProfile m;
    m.provenance = j.at("provenance");
    m.devices = j.at("devices").get<std::vector<Device>>();
    for (const json& group : j.value("identical_devices", json::array()))
      m.identical.push_back(identical_from_json(group));
    if (j.contains("incomplete")) m.incomplete = j.at("incomplete").get<std::string>();
    return m;
  });
}

}  // namespace

MachineProfile machine_from_json(const json& j) {
  check_schema(j, kMachineSchema, "machine profile");
  conform(j, "rooflab.machine-1", "machine profile");
  return machine_of(j);
}

namespace {

// The part of the results schema that each result meets.
constexpr std::string_view kResultItems = "/properties/results/items";

// A results file's schema line and shape, before any of it is converted.
void check_results_file(const json& j) {
  check_schema(j, kResultsSchema, "results");
  if (j.contains("machine")) check_schema(j["machine"], kMachineSchema, "results: machine");
  conform(j, "rooflab.results-1", "results");
}

// The file once checked; its results too unless they were read on their own (InputFile).
Results results_of(const json& j, bool with_results) {
  Results r;
  r.machine = machine_of(j.at("machine"));
  converting("malformed results", [&] {
    r.provenance = j.at("provenance");
    if (with_results) r.results = j.at("results").get<std::vector<Result>>();
    if (j.contains("calibration"))
      r.calibration = j.at("calibration").get<std::vector<Calibration>>();
    // Roof checks came with results/1 files of later builds: older ones have none.
    if (j.contains("roof_checks")) r.roof_checks = j.at("roof_checks").get<std::vector<Result>>();
    if (j.contains("incomplete")) r.incomplete = j.at("incomplete").get<std::string>();
    if (j.contains("program")) r.program = j.at("program").get<ProgramRun>();
    return 0;
  });
  return r;
}

}  // namespace

Results results_from_json(const json& j) {
  check_results_file(j);
  return results_of(j, true);
}

std::string schema_of(const json& j) {
  return j.is_object() && j.contains("schema") && j["schema"].is_string()
             ? j["schema"].get<std::string>()
             : "";
}

namespace {

// The major version in "NAME/MAJOR" or "NAME/MAJOR.MINOR" (each version part digits), or nothing
// for any other text: read by hand, in one pass, whatever the text's length.
std::optional<std::string_view> major_version(std::string_view schema, std::string_view name) {
  if (!schema.starts_with(name) || schema.substr(name.size(), 1) != "/") return std::nullopt;
  const std::string_view version = schema.substr(name.size() + 1);
  const auto digits = [](std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  const std::size_t dot = version.find('.');
  const std::string_view major = version.substr(0, dot);
  if (!digits(major) || (dot != std::string_view::npos && !digits(version.substr(dot + 1))))
    return std::nullopt;
  return major;
}

// A file's text as a message quotes it: at most 64 bytes (cut at a character's start), then "…".
std::string quoted_text(std::string_view text) {
  constexpr std::size_t kMost = 64;
  if (text.size() <= kMost) return std::string(text);
  std::size_t cut = kMost;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "…";
}

}  // namespace

void check_schema(const json& j, std::string_view expected, const std::string& where) {
  if (!j.is_object() || !j.contains("schema") || !j["schema"].is_string())
    throw InputError(where + ": no \"schema\" field (expected " + std::string(expected) + ")");
  const std::string& schema = j["schema"].get_ref<const std::string&>();
  const std::string_view name = expected.substr(0, expected.find('/'));
  const std::string_view major = expected.substr(expected.find('/') + 1);
  const std::optional<std::string_view> found = major_version(schema, name);
  if (!found)
    throw InputError(where + ": schema \"" + quoted_text(schema) + "\" is not " +
                     std::string(expected));
  if (*found != major)
    throw InputError(where + ": schema \"" + quoted_text(schema) + "\" has unknown major version " +
                     quoted_text(*found) + " (this Rooflab reads " + std::string(expected) + ")");
}

json parse_json(std::istream& in, const std::string& name) {
  return detail::JsonTree(name, kMaxJsonDepth, kMaxJsonString).parse(in);
}

namespace {

std::ifstream open_input(const std::filesystem::path& path) {
  if (std::filesystem::is_directory(path))
    throw InputError("'" + path.string() + "' is a folder, not a JSON file");
  std::ifstream in(path);
  if (!in) throw InputError("cannot open '" + path.string() + "'");
  return in;
}

}  // namespace

json read_json_file(const std::filesystem::path& path) {
  std::ifstream in = open_input(path);
  return parse_json(in, path.string());
}

InputFile::InputFile(const std::filesystem::path& path) {
  std::ifstream in = open_input(path);
  read(in, path.string());
}

InputFile::InputFile(std::istream& in, const std::string& name) { read(in, name); }

void InputFile::read(std::istream& in, const std::string& name) {
  const auto take = [this](std::size_t index, json&& element) {
    if (index == 0) {  // a repeated "results" field replaces the earlier one, as in a tree
      results_.clear();
      failure_.reset();
    }
    if (failure_) return;  // the first refusal is the one reported; the rest is only parsed
    const std::string at = "results[" + std::to_string(index) + "]";
    if (const auto failure = schema_failure(element, "rooflab.results-1", kResultItems)) {
      const std::string& inner = failure->path;
      failure_ = InputError("results: " + at + (inner.empty() || inner[0] == '[' ? "" : ".") +
                            inner + ": " + failure->expected);
      return;
    }
    try {
      results_.push_back(converting("malformed results", [&] { return element.get<Result>(); }));
    } catch (const InputError& e) {
      failure_ = e;
    }
  };
  tree_ = detail::JsonTree(name, kMaxJsonDepth, kMaxJsonString, {"results", take}).parse(in);
}

Results InputFile::results() && {
  check_results_file(tree_);
  if (failure_) throw *failure_;
  Results r = results_of(tree_, false);
  r.results = std::move(results_);
  return r;
}

void write_file_atomic(const std::filesystem::path& requested, std::string_view content) {
  // Through a symlink its target is replaced and the link kept; a device node is never replaced.
  const std::filesystem::path path = output_target(requested);
  const auto mode = output_mode(path);
  const auto dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  // A hidden name in the same folder, so the rename cannot cross file systems.
  const OpenFolder folder(dir);
  const std::string name = path.filename().string();
  // Known to the interrupt handler before it exists: a second interrupt removes it at any moment.
  std::string partial;
  int fd = -1;
  std::string temporary;
  try {
    std::tie(fd, temporary) = folder.create_temporary(name, [&](const std::string& t) {
      partial = (dir / t).string();
      set_partial_file(partial.c_str());
    });
  } catch (...) {
    set_partial_file(nullptr);
    throw;
  }
  record_temporary(path, partial);
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t w = ::write(fd, content.data() + done, content.size() - done);
    if (w < 0) break;
    done += static_cast<size_t>(w);
  }
  // The mode an existing file had (the temporary was made 0600).
  const bool ok =
      done == content.size() && ::fchmod(fd, static_cast<mode_t>(mode)) == 0 && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok || ::renameat(folder.fd(), temporary.c_str(), folder.fd(), name.c_str()) != 0) {
    const std::string why = std::generic_category().message(errno);
    ::unlinkat(folder.fd(), temporary.c_str(), 0);
    set_partial_file(nullptr);
    throw std::runtime_error("cannot write '" + requested.string() + "': " + why);
  }
  set_partial_file(nullptr);
}

std::string json_text(const json& j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

void write_json_atomic(const std::filesystem::path& path, const json& j) {
  write_file_atomic(path, json_text(j, 1) + "\n");
}

}  // namespace roofline
