// The report's script in a real browser: the roofline's toggles hide what they say, a point's
// hover card names it and links its table row, a dragged box zooms, tables sort and filter, and
// the page stays short. Each test drives the page with a script of its own and reads what it
// found from the DOM (data-* attributes of <body>).
#include <gtest/gtest.h>

#include <regex>

#include "browser.hpp"
#include "reports/report.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace reports {
namespace {

using samples::chromium;
using samples::kNoBrowser;
using samples::rendered_dom;

// The value the test script left in data-NAME of <body>; empty when it left none.
std::string found(const std::string& dom, const std::string& name) {
  std::smatch match;
  if (!std::regex_search(dom, match, std::regex("data-" + name + "=\"([^\"]*)\""))) return {};
  return match[1];
}

// Four nested SAXPY points (2 fp32 of avx2_8chain, 2 fp64 of avx2_8chain_dp) and one imported
// Google Benchmark point.
roofline::Results results_with_an_import() {
  roofline::Results results = samples::sample_results({4, 0, 0});
  roofline::Result imported = results.results[2];
  imported.family = "gbench";
  imported.variant = "BM_triad";
  results.results.push_back(imported);
  return results;
}

// Script helpers: how many of the matching elements of the first roofline chart are displayed,
// and a checkbox of its controls.
constexpr const char* kHelpers = R"js(
  var figure = document.querySelector("figure.roofline-figure");
  var shown = function (selector) {
    return Array.prototype.filter.call(figure.querySelectorAll(selector), function (el) {
      return el.getBoundingClientRect().width > 0;
    }).length;
  };
  var untick = function (group, value) {
    var box = figure.querySelector(".controls input[data-group='" + group + "'][value='" + value + "']");
    box.checked = false;
    box.dispatchEvent(new Event("change"));
  };
  var put = function (name, value) { document.body.setAttribute("data-" + name, String(value)); };
)js";

class ReportInteraction : public ::testing::Test {
 protected:
  void SetUp() override {
    browser_ = chromium();
    if (browser_.empty()) GTEST_SKIP() << kNoBrowser;
    write_report({results_with_an_import()}, {html_, {}, {}});
  }
  std::string dom_after(const std::string& script) {
    return rendered_dom(browser_, dir_.path(), html_, kHelpers + script);
  }

  std::filesystem::path browser_;
  test_support::TempDir dir_;
  std::filesystem::path html_ = dir_.path() / "report.html";
};

TEST_F(ReportInteraction, TogglesHideWhatTheyNameAndNothingElse) {
  const std::string dom = dom_after(R"js(
    put("before", shown(".point"));
    untick("variant", "avx2_8chain_dp");
    put("dp", shown(".result[data-variant='avx2_8chain_dp'] .point"));
    put("others", shown(".point"));
    untick("family", "gbench");
    put("imported", shown("[data-imported] .point"));
    put("left", shown(".point"));
    put("dram-before", shown("line.roof[data-roof='DRAM']"));
    untick("roof", "DRAM");
    put("dram", shown("line.roof[data-roof='DRAM']") + shown(".roof-label[data-roof='DRAM']"));
    put("l1", shown("line.roof[data-roof='L1']"));
    untick("precision", "fp32");
    put("fp32-roofs", shown("line.roof[data-precision='fp32']"));
    put("fp64-roofs", shown("line.roof[data-precision='fp64']"));
  )js");
  ASSERT_EQ(found(dom, "before"), "5") << "the test script did not run";
  EXPECT_EQ(found(dom, "dp"), "0");
  EXPECT_EQ(found(dom, "others"), "3");
  EXPECT_EQ(found(dom, "imported"), "0");
  EXPECT_EQ(found(dom, "left"), "2");
  EXPECT_EQ(found(dom, "dram-before"), "1");
  EXPECT_EQ(found(dom, "dram"), "0");
  EXPECT_EQ(found(dom, "l1"), "1");
  EXPECT_EQ(found(dom, "fp32-roofs"), "0");
  EXPECT_NE(found(dom, "fp64-roofs"), "0");
}

TEST_F(ReportInteraction, HoveringAPointShowsItsCardWithALinkToItsRow) {
  const std::string dom = dom_after(R"js(
    var card = figure.querySelector(".card");
    put("hidden-before", card.hidden);
    var point = figure.querySelector(".result[data-imported] .point");
    put("shape", point.tagName);
    point.dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
    put("hidden-after", card.hidden);
    put("card", card.textContent.replace(/\n/g, " | "));
    var link = card.querySelector("a");
    put("row", link ? document.querySelector(link.getAttribute("href")).cells[0].textContent : "");
    put("native-tooltips", figure.querySelectorAll(".result title").length);
  )js");
  ASSERT_EQ(found(dom, "hidden-before"), "true") << "the test script did not run";
  EXPECT_EQ(found(dom, "shape"), "path") << "an imported point is a star";
  EXPECT_EQ(found(dom, "hidden-after"), "false");
  const std::string card = found(dom, "card");
  EXPECT_NE(card.find("gbench BM_triad"), std::string::npos) << card;
  EXPECT_NE(card.find("95% CI"), std::string::npos) << card;
  EXPECT_NE(card.find("of attainable"), std::string::npos) << card;
  EXPECT_NE(card.find(" repetitions: "), std::string::npos) << card;
  EXPECT_NE(card.find("imported: not verified by Rooflab"), std::string::npos) << card;
  EXPECT_EQ(found(dom, "row"), "gbench (imported)");
  EXPECT_EQ(found(dom, "native-tooltips"), "0") << "the card replaces the browser's tooltip";
}

TEST_F(ReportInteraction, DraggingABoxZoomsAndADoubleClickShowsTheWholeChart) {
  const std::string dom = dom_after(R"js(
    var svg = figure.querySelector("svg");
    var whole = svg.getAttribute("viewBox");
    var box = svg.getBoundingClientRect();
    var at = function (type, fx, fy) {
      var target = type === "mouseup" ? window : svg;
      target.dispatchEvent(new MouseEvent(type, {bubbles: true, button: 0,
        clientX: box.left + fx * box.width, clientY: box.top + fy * box.height}));
    };
    at("mousedown", 0.2, 0.2);
    at("mousemove", 0.4, 0.5);
    at("mouseup", 0.4, 0.5);
    var zoomed = svg.getAttribute("viewBox").split(" ").map(Number);
    put("zoomed-width", Math.round(zoomed[2]));
    put("whole-width", whole.split(" ")[2]);
    svg.dispatchEvent(new MouseEvent("dblclick", {bubbles: true}));
    put("reset", svg.getAttribute("viewBox") === whole);
  )js");
  ASSERT_FALSE(found(dom, "whole-width").empty()) << "the test script did not run";
  EXPECT_LT(std::stod(found(dom, "zoomed-width")), std::stod(found(dom, "whole-width")) / 2);
  EXPECT_EQ(found(dom, "reset"), "true");
}

TEST_F(ReportInteraction, TablesSortByValueAndFilterByText) {
  const std::string dom = dom_after(R"js(
    var table = document.querySelector("table.results");
    var header = Array.prototype.find.call(table.tHead.rows[0].cells, function (th) {
      return th.textContent === "Performance";
    });
    var column = header.cellIndex;
    header.click();
    var values = Array.prototype.map.call(table.tBodies[0].rows, function (row) {
      return parseFloat(row.cells[column].dataset.v);
    });
    put("ascending", values.every(function (v, i) { return i === 0 || values[i - 1] <= v; }));
    header.click();
    put("first-after-second-click", parseFloat(table.tBodies[0].rows[0].cells[column].dataset.v) ===
                                    Math.max.apply(null, values));
    var filter = table.parentNode.previousElementSibling.querySelector("input");
    filter.value = "gbench";
    filter.dispatchEvent(new Event("input"));
    put("rows-shown", Array.prototype.filter.call(table.tBodies[0].rows, function (row) {
      return !row.hidden;
    }).length);
  )js");
  ASSERT_FALSE(found(dom, "ascending").empty()) << "the test script did not run";
  EXPECT_EQ(found(dom, "ascending"), "true");
  EXPECT_EQ(found(dom, "first-after-second-click"), "true");
  EXPECT_EQ(found(dom, "rows-shown"), "1");
}

// Issue 27: a default report stays within about six screens of 1600 × 900 per device; a hundred
// results (a bare run's count) and the ceilings must not make it longer.
TEST(ReportHeight, AHundredResultsFitInSixScreens) {
  const std::filesystem::path browser = chromium();
  if (browser.empty()) GTEST_SKIP() << kNoBrowser;
  test_support::TempDir dir;
  const std::filesystem::path html = dir.path() / "report.html";
  write_report({samples::sample_results({100, 2, 1})}, {html, {}, {}});
  const std::string dom = rendered_dom(
      browser, dir.path(), html,
      "document.body.setAttribute('data-height', document.documentElement.scrollHeight);"
      "document.body.setAttribute('data-width', document.documentElement.scrollWidth);");
  ASSERT_FALSE(found(dom, "height").empty()) << "the test script did not run";
  EXPECT_LE(std::stoi(found(dom, "height")), 6 * 900);
  EXPECT_LE(std::stoi(found(dom, "width")), 1600) << "no sideways scrolling";
}

}  // namespace
}  // namespace reports
