#pragma once
// Escaping of text placed into the report's formats.
#include <string>
#include <string_view>

namespace reports {

// For HTML and SVG text and attribute values: & < > " ' become entities.
std::string escape_xml(std::string_view text);
// One RFC 4180 CSV field: quoted when it holds a comma, quote, CR or LF; quotes doubled. Text
// that a spreadsheet would read as a formula (starting with = + - @, tab or CR, and not a
// number) gets a leading ' (OWASP's advice against CSV injection).
std::string csv_field(std::string_view text);

}  // namespace reports
