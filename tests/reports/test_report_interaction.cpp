// The report's script in a real browser: the roofline's toggles hide what they say, a point's
// hover card names it and links its table row, a dragged box zooms, tables sort and filter, and
// the page stays short. Each test drives the page with a script of its own and reads what it
// found from the DOM (data-* attributes of <body>).
#include <gtest/gtest.h>

#include "browser.hpp"
#include "reports/report.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace reports {
namespace {

using samples::chromium;
using samples::found;
using samples::kNoBrowser;
using samples::rendered_dom;

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

// A dragged box becomes the axes' bounds: the tick labels are those of the new range, the point
// at the box's left edge is redrawn inside the plot at the box's proportions and of its size, the
// legend stays in view, labels are placed afresh without overlapping and toggles still act; a
// double-click gives back the chart as drawn.
TEST_F(ReportInteraction, DraggingABoxRescalesTheAxesAndADoubleClickShowsTheWholeChart) {
  const std::string dom = dom_after(R"js(
    var svg = figure.querySelector("svg");
    var ticks = function () {
      return Array.prototype.map.call(svg.querySelectorAll(".axes .tick"), function (t) {
        return t.textContent;
      }).join("|");
    };
    var centre = function (el) {
      var r = el.getBoundingClientRect();
      return {x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2, w: r.width};
    };
    var plot = svg.querySelector(".axes .frame").getBoundingClientRect();
    var before = ticks();
    var point = figure.querySelector(".result[data-variant='avx2_8chain'] .point");
    var at = centre(point);
    var drag = function (type, x, y) {
      (type === "mouseup" ? window : svg).dispatchEvent(new MouseEvent(type, {bubbles: true,
        button: 0, clientX: x, clientY: y}));
    };
    // A box from just left of the point, 120 px wide and tall, the point 10 px from its left.
    drag("mousedown", at.x - 10, at.y - 60);
    drag("mousemove", at.x + 110, at.y + 60);
    drag("mouseup", at.x + 110, at.y + 60);
    var after = centre(point);
    put("ticks-changed", ticks() !== before && ticks().length > 0);
    put("x-fraction", ((after.x - plot.left) / plot.width).toFixed(2));
    put("y-fraction", ((after.y - plot.top) / plot.height).toFixed(2));
    put("size-kept", Math.abs(after.w - at.w) < 0.5);
    var legend = svg.querySelector(".legend").getBoundingClientRect(), whole = svg.getBoundingClientRect();
    put("legend-in-view", legend.width > 0 && legend.right <= whole.right + 1 && legend.left >= whole.left);
    put("roof-labels", Array.prototype.filter.call(svg.querySelectorAll(".roof-label"), function (el) {
      return el.getAttribute("visibility") !== "hidden" && el.getBoundingClientRect().width > 0;
    }).length);
    put("view", svg.getAttribute("data-view") !== null);
    untick("variant", "avx2_8chain");
    put("toggled", shown(".result[data-variant='avx2_8chain'] .point"));
    svg.dispatchEvent(new MouseEvent("dblclick", {bubbles: true}));
    put("ticks-restored", ticks() === before);
    var back = centre(point.closest(".result").querySelector(".point"));
    put("point-restored", point.getAttribute("transform") === null);
  )js");
  ASSERT_FALSE(found(dom, "ticks-changed").empty()) << "the test script did not run";
  EXPECT_EQ(found(dom, "ticks-changed"), "true");
  const double x = std::stod(found(dom, "x-fraction")), y = std::stod(found(dom, "y-fraction"));
  EXPECT_NEAR(x, 10.0 / 120, 0.02) << "the box's left edge is the plot's";
  EXPECT_NEAR(y, 0.5, 0.02);
  EXPECT_EQ(found(dom, "size-kept"), "true");
  EXPECT_EQ(found(dom, "legend-in-view"), "true");
  EXPECT_EQ(found(dom, "view"), "true");
  EXPECT_EQ(found(dom, "toggled"), "0");
  EXPECT_EQ(found(dom, "ticks-restored"), "true");
  EXPECT_EQ(found(dom, "point-restored"), "true");
}

// The card says whether the point's gap to its roof is beyond the two intervals (the sample's
// points lie at 80% of their roofs, whose intervals are 2%).
TEST_F(ReportInteraction, ThePointsCardSaysWhetherItsGapToTheRoofIsReal) {
  const std::string dom = dom_after(R"js(
    var point = figure.querySelector(".result[data-variant='avx2_8chain'] .point");
    point.dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
    put("card", figure.querySelector(".card").textContent.replace(/\n/g, " | "));
  )js");
  const std::string card = found(dom, "card");
  ASSERT_FALSE(card.empty()) << "the test script did not run";
  EXPECT_NE(card.find("gap to the DRAM roof 20% &gt; intervals "), std::string::npos) << card;
  EXPECT_NE(card.find(": real"), std::string::npos) << card;
}

// Two runs overlaid: an arrow per result from the first run's point to the later one's, labelled
// with the change; after a zoom the arrows and labels are redrawn where their points are.
TEST(OverlayInteraction, ArrowsCarryTheChangeAndFollowTheZoom) {
  const std::filesystem::path browser = chromium();
  if (browser.empty()) GTEST_SKIP() << kNoBrowser;
  std::vector<roofline::Results> inputs{samples::sample_results({2, 0, 0}),
                                        samples::sample_results({2, 0, 0})};
  inputs[1].provenance.time = "2026-11-27T10:00:00Z";
  for (roofline::Result& r : inputs[1].results) {
    roofline::Summary& t = *r.time;
    for (double* v : {&t.median, &t.min, &t.max, &t.mean, &t.ci_low, &t.ci_high}) *v *= 0.5;
  }
  test_support::TempDir dir;
  const std::filesystem::path html = dir.path() / "report.html";
  write_report(inputs, {html, {}, {}});
  const std::string dom = rendered_dom(browser, dir.path(), html, std::string(kHelpers) + R"js(
    var overlay = document.querySelector("#overlays figure");
    var svg = overlay.querySelector("svg");
    var labels = function () {
      return Array.prototype.map.call(svg.querySelectorAll(".pair-label"), function (t) {
        return t.getAttribute("visibility") === "hidden" ? "hidden" : t.textContent;
      }).join(" ");
    };
    put("arrows", svg.querySelectorAll("g.pair line.arrow").length);
    put("labels", labels());
    var arrow = svg.querySelector("g.pair line.arrow"), box = svg.getBoundingClientRect();
    var before = arrow.getBoundingClientRect();
    var head = svg.querySelector("g.pair path.arrow-head").getBoundingClientRect();
    put("upward", head.top < before.bottom - 2);
    var drag = function (type, x, y) {
      (type === "mouseup" ? window : svg).dispatchEvent(new MouseEvent(type, {bubbles: true,
        button: 0, clientX: x, clientY: y}));
    };
    drag("mousedown", before.left - 60, before.top - 40);
    drag("mousemove", before.right + 60, before.bottom + 40);
    drag("mouseup", before.right + 60, before.bottom + 40);
    var after = arrow.getBoundingClientRect();
    put("longer", after.height > before.height * 1.5);
    put("labels-zoomed", labels());
  )js");
  ASSERT_FALSE(found(dom, "arrows").empty()) << "the test script did not run";
  EXPECT_EQ(found(dom, "arrows"), "2");
  EXPECT_EQ(found(dom, "labels"), "+100% +100%");
  EXPECT_EQ(found(dom, "upward"), "true") << "twice as fast: the arrow points up";
  EXPECT_EQ(found(dom, "longer"), "true") << "zoomed in, the arrow is longer";
  EXPECT_NE(found(dom, "labels-zoomed").find("+100%"), std::string::npos);
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
