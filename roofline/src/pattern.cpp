#include "roofline/src/pattern.hpp"

#include <cctype>
#include <limits>
#include <stdexcept>

namespace roofline::detail {

// Recursive descent over the pattern (a schema's, a few dozen characters): each construct becomes
// a fragment of steps whose jumps are relative, so fragments are concatenated and repeated as
// they are.
class Pattern::Parser {
 public:
  explicit Parser(std::string_view source) : source_(source) {}

  Program parse() {
    Program program = alternation();
    if (at_ < source_.size()) fail("an unmatched ')'");
    program.push_back({.op = Op::kMatch});
    return program;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::logic_error("JSON Schema pattern \"" + std::string(source_) + "\": " + what +
                           " at offset " + std::to_string(at_) +
                           " (invalid, or outside the subset implemented here)");
  }

  bool more() const { return at_ < source_.size(); }
  char peek() const { return source_[at_]; }

  static Step byte_step(const std::bitset<256>& bytes) { return {.op = Op::kByte, .bytes = bytes}; }

  static int size(const Program& p) { return static_cast<int>(p.size()); }

  static void append(Program& to, const Program& from) {
    to.insert(to.end(), from.begin(), from.end());
  }

  // a|b|...
  Program alternation() {
    Program left = sequence();
    while (more() && peek() == '|') {
      ++at_;
      const Program right = sequence();
      Program both{{.op = Op::kSplit, .to = 1, .other = size(left) + 2}};
      append(both, left);
      both.push_back({.op = Op::kJump, .to = size(right) + 1});
      append(both, right);
      left = std::move(both);
    }
    return left;
  }

  Program sequence() {
    Program program;
    while (more() && peek() != '|' && peek() != ')') append(program, repeated());
    return program;
  }

  Program repeated() {
    Program atom_program = atom();
    const auto quantifier = [&] {
      return more() && (peek() == '?' || peek() == '*' || peek() == '+' || peek() == '{');
    };
    if (quantifier()) {
      const char q = source_[at_++];
      int least = 0, most = -1;  // most -1: no bound
      if (q == '?') {
        most = 1;
      } else if (q == '+') {
        least = 1;
      } else if (q == '{') {
        least = number();
        most = least;
        if (more() && peek() == ',') {
          ++at_;
          most = more() && peek() == '}' ? -1 : number();
        }
        if (!more() || source_[at_++] != '}' || (most >= 0 && most < least)) fail("a bad {n,m}");
      }
      if (more() && peek() == '?') fail("a lazy quantifier");
      if (quantifier()) fail("a quantifier after a quantifier");
      atom_program = repeat(atom_program, least, most);
    }
    return atom_program;
  }

  int number() {
    constexpr int kMost = 1000;  // a schema's count; more would be a typo, and a large program
    int n = 0;
    const std::size_t from = at_;
    while (more() && std::isdigit(static_cast<unsigned char>(peek())) && n <= kMost)
      n = n * 10 + (source_[at_++] - '0');
    if (at_ == from || n > kMost) fail("a count that is not a number up to 1000");
    return n;
  }

  static Program repeat(const Program& e, int least, int most) {
    Program program;
    for (int i = 0; i < least; ++i) append(program, e);
    if (most < 0) {  // e*: try e, then come back
      program.push_back({.op = Op::kSplit, .to = 1, .other = size(e) + 2});
      append(program, e);
      program.push_back({.op = Op::kJump, .to = -(size(e) + 1)});
      return program;
    }
    for (int i = least; i < most; ++i) {  // e? as often as it is optional
      program.push_back({.op = Op::kSplit, .to = 1, .other = size(e) + 1});
      append(program, e);
    }
    return program;
  }

  Program atom() {
    const char c = source_[at_++];
    switch (c) {
      case '(': {
        if (source_.substr(at_, 2) == "?:")
          at_ += 2;
        else if (more() && peek() == '?')
          fail("a group of this kind");
        Program inner = alternation();
        if (!more() || source_[at_++] != ')') fail("an unclosed '('");
        return inner;
      }
      case '[':
        return {byte_step(bracket())};
      case '.': {
        std::bitset<256> any;
        any.set();
        any.reset('\n');
        any.reset('\r');
        return {byte_step(any)};
      }
      case '\\':
        return {byte_step(escape())};
      case '^':
        return {{.op = Op::kBegin}};
      case '$':
        return {{.op = Op::kEnd}};
      case '*':
      case '+':
      case '?':
      case '{':
        --at_;
        fail("a quantifier with nothing to repeat");
      default:
        return {byte_step(one(c))};
    }
  }

  static std::bitset<256> one(char c) {
    std::bitset<256> b;
    b.set(static_cast<unsigned char>(c));
    return b;
  }

  // The byte of a set that holds one.
  static char only(const std::bitset<256>& b) {
    unsigned c = 0;
    while (!b.test(c)) ++c;
    return static_cast<char>(c);
  }

  static std::bitset<256> of(int (*is)(int)) {
    std::bitset<256> b;
    for (int c = 0; c < 128; ++c)
      if (is(c)) b.set(c);
    return b;
  }

  // After a backslash: a class escape, or punctuation meant literally.
  std::bitset<256> escape() {
    if (!more()) fail("a trailing '\\'");
    const char c = source_[at_++];
    const auto word = [](int x) { return std::isalnum(x) || x == '_' ? 1 : 0; };
    switch (c) {
      case 'd':
        return of(+[](int x) { return std::isdigit(x); });
      case 'D':
        return ~of(+[](int x) { return std::isdigit(x); });
      case 'w':
        return of(+word);
      case 'W':
        return ~of(+word);
      case 's':
        return of(+[](int x) { return std::isspace(x); });
      case 'S':
        return ~of(+[](int x) { return std::isspace(x); });
      default:
        if (std::isalnum(static_cast<unsigned char>(c))) {
          --at_;
          fail("the escape '\\" + std::string(1, c) + "'");
        }
        return one(c);
    }
  }

  // After '[': the class up to its ']'.
  std::bitset<256> bracket() {
    const bool negated = more() && peek() == '^';
    if (negated) ++at_;
    std::bitset<256> set;
    bool first = true;
    while (true) {
      if (!more()) fail("an unclosed '['");
      char c = source_[at_++];
      if (c == ']' && !first) break;
      first = false;
      if (c == '\\') {
        const std::bitset<256> escaped = escape();
        if (escaped.count() != 1) {  // \d and its kin: no range from them
          set |= escaped;
          continue;
        }
        c = only(escaped);
      }
      if (more() && peek() == '-' && at_ + 1 < source_.size() && source_[at_ + 1] != ']') {
        ++at_;
        char last = source_[at_++];
        if (last == '\\') {
          const std::bitset<256> escaped = escape();
          if (escaped.count() != 1) fail("a range to a class");
          last = only(escaped);
        }
        const auto from = static_cast<unsigned char>(c), to = static_cast<unsigned char>(last);
        if (to < from) fail("a range backwards");
        for (unsigned b = from; b <= to; ++b) set.set(b);
      } else {
        set.set(static_cast<unsigned char>(c));
      }
    }
    return negated ? ~set : set;
  }

  std::string_view source_;
  std::size_t at_ = 0;
};

Pattern::Pattern(std::string_view source) : program_(Parser(source).parse()) {}

bool Pattern::search(std::string_view text) const {
  // The steps reached at each position, found with an explicit stack; `seen` holds the position
  // each step was last reached at, so none is visited twice there (an empty loop ends too).
  constexpr std::size_t kNever = std::numeric_limits<std::size_t>::max();
  std::vector<std::size_t> seen(program_.size(), kNever);
  std::vector<int> now, next, stack;
  // Adds the steps reachable from `from` without taking a byte; true when one is the match.
  const auto reach = [&](std::vector<int>& into, int from, std::size_t position) {
    stack.assign(1, from);
    while (!stack.empty()) {
      const int at = stack.back();
      stack.pop_back();
      if (seen[at] == position) continue;
      seen[at] = position;
      const Step& step = program_[at];
      switch (step.op) {
        case Op::kMatch:
          return true;
        case Op::kByte:
          into.push_back(at);
          break;
        case Op::kSplit:
          stack.push_back(at + step.other);
          stack.push_back(at + step.to);
          break;
        case Op::kJump:
          stack.push_back(at + step.to);
          break;
        case Op::kBegin:
          if (position == 0) stack.push_back(at + 1);
          break;
        case Op::kEnd:
          if (position == text.size()) stack.push_back(at + 1);
          break;
      }
    }
    return false;
  };
  for (std::size_t position = 0;; ++position) {
    if (reach(now, 0, position)) return true;  // a match may start at every position
    if (position == text.size()) return false;
    next.clear();
    const auto byte = static_cast<unsigned char>(text[position]);
    for (const int at : now)
      if (program_[at].bytes.test(byte) && reach(next, at + 1, position + 1)) return true;
    std::swap(now, next);
  }
}

}  // namespace roofline::detail
