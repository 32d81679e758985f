#include "roofline/json_schema.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <map>
#include <set>
#include <stdexcept>

#include "roofline/src/pattern.hpp"

namespace rooflab_embedded {
extern const std::string_view machine_schema_json;
extern const std::string_view results_schema_json;
extern const std::string_view cluster_schema_json;
}  // namespace rooflab_embedded

namespace roofline {

using nlohmann::json;

std::string printable_key(const std::string& key) {
  std::string out;
  for (const unsigned char c : key.substr(0, 64)) {
    if (c < 0x20 || c == 0x7F) {
      static const char* const hex = "0123456789abcdef";
      out += {'\\', 'x', hex[c >> 4], hex[c & 15]};
    } else {
      out += static_cast<char>(c);
    }
  }
  return key.size() > 64 ? out + "…" : out;
}

namespace {

// Keywords that only annotate, then those the validator implements, each between spaces.
constexpr std::string_view kAnnotations = " $schema $id title description $defs ";
constexpr std::string_view kImplemented =
    " type required properties patternProperties additionalProperties items minItems maxItems enum"
    " const minimum maximum exclusiveMinimum minLength pattern $ref allOf oneOf if then else ";

bool known(const std::string& keyword) {
  const std::string spaced = " " + keyword + " ";
  return kAnnotations.find(spaced) != std::string_view::npos ||
         kImplemented.find(spaced) != std::string_view::npos;
}

void collect_unsupported(const json& schema, std::set<std::string>& out) {
  if (!schema.is_object()) return;
  for (const auto& [key, value] : schema.items()) {
    if (!known(key)) out.insert(key);
    if (key == "properties" || key == "patternProperties" || key == "$defs")
      for (const auto& [_, sub] : value.items()) collect_unsupported(sub, out);
    else if (key == "items" || key == "additionalProperties" || key == "if" || key == "then" ||
             key == "else")
      collect_unsupported(value, out);
    else if (key == "allOf" || key == "oneOf")
      for (const json& sub : value) collect_unsupported(sub, out);
  }
}

// ---- the schemas, compiled ------------------------------------------------------------------
// Each schema object becomes a Node once, its references resolved to other Nodes and its
// patterns compiled, so checking a file of a million results walks plain structures.

enum Type : unsigned {
  kNull = 1,
  kBoolean = 2,
  kInteger = 4,
  kNumber = 8,
  kString = 16,
  kArray = 32,
  kObject = 64
};

struct Node {
  bool never = false;  // the schema `false`
  const Node* ref = nullptr;
  unsigned types = 0;  // 0: any
  std::string types_text;
  std::vector<std::string> required;
  std::map<std::string, const Node*, std::less<>> properties;
  std::vector<std::pair<detail::Pattern, const Node*>> pattern_properties;
  bool others_forbidden = false;
  const Node* others = nullptr;
  const Node* items = nullptr;
  std::optional<std::size_t> min_items, max_items, min_length;
  std::optional<double> minimum, maximum, exclusive_minimum;
  const json* enum_values = nullptr;
  const json* const_value = nullptr;
  std::optional<detail::Pattern> pattern;
  std::string pattern_text;
  std::vector<const Node*> all_of, one_of;
  const Node *if_node = nullptr, *then_node = nullptr, *else_node = nullptr;
};

struct Store {
  std::map<std::string, json, std::less<>> by_name;  // data/schema/<name>.schema.json
  std::map<std::string, const json*, std::less<>> by_id;
  std::deque<Node> nodes;
  std::map<const json*, const Node*> compiled;

  // `schema` lies in the schema document `doc`, against which its local references resolve.
  const Node* compile(const json& schema, const json& doc) {
    if (const auto it = compiled.find(&schema); it != compiled.end()) return it->second;
    Node& n = nodes.emplace_back();
    compiled[&schema] = &n;  // before the parts: a schema may refer to itself
    if (schema.is_boolean()) {
      n.never = !schema.get<bool>();
      return &n;
    }
    const auto sub = [&](const char* key) { return compile(schema.at(key), doc); };
    for (const auto& [key, value] : schema.items()) {
      if (key == "$ref") {
        n.ref = resolve(value.get<std::string>(), doc);
      } else if (key == "type") {
        for (const json& t : value.is_array() ? value : json::array({value})) {
          static const std::map<std::string, std::pair<Type, const char*>> names = {
              {"null", {kNull, "null"}},
              {"boolean", {kBoolean, "true or false"}},
              {"integer", {kInteger, "an integer"}},
              {"number", {kNumber, "a number"}},
              {"string", {kString, "a string"}},
              {"array", {kArray, "an array"}},
              {"object", {kObject, "an object"}}};
          const auto& [bit, text] = names.at(t.get<std::string>());
          n.types |= bit;
          n.types_text += (n.types_text.empty() ? "" : " or ") + std::string(text);
        }
      } else if (key == "required") {
        n.required = value.get<std::vector<std::string>>();
      } else if (key == "properties") {
        for (const auto& [name, s] : value.items()) n.properties[name] = compile(s, doc);
      } else if (key == "patternProperties") {
        for (const auto& [p, s] : value.items())
          n.pattern_properties.emplace_back(detail::Pattern(p), compile(s, doc));
      } else if (key == "additionalProperties") {
        n.others_forbidden = value.is_boolean() && !value.get<bool>();
        if (!value.is_boolean()) n.others = sub("additionalProperties");
      } else if (key == "items") {
        n.items = sub("items");
      } else if (key == "minItems") {
        n.min_items = value.get<std::size_t>();
      } else if (key == "maxItems") {
        n.max_items = value.get<std::size_t>();
      } else if (key == "minLength") {
        n.min_length = value.get<std::size_t>();
      } else if (key == "minimum") {
        n.minimum = value.get<double>();
      } else if (key == "maximum") {
        n.maximum = value.get<double>();
      } else if (key == "exclusiveMinimum") {
        n.exclusive_minimum = value.get<double>();
      } else if (key == "enum") {
        n.enum_values = &value;
      } else if (key == "const") {
        n.const_value = &value;
      } else if (key == "pattern") {
        n.pattern.emplace(value.get<std::string>());
        n.pattern_text = value.dump();
      } else if (key == "allOf" || key == "oneOf") {
        for (const json& s : value)
          (key == "allOf" ? n.all_of : n.one_of).push_back(compile(s, doc));
      } else if (key == "if") {
        n.if_node = sub("if");
      } else if (key == "then") {
        n.then_node = sub("then");
      } else if (key == "else") {
        n.else_node = sub("else");
      }
    }
    return &n;
  }

  const Node* resolve(const std::string& ref, const json& doc) {
    const std::size_t hash = ref.find('#');
    const json* target_doc = &doc;
    if (const std::string base = ref.substr(0, hash); !base.empty()) {
      const auto it = by_id.find(base);
      if (it == by_id.end())
        throw std::logic_error("JSON Schema reference \"" + ref + "\" names no compiled schema");
      target_doc = it->second;
    }
    const std::string pointer = hash == std::string::npos ? "" : ref.substr(hash + 1);
    return compile(target_doc->at(json::json_pointer(pointer)), *target_doc);
  }
};

const Store& store() {
  static const Store s = [] {
    Store s;
    s.by_name["rooflab.machine-1"] = json::parse(rooflab_embedded::machine_schema_json);
    s.by_name["rooflab.results-1"] = json::parse(rooflab_embedded::results_schema_json);
    s.by_name["rooflab.cluster-1"] = json::parse(rooflab_embedded::cluster_schema_json);
    for (const auto& [name, schema] : s.by_name) {
      s.by_id[schema.at("$id")] = &schema;
      // A keyword the validator passed over would be a rule the readers do not enforce.
      for (const std::string& keyword : unsupported_keywords(schema))
        throw std::logic_error("JSON Schema keyword \"" + keyword + "\" in " + name +
                               " is not implemented");
    }
    for (const auto& [name, schema] : s.by_name) s.compile(schema, schema);
    return s;
  }();
  return s;
}

// ---- checking -------------------------------------------------------------------------------

// The path to a value, built only when a failure is reported: a chain of the steps taken.
struct Step {
  const Step* parent;
  const std::string* key;  // null for an array index
  std::size_t index;
};

std::string format(const Step* step) {
  if (step == nullptr) return "";
  std::string head = format(step->parent);
  if (step->key == nullptr) return head + "[" + std::to_string(step->index) + "]";
  return head.empty() ? printable_key(*step->key) : head + "." + printable_key(*step->key);
}

std::string type_of(const json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "true or false";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

bool has_type(const json& v, unsigned types) {
  if (types == 0) return true;
  if ((types & kNull) && v.is_null()) return true;
  if ((types & kBoolean) && v.is_boolean()) return true;
  if ((types & kNumber) && v.is_number()) return true;
  if ((types & kString) && v.is_string()) return true;
  if ((types & kArray) && v.is_array()) return true;
  if ((types & kObject) && v.is_object()) return true;
  // As JSON Schema counts integers: 5.0 is one.
  return (types & kInteger) &&
         (v.is_number_integer() ||
          (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>()));
}

std::string number_text(double x) {
  if (x == std::floor(x) && std::abs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", x);
  return text;
}

// Characters as JSON Schema counts them: Unicode code points, not UTF-8 bytes.
std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for (const unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// Whether `v` at `at` conforms to `n`. On a failure, when `out` is given, it receives where and
// why; without it (an alternative tried, an `if`) no text is built.
bool check(const json& v, const Node& n, const Step* at, SchemaFailure* out);

bool fail(const Step* at, SchemaFailure* out, const std::string& expected) {
  if (out) *out = {format(at), expected};
  return false;
}

bool check_number(double x, const Node& n, const Step* at, SchemaFailure* out) {
  if (n.minimum && !(x >= *n.minimum))
    return fail(at, out,
                "expected a number ≥ " + number_text(*n.minimum) + ", got " + number_text(x));
  if (n.exclusive_minimum && !(x > *n.exclusive_minimum))
    return fail(
        at, out,
        "expected a number > " + number_text(*n.exclusive_minimum) + ", got " + number_text(x));
  if (n.maximum && !(x <= *n.maximum))
    return fail(at, out,
                "expected a number ≤ " + number_text(*n.maximum) + ", got " + number_text(x));
  return true;
}

bool check_object(const json& v, const Node& n, const Step* at, SchemaFailure* out) {
  for (const std::string& key : n.required)
    if (!v.contains(key)) {
      const Step step{at, &key, 0};
      return fail(&step, out, "missing (a required field)");
    }
  for (const auto& [key, value] : v.items()) {
    const Step step{at, &key, 0};
    bool matched = false;
    if (const auto it = n.properties.find(key); it != n.properties.end()) {
      matched = true;
      if (!check(value, *it->second, &step, out)) return false;
    }
    for (const auto& [pattern, sub] : n.pattern_properties)
      if (pattern.search(key)) {
        matched = true;
        if (!check(value, *sub, &step, out)) return false;
      }
    if (matched) continue;
    if (n.others_forbidden) return fail(&step, out, "an unknown field");
    if (n.others && !check(value, *n.others, &step, out)) return false;
  }
  return true;
}

// Exactly one alternative must hold. When none does, the failure reported is the one that got
// furthest into the value: "results[0].time.n: expected an integer" says more than "time:
// matches neither null nor a summary". On a tie the later one: the schemas put null first and
// the shape that explains more after it.
bool check_one_of(const json& v, const Node& n, const Step* at, SchemaFailure* out) {
  std::size_t holding = 0;
  for (const Node* alternative : n.one_of) holding += check(v, *alternative, at, nullptr);
  if (holding == 1) return true;
  if (holding > 1) return fail(at, out, "expected exactly one of the schema's alternatives");
  if (out) {
    std::size_t deepest = 0;
    for (const Node* alternative : n.one_of) {
      SchemaFailure f;
      check(v, *alternative, at, &f);
      const std::size_t d = std::count(f.path.begin(), f.path.end(), '.') +
                            std::count(f.path.begin(), f.path.end(), '[');
      if (d >= deepest) {
        deepest = d;
        *out = std::move(f);
      }
    }
  }
  return false;
}

bool check(const json& v, const Node& n, const Step* at, SchemaFailure* out) {
  if (n.never) return fail(at, out, "nothing allowed here");
  if (n.ref && !check(v, *n.ref, at, out)) return false;
  if (!has_type(v, n.types))
    return fail(at, out, "expected " + n.types_text + ", got " + type_of(v));
  if (n.enum_values) {
    bool found = false;
    for (const json& e : *n.enum_values) found = found || e == v;
    if (!found) {
      std::string options;
      for (const json& e : *n.enum_values) options += (options.empty() ? "" : ", ") + e.dump();
      return fail(at, out, "expected one of " + options);
    }
  }
  if (n.const_value && v != *n.const_value)
    return fail(at, out, "expected " + n.const_value->dump());
  if (v.is_number() && !check_number(v.get<double>(), n, at, out)) return false;
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (n.min_length && code_points(s) < *n.min_length)
      return fail(at, out,
                  "expected text of at least " + std::to_string(*n.min_length) + " character" +
                      (*n.min_length == 1 ? "" : "s"));
    if (n.pattern && !n.pattern->search(s))
      return fail(at, out, "expected text matching " + n.pattern_text);
  }
  if (v.is_array()) {
    if (n.min_items && v.size() < *n.min_items)
      return fail(at, out,
                  "expected at least " + std::to_string(*n.min_items) + " item(s), got " +
                      std::to_string(v.size()));
    if (n.max_items && v.size() > *n.max_items)
      return fail(at, out,
                  "expected at most " + std::to_string(*n.max_items) + " item(s), got " +
                      std::to_string(v.size()));
    if (n.items)
      for (std::size_t i = 0; i < v.size(); ++i) {
        const Step step{at, nullptr, i};
        if (!check(v[i], *n.items, &step, out)) return false;
      }
  }
  if (v.is_object() && !check_object(v, n, at, out)) return false;
  for (const Node* part : n.all_of)
    if (!check(v, *part, at, out)) return false;
  if (!n.one_of.empty() && !check_one_of(v, n, at, out)) return false;
  if (n.if_node) {
    const Node* branch = check(v, *n.if_node, at, nullptr) ? n.then_node : n.else_node;
    if (branch && !check(v, *branch, at, out)) return false;
  }
  return true;
}

}  // namespace

const json& compiled_schema(std::string_view name) {
  const auto it = store().by_name.find(name);
  if (it == store().by_name.end())
    throw std::logic_error("no compiled JSON Schema named " + std::string(name));
  return it->second;
}

std::optional<SchemaFailure> schema_failure(const json& doc, std::string_view name,
                                            std::string_view pointer) {
  const json& part = compiled_schema(name).at(json::json_pointer(std::string(pointer)));
  const auto node = store().compiled.find(&part);
  if (node == store().compiled.end())
    throw std::logic_error("no compiled part " + std::string(pointer) + " of " + std::string(name));
  SchemaFailure failure;
  if (check(doc, *node->second, nullptr, &failure)) return std::nullopt;
  return failure;
}

std::vector<std::string> unsupported_keywords(const json& schema) {
  std::set<std::string> out;
  collect_unsupported(schema, out);
  return {out.begin(), out.end()};
}

}  // namespace roofline
