#pragma once
// A small SVG writer: elements with escaped attributes, numbers rounded for compact output.
#include <string>
#include <string_view>
#include <vector>

namespace reports {

struct Attr {
  std::string_view name;
  std::string value;
};

inline constexpr std::string_view kXmlDeclaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

// Coordinates and lengths in SVG: one decimal is finer than a pixel.
std::string px(double value);

class Svg {
 public:
  // Opens the root element, with the XML namespace so the same text is valid inline in HTML and
  // as a file of its own (prefixed with kXmlDeclaration).
  Svg(double width, double height, const std::vector<Attr>& attrs = {});

  // <name attrs/> or, with text, <name attrs>text</name>. Text and values are escaped.
  void element(std::string_view name, const std::vector<Attr>& attrs, std::string_view text = {});
  void open(std::string_view name, const std::vector<Attr>& attrs = {});
  void close(std::string_view name);
  // Mixed content (a <text> of several <tspan>s): no line breaks, which would render as spaces.
  void open_inline(std::string_view name, const std::vector<Attr>& attrs = {});
  void inline_element(std::string_view name, const std::vector<Attr>& attrs, std::string_view text);
  void text(std::string_view text);
  // Closes the root and returns the document.
  std::string finish();

 private:
  void start_tag(std::string_view name, const std::vector<Attr>& attrs);
  std::string out_;
};

}  // namespace reports
