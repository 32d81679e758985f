// Number and unit formatting, escaping, plain-text tables and template filling.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/template.hpp"
#include "reports/text_table.hpp"

namespace reports {
namespace {

TEST(FormatNumber, SignificantDigitsWithoutTrailingZeros) {
  EXPECT_EQ(format_number(0.25), "0.25");
  EXPECT_EQ(format_number(1000), "1000");
  EXPECT_EQ(format_number(1.23456), "1.23");
  EXPECT_EQ(format_number(0.01), "0.01");
  EXPECT_EQ(format_number(999.96), "1000");
  EXPECT_EQ(format_number(123456, 4), "123500");
  EXPECT_EQ(format_number(-2.5), "-2.5");
  EXPECT_EQ(format_number(0), "0");
  EXPECT_EQ(format_number(1e-6), "1e-06");
  EXPECT_EQ(format_number(NAN), "—");
}

TEST(FormatSi, PicksThePrefixThatKeepsTheMantissaBelowAThousand) {
  EXPECT_EQ(format_si(1e10, "FLOP/s"), "10 GFLOP/s");
  EXPECT_EQ(format_si(1e12, "B/s"), "1 TB/s");
  EXPECT_EQ(format_si(2.5e8, "FLOP/s"), "250 MFLOP/s");
  EXPECT_EQ(format_si(1.2345e11, "B/s"), "123 GB/s");
  EXPECT_EQ(format_si(999.96e9, "B/s"), "1 TB/s");  // rounding carries into the next prefix
  EXPECT_EQ(format_si(5, "Hz"), "5 Hz");
  EXPECT_EQ(format_si(0.002, "s"), "2 ms");
  EXPECT_EQ(format_si(INFINITY, "B/s"), "—");
}

TEST(FormatBytes, UsesBinaryPrefixes) {
  EXPECT_EQ(format_bytes(32768), "32 KiB");
  EXPECT_EQ(format_bytes(1.5 * 1048576), "1.5 MiB");
  EXPECT_EQ(format_bytes(512), "512 B");
  EXPECT_EQ(format_bytes(1073741824), "1 GiB");
}

TEST(FormatPercentAndExact, ReadableAndRoundTripping) {
  EXPECT_EQ(format_percent(0.934), "93.4%");
  EXPECT_EQ(format_percent(1), "100%");
  EXPECT_EQ(format_exact(0.1), "0.1");
  const double third = 1.0 / 3;
  EXPECT_EQ(std::stod(format_exact(third)), third);
  EXPECT_EQ(format_exact(NAN), "");
}

TEST(Escape, XmlSpecialCharactersBecomeEntities) {
  EXPECT_EQ(escape_xml("a<b>&\"c\"'d'"), "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;");
  EXPECT_EQ(escape_xml("plain · text"), "plain · text");
}

TEST(Escape, CsvFieldsAreQuotedOnlyWhenNeeded) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
}

TEST(Escape, TerminalTextShowsControlsInsteadOfObeyingThem) {
  EXPECT_EQ(terminal_text("plain\nµs · two lines\n"), "plain\nµs · two lines\n");
  EXPECT_EQ(terminal_text("\x1b]0;owned\x07x"), "^[]0;owned^Gx");
  EXPECT_EQ(terminal_text("a\rb\tc\x7f"), "a^Mb^Ic^?");
  EXPECT_EQ(terminal_text("\xc2\x9b"
                          "2J"),
            "?2J");  // C1 CSI, UTF-8 encoded
}

TEST(Escape, CsvFieldsThatASpreadsheetWouldRunAreNotFormulas) {
  EXPECT_EQ(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
  EXPECT_EQ(csv_field("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csv_field("+cmd"), "'+cmd");
  EXPECT_EQ(csv_field("-2+3"), "'-2+3");
  EXPECT_EQ(csv_field("-0.5"), "-0.5");  // numbers stay numbers
  EXPECT_EQ(csv_field("+1e-3"), "+1e-3");
  EXPECT_EQ(csv_field("a=b"), "a=b");
}

TEST(Escape, MarkdownCellsShowMarkupAsText) {
  EXPECT_EQ(reports::markdown_cell("nested_saxpy"), "nested\\_saxpy");
  EXPECT_EQ(reports::markdown_cell("a | b"), "a \\| b");  // no extra column
  EXPECT_EQ(reports::markdown_cell("<img src=x onerror=y>"), "&lt;img src=x onerror=y&gt;");
  EXPECT_EQ(reports::markdown_cell("[link](http://x)"), "\\[link\\](http://x)");
  EXPECT_EQ(reports::markdown_cell("two\nlines"), "two lines");  // no new row
  EXPECT_EQ(reports::markdown_cell("can't \"tell\" & <b>"), "can't \"tell\" &amp; &lt;b&gt;");
  EXPECT_EQ(reports::markdown_cell("\x1b]0;title\x07"), "^\\[\\]0;title^G");
  EXPECT_EQ(reports::markdown_cell("1.2 ms [1.1 ms, 1.3 ms]"), "1.2 ms \\[1.1 ms, 1.3 ms\\]");
}

TEST(TextTable, AlignsColumnsByCharactersNotBytes) {
  const std::string table =
      text_table({"Name", "Value"}, {{"a", "1"}, {"µbench", "—"}, {"long name", "1000"}}, {1});
  EXPECT_EQ(table,
            "Name       Value\n"
            "a              1\n"
            "µbench         —\n"
            "long name   1000\n");
}

TEST(Template, ReplacesEveryPlaceholder) {
  EXPECT_EQ(fill_template("<h1>{{title}}</h1>{{body}}{{title}}", {{"title", "T"}, {"body", "B"}}),
            "<h1>T</h1>BT");
}

TEST(Template, MissingOrUnusedValuesAreErrors) {
  EXPECT_THROW(fill_template("{{title}}", {}), std::logic_error);
  EXPECT_THROW(fill_template("static", {{"title", "T"}}), std::logic_error);
  EXPECT_THROW(fill_template("{{open", {}), std::logic_error);
}

}  // namespace
}  // namespace reports
