#pragma once
// Escaping of text placed into the report's formats.
#include <string>
#include <string_view>

namespace reports {

// For HTML and SVG text and attribute values: & < > " ' become entities.
std::string escape_xml(std::string_view text);
// For the terminal: control characters (ESC and the rest below space but the newline, and DEL)
// shown in caret notation (ESC as ^[) and the C1 controls of UTF-8 as '?', so a name from a
// hostile file cannot move the cursor, retitle the window or hide text.
std::string terminal_text(std::string_view text);
// One RFC 4180 CSV field: quoted when it holds a comma, quote, CR or LF; quotes doubled. Text
// that a spreadsheet would read as a formula (starting with = + - @, tab or CR, and not a
// number) gets a leading ' (OWASP's advice against CSV injection).
std::string csv_field(std::string_view text);
// One cell of a Markdown table (GitHub's): terminal text, HTML-escaped (escape_xml), with what
// Markdown would read as markup (| \ ` * _ [ ] and a line break) escaped too, so a name from a
// file renders as the text it is.
std::string markdown_cell(std::string_view text);

}  // namespace reports
