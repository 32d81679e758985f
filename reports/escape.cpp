#include "reports/escape.hpp"

#include <cstdlib>
#include <string>

namespace reports {

namespace {

// The entity of a character that markup reads as markup (&, <, > and, where asked, the quotes);
// null for any other.
const char* entity(char c, bool quotes) {
  switch (c) {
    case '&':
      return "&amp;";
    case '<':
      return "&lt;";
    case '>':
      return "&gt;";
    case '"':
      return quotes ? "&quot;" : nullptr;
    case '\'':
      return quotes ? "&#39;" : nullptr;
    default:
      return nullptr;
  }
}

}  // namespace

std::string escape_xml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text)
    if (const char* e = entity(c, true))
      out += e;
    else
      out += c;
  return out;
}

std::string terminal_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    if ((c < 0x20 && c != '\n') || c == 0x7f) {
      out += '^';
      out += static_cast<char>(c ^ 0x40);
    } else if (c == 0xc2 && next >= 0x80 && next <= 0x9f) {
      out += '?';
      ++i;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

namespace {

// A spreadsheet reads a cell that starts with = + - @ (or a tab or CR) as a formula, so text from
// a hostile file could run one; a number such as -0.5 is still a number.
bool reads_as_formula(std::string_view text) {
  if (text.empty() || std::string_view("=+-@\t\r").find(text[0]) == std::string_view::npos)
    return false;
  const std::string s(text);
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return *end != '\0';
}

}  // namespace

std::string csv_field(std::string_view text) {
  std::string guarded = reads_as_formula(text) ? "'" : "";
  guarded += text;
  if (guarded.find_first_of(",\"\r\n") == std::string::npos) return guarded;
  std::string out = "\"";
  for (const char c : guarded) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string markdown_cell(std::string_view text) {
  std::string out;
  // Markdown reads inline HTML: &, < and > as entities; quotes are plain text there.
  for (const char c : terminal_text(text)) {
    if (const char* e = entity(c, false)) {
      out += e;
      continue;
    }
    switch (c) {
      case '\n':
        out += ' ';
        break;
      case '|':
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
        out += '\\';
        [[fallthrough]];
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace reports
