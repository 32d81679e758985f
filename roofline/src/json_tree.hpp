#pragma once
// Builds the tree of a JSON text from the parser's events (nlohmann's SAX interface), knowing
// where in the document each event lies: a syntax error or a number beyond double's range names
// its path (results[3].time.median), nesting deeper than a bound is refused before it is built,
// a string longer than a bound is refused as its bytes are read, and the elements of one top-level
// array can be handed on one at a time instead of kept.
#include <cstddef>
#include <functional>
#include <istream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace roofline::detail {

class JsonTree : public nlohmann::json_sax<nlohmann::json> {
 public:
  // Called with each element of the top-level field `key`'s array once it is whole; the
  // element is then dropped from the tree, whose array stays empty.
  struct Streamed {
    std::string key;
    std::function<void(std::size_t index, nlohmann::json&& element)> take;
  };

  // `name` stands for the input in messages.
  JsonTree(std::string name, int max_depth, std::size_t max_string, Streamed streamed = {});

  // Parses `in`, throwing InputError "'name': path: not valid JSON: …", "'name' nests deeper
  // than N levels" or "'name': the string at byte offset N is longer than M bytes"; returns the
  // tree.
  nlohmann::json parse(std::istream& in) &&;

  bool null() override;
  bool boolean(bool value) override;
  bool number_integer(number_integer_t value) override;
  bool number_unsigned(number_unsigned_t value) override;
  bool number_float(number_float_t value, const string_t&) override;
  bool string(string_t& value) override;
  bool binary(binary_t& value) override;
  bool start_object(std::size_t) override;
  bool key(string_t& key) override;
  bool end_object() override;
  bool start_array(std::size_t) override;
  bool end_array() override;
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& error) override;

 private:
  // An open object or array, and where its next value goes.
  struct Open {
    nlohmann::json* value;
    std::size_t count = 0;        // an array's values begun so far
    std::string key;              // an object's current key
    bool awaiting_value = false;  // its key read, its value not yet
  };

  nlohmann::json* add(nlohmann::json&& value);
  bool open(nlohmann::json&& empty);
  bool close();
  // After a value ends: an element of the streamed array goes to its taker.
  void hand_on();
  std::string path() const;

  std::string name_;
  int max_depth_;
  std::size_t max_string_;
  Streamed streamed_;
  nlohmann::json root_;
  std::vector<Open> open_;
};

}  // namespace roofline::detail
