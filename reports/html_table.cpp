#include "reports/html_table.hpp"

#include "reports/escape.hpp"

namespace reports {

std::string html_table(const std::vector<std::string>& headers,
                       const std::vector<std::vector<Cell>>& rows, const std::string& css_class) {
  std::string out = "<table class=\"" + escape_xml(css_class) + "\">\n<thead><tr>";
  for (const std::string& h : headers) out.append("<th>").append(escape_xml(h)) += "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rows) {
    out += "<tr>";
    for (const Cell& c : row) {
      out += "<td";
      if (!c.css_class.empty()) out.append(" class=\"").append(escape_xml(c.css_class)) += '"';
      if (!c.title.empty()) out.append(" title=\"").append(escape_xml(c.title)) += '"';
      out.append(">").append(escape_xml(c.text)) += "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace reports
