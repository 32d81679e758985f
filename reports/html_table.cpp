#include "reports/html_table.hpp"

#include <cmath>

#include "reports/escape.hpp"
#include "reports/format.hpp"

namespace reports {

Cell num(std::string text, std::optional<double> value) {
  Cell c(std::move(text), "num");
  if (value && std::isfinite(*value)) c.value = value;
  return c;
}

std::string html_table(const std::vector<std::string>& headers,
                       const std::vector<std::vector<Cell>>& rows, const std::string& css_class,
                       const std::vector<std::string>& row_ids) {
  std::string out = "<table class=\"" + escape_xml(css_class) + "\">\n<thead><tr>";
  for (const std::string& h : headers) out.append("<th>").append(escape_xml(h)) += "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::vector<Cell>& row = rows[i];
    out += i < row_ids.size() ? "<tr id=\"" + escape_xml(row_ids[i]) + "\">" : "<tr>";
    for (const Cell& c : row) {
      out += "<td";
      if (!c.css_class.empty()) out.append(" class=\"").append(escape_xml(c.css_class)) += '"';
      if (!c.title.empty()) out.append(" title=\"").append(escape_xml(c.title)) += '"';
      if (c.value) out.append(" data-v=\"").append(format_number(*c.value, 9)) += '"';
      out.append(">").append(escape_xml(c.text)) += "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace reports
