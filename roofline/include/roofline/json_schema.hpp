#pragma once
// Checks a document against Rooflab's JSON Schemas (data/schema/, compiled into the binary), so
// that the schema files stay the one statement of what a valid file holds: the readers refuse
// what they refuse, and tests/schema/validate.py checks what the writers write against the same
// files. Debian 12 packages no C++ validator for draft 2020-12, hence this small one: it
// implements the keywords the schemas use and refuses a schema with any other.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

struct SchemaFailure {
  std::string path;      // where in the document, as results[3].time.n ("" for the top level)
  std::string expected;  // what the schema asks there, and what was found
};

// The first place (in document order) where `doc` breaks the compiled-in schema whose file is
// data/schema/<name>.schema.json ("rooflab.results-1"), or nothing when it conforms. Throws
// std::logic_error for an unknown name or a schema keyword this validator does not implement.
// With `pointer` (a JSON Pointer into that schema, "/properties/results/items"), `doc` is checked
// against that part alone and the path is relative to it.
std::optional<SchemaFailure> schema_failure(const nlohmann::json& doc, std::string_view name,
                                            std::string_view pointer = "");

// A key from a file as it goes into a path in a message: control bytes as \xNN, at most 64 bytes.
std::string printable_key(const std::string& key);

// The compiled-in schema data/schema/<name>.schema.json.
const nlohmann::json& compiled_schema(std::string_view name);

// The keywords in `schema` (recursively) that schema_failure does not implement; empty when it
// judges the whole schema.
std::vector<std::string> unsupported_keywords(const nlohmann::json& schema);

}  // namespace roofline
