#include "reports/svg.hpp"

#include <cmath>
#include <cstdio>
#include <utility>

#include "reports/escape.hpp"

namespace reports {

std::string px(double value) {
  char buffer[32];
  const double rounded = std::round(value * 10) / 10;
  std::snprintf(buffer, sizeof buffer, "%.1f", rounded == 0 ? 0.0 : rounded);  // no "-0.0"
  std::string text = buffer;
  if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) text.resize(text.size() - 2);
  return text;
}

Svg::Svg(double width, double height, const std::vector<Attr>& attrs) {
  std::vector<Attr> root{{"xmlns", "http://www.w3.org/2000/svg"}};
  root.push_back({"width", px(width)});
  root.push_back({"height", px(height)});
  root.push_back({"viewBox", "0 0 " + px(width) + " " + px(height)});
  root.insert(root.end(), attrs.begin(), attrs.end());
  open("svg", root);
}

void Svg::start_tag(std::string_view name, const std::vector<Attr>& attrs) {
  out_ += '<';
  out_ += name;
  for (const Attr& a : attrs) {
    out_ += ' ';
    out_ += a.name;
    out_ += "=\"";
    out_ += escape_xml(a.value);
    out_ += '"';
  }
}

void Svg::element(std::string_view name, const std::vector<Attr>& attrs, std::string_view text) {
  start_tag(name, attrs);
  if (text.empty()) {
    out_ += "/>\n";
    return;
  }
  out_ += '>';
  out_ += escape_xml(text);
  close(name);
}

void Svg::open(std::string_view name, const std::vector<Attr>& attrs) {
  start_tag(name, attrs);
  out_ += ">\n";
}

void Svg::close(std::string_view name) {
  out_ += "</";
  out_ += name;
  out_ += ">\n";
}

void Svg::open_inline(std::string_view name, const std::vector<Attr>& attrs) {
  start_tag(name, attrs);
  out_ += '>';
}

void Svg::inline_element(std::string_view name, const std::vector<Attr>& attrs,
                         std::string_view text) {
  open_inline(name, attrs);
  out_ += escape_xml(text);
  out_ += "</";
  out_ += name;
  out_ += '>';
}

void Svg::text(std::string_view text) { out_ += escape_xml(text); }

std::string Svg::finish() {
  close("svg");
  return std::move(out_);
}

}  // namespace reports
