#include "reports/compare_html.hpp"

#include <string_view>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_table.hpp"
#include "reports/template.hpp"
#include "reports/view.hpp"
#include "roofline/build_info.hpp"

namespace rooflab_embedded {
extern const std::string_view compare_html;
}

namespace reports {

std::string comparison_section(const ComparisonSet& set, const std::string& a_name,
                               const std::string& b_name) {
  std::vector<std::vector<Cell>> rows;
  for (const Comparison& c : set.pairs) {
    rows.push_back(
        {Cell(c.a->family), Cell(c.a->variant), Cell(std::string(to_string(c.a->work.precision))),
         Cell(result_key(*c.a)), Cell(median_with_ci(*c.a->time), "num"),
         Cell(median_with_ci(*c.b->time), "num"), Cell(format_number(c.speedup) + "x", "num"),
         Cell(verdict_text(c.verdict)), Cell(verdict_reason(c))});
  }
  std::string html = "<section class=\"comparison\">\n<h2>" +
                     escape_xml("Run to run: B (" + b_name + ") against A (" + a_name + ")") +
                     "</h2>\n<p class=\"note\">" +
                     escape_xml(comparison_counts(set) +
                                " (verified results only). A difference is called only "
                                "where the 95% confidence intervals of the two median times do "
                                "not overlap, whatever the ratio A/B.") +
                     "</p>\n";
  html += html_table({"Family", "Variant", "Precision", "Key", "A median [95% CI]",
                      "B median [95% CI]", "A/B", "B is", "Why"},
                     rows, "comparison");
  return html + "</section>\n";
}

std::string comparison_page(const ComparisonSet& set, const std::string& a_name,
                            const std::string& b_name) {
  return fill_template(
      rooflab_embedded::compare_html,
      {{"title", escape_xml("Rooflab comparison " + roofline::build_info().version)},
       {"section", comparison_section(set, a_name, b_name)}});
}

}  // namespace reports
