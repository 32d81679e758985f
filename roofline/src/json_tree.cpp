#include "json_tree.hpp"

#include <algorithm>
#include <array>
#include <streambuf>
#include <utility>

#include "roofline/input_error.hpp"
#include "roofline/json_schema.hpp"

namespace roofline::detail {

using nlohmann::json;

namespace {

// The bytes of `source`, passed on in blocks as the parser asks for them, each scanned for JSON
// strings: one longer than `max` is refused (InputError) once that many of its bytes have passed.
// A '"' outside a string opens one, an unescaped '"' inside closes it: what JSON's grammar says
// wherever the text is valid, and invalid text fails in the parser anyway.
class BoundedStrings : public std::streambuf {
 public:
  BoundedStrings(std::streambuf* source, std::size_t max, const std::string& name)
      : source_(source), max_(max), name_(name) {}

 protected:
  int_type underflow() override {
    const std::streamsize n =
        source_->sgetn(block_.data(), static_cast<std::streamsize>(block_.size()));
    if (n <= 0) return traits_type::eof();
    for (std::streamsize i = 0; i < n; ++i, ++offset_) scan(block_[static_cast<std::size_t>(i)]);
    setg(block_.data(), block_.data(), block_.data() + n);
    return traits_type::to_int_type(block_[0]);
  }

 private:
  void scan(char c) {
    if (!in_string_) {
      if (c == '"') {
        in_string_ = true;
        length_ = 0;
        start_ = offset_;
      }
      return;
    }
    if (escaped_) {
      escaped_ = false;
    } else if (c == '\\') {
      escaped_ = true;
    } else if (c == '"') {
      in_string_ = false;
      return;
    }
    if (++length_ > max_)
      throw InputError("'" + name_ + "': the string at byte offset " + std::to_string(start_) +
                       " is longer than " + std::to_string(max_) +
                       " bytes: no Rooflab file holds one");
  }

  std::streambuf* source_;
  std::size_t max_;
  const std::string& name_;
  std::array<char, 1 << 16> block_{};
  std::size_t offset_ = 0, start_ = 0, length_ = 0;
  bool in_string_ = false, escaped_ = false;
};

}  // namespace

JsonTree::JsonTree(std::string name, int max_depth, std::size_t max_string, Streamed streamed)
    : name_(std::move(name)),
      max_depth_(max_depth),
      max_string_(max_string),
      streamed_(std::move(streamed)) {}

json JsonTree::parse(std::istream& in) && {
  BoundedStrings bounded(in.rdbuf(), max_string_, name_);
  std::istream checked(&bounded);
  json::sax_parse(checked, this);
  return std::move(root_);
}

json* JsonTree::add(json&& value) {
  if (open_.empty()) {
    root_ = std::move(value);
    return &root_;
  }
  Open& at = open_.back();
  if (at.value->is_array()) {
    ++at.count;
    auto& array = at.value->get_ref<json::array_t&>();
    array.push_back(std::move(value));
    return &array.back();
  }
  json& slot = (*at.value)[at.key];
  slot = std::move(value);
  at.awaiting_value = false;
  return &slot;
}

void JsonTree::hand_on() {
  // An element of the streamed array: the root object, the array, and nothing open inside it.
  if (!streamed_.take || open_.size() != 2 || open_[0].key != streamed_.key ||
      !open_[1].value->is_array())
    return;
  auto& array = open_[1].value->get_ref<json::array_t&>();
  json element = std::move(array.back());
  array.pop_back();
  streamed_.take(open_[1].count - 1, std::move(element));
}

bool JsonTree::open(json&& empty) {
  if (static_cast<int>(open_.size()) >= max_depth_)
    throw InputError("'" + name_ + "' nests deeper than " + std::to_string(max_depth_) + " levels");
  open_.push_back({add(std::move(empty)), 0, {}, false});
  return true;
}

bool JsonTree::close() {
  open_.pop_back();
  hand_on();
  return true;
}

bool JsonTree::null() { return add(nullptr), hand_on(), true; }
bool JsonTree::boolean(bool value) { return add(value), hand_on(), true; }
bool JsonTree::number_integer(number_integer_t value) { return add(value), hand_on(), true; }
bool JsonTree::number_unsigned(number_unsigned_t value) { return add(value), hand_on(), true; }
bool JsonTree::number_float(number_float_t value, const string_t&) {
  return add(value), hand_on(), true;
}
bool JsonTree::string(string_t& value) { return add(std::move(value)), hand_on(), true; }
bool JsonTree::binary(binary_t& value) {
  return add(json::binary(std::move(value))), hand_on(), true;
}
bool JsonTree::start_object(std::size_t) { return open(json::object()); }
bool JsonTree::end_object() { return close(); }
bool JsonTree::start_array(std::size_t) { return open(json::array()); }
bool JsonTree::end_array() { return close(); }

bool JsonTree::key(string_t& key) {
  open_.back().key = std::move(key);
  open_.back().awaiting_value = true;
  return true;
}

std::string JsonTree::path() const {
  std::string out;
  for (std::size_t i = 0; i < open_.size(); ++i) {
    const Open& at = open_[i];
    if (at.value->is_object()) {
      // Between its values the error lies in the object itself.
      if (i + 1 == open_.size() && !at.awaiting_value) break;
      if (!out.empty()) out += '.';
      out += printable_key(at.key);
    } else {
      // The element open inside it, or the one being read when the error came.
      const std::size_t index = i + 1 < open_.size() ? at.count - 1 : at.count;
      out.append("[").append(std::to_string(index)).append("]");
    }
  }
  return out;
}

bool JsonTree::parse_error(std::size_t position, const std::string& last_token,
                           const nlohmann::detail::exception& error) {
  // The library's text without its "[json.exception.parse_error.101] " tag.
  const std::string what = error.what();
  const std::size_t tag = what.find("] ");
  const std::string why = tag == std::string::npos ? what : what.substr(tag + 2);
  // A syntax error's text has its line and column; a number beyond double's range (position:
  // where it ends) gets the offset where it starts.
  const bool located = dynamic_cast<const json::parse_error*>(&error) != nullptr;
  const std::size_t start = position - std::min(position, last_token.size());
  const std::string where = path();
  throw InputError("'" + name_ + "': " + (where.empty() ? "" : where + ": ") + "not valid JSON: " +
                   why + (located ? "" : " (at byte offset " + std::to_string(start) + ")"));
}

}  // namespace roofline::detail
