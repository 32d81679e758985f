// The size studies in a real browser: the reference picker redraws every panel of the family
// relative to the series picked, the variant and device boxes hide those lines and nothing else,
// the throughput view draws each level's roof as a band, and a three-variant study fits in two
// screens. Each test drives the page with a script of its own and reads what it found from the
// DOM (data-* attributes of <body>).
#include <gtest/gtest.h>

#include "browser.hpp"
#include "reduce_samples.hpp"
#include "reports/report.hpp"
#include "temp_dir.hpp"

namespace reports {
namespace {

using samples::chromium;
using samples::found;
using samples::kNoBrowser;
using samples::rendered_dom;

// The reduce samples on the CPU and again on a second device, 1.5× slower.
std::vector<roofline::Results> two_devices() {
  return {samples::reduce_results(), samples::reduce_results_on_opencl("Other", 1.5)};
}

constexpr const char* kHelpers = R"js(
  var family = document.querySelector("div.study-family");
  var put = function (name, value) { document.body.setAttribute("data-" + name, String(value)); };
  var lines = function (selector) { return family.querySelectorAll(".study-series" + (selector || "")).length; };
  var tick = function (group, value, on) {
    var box = family.querySelector(".controls input[data-group='" + group + "'][value='" + value + "']");
    box.checked = on;
    box.dispatchEvent(new Event("change"));
  };
  var view = function (name) {
    var radio = family.querySelector(".study-views input[value='" + name + "']");
    radio.checked = true;
    radio.dispatchEvent(new Event("change"));
  };
  // The values of the points of a series in the first panel.
  var values = function (variant, device) {
    var g = family.querySelector(".study-series[data-variant='" + variant + "'][data-device='" + device + "']");
    return g ? Array.prototype.map.call(g.querySelectorAll(".study-point"), function (p) {
      return Number(p.getAttribute("data-value")).toFixed(3);
    }).join(" ") : "none";
  };
)js";

class StudyBrowser : public ::testing::Test {
 protected:
  void SetUp() override {
    browser_ = chromium();
    if (browser_.empty()) GTEST_SKIP() << kNoBrowser;
  }
  std::string dom_after(const std::vector<roofline::Results>& inputs, const std::string& script) {
    write_report(inputs, {html_, {}, {}});
    return rendered_dom(browser_, dir_.path(), html_, kHelpers + script);
  }

  std::filesystem::path browser_;
  test_support::TempDir dir_;
  std::filesystem::path html_ = dir_.path() / "report.html";
};

TEST_F(StudyBrowser, TheReferencePickerRedrawsEveryPanelRelativeToThePickedSeries) {
  const std::string dom = dom_after(two_devices(), R"js(
    var cpu = family.querySelector("input[data-group='device']").value;
    var other = family.querySelectorAll("input[data-group='device']")[1].value;
    put("default", family.querySelector(".reference-picker").value);
    var picker = family.querySelector(".reference-picker");
    picker.value = "plain_1t on " + cpu;
    picker.dispatchEvent(new Event("change"));
    put("view", family.dataset.view);
    put("self", values("plain_1t", cpu));
    put("fast", values("avx2_8acc_2t", cpu));
    put("other", values("plain_1t", other));
    put("titles", family.querySelectorAll(".y-title").length);
    put("missing", family.querySelectorAll(".no-lines").length);
  )js");
  EXPECT_EQ(found(dom, "default").rfind("openblas_2t on ", 0), 0u) << found(dom, "default");
  EXPECT_EQ(found(dom, "view"), "relative");
  EXPECT_EQ(found(dom, "self"), "1.000 1.000 1.000");
  EXPECT_EQ(found(dom, "fast"), "0.225 0.225 0.225");   // 0.9 / 4
  EXPECT_EQ(found(dom, "other"), "1.500 1.500 1.500");  // the second device, 1.5× slower
  EXPECT_EQ(found(dom, "titles"), "3");                 // every panel redrawn
  EXPECT_EQ(found(dom, "missing"), "0");                // plain_1t is in every panel
}

TEST_F(StudyBrowser, VariantAndDeviceBoxesHideTheirLinesAndNothingElse) {
  const std::string dom = dom_after(two_devices(), R"js(
    var other = family.querySelectorAll("input[data-group='device']")[1].value;
    put("all", lines());
    tick("variant", "plain_1t", false);
    put("variant", lines());
    put("plain", lines("[data-variant='plain_1t']"));
    tick("device", other, false);
    put("device", lines());
    put("others", lines("[data-device='" + other + "']"));
    tick("variant", "plain_1t", true);
    tick("device", other, true);
    put("back", lines());
  )js");
  // sum fp32 and dot fp32: 5 variants, int32: 2; on two devices.
  EXPECT_EQ(found(dom, "all"), "24");
  EXPECT_EQ(found(dom, "variant"), "18");
  EXPECT_EQ(found(dom, "plain"), "0");
  EXPECT_EQ(found(dom, "device"), "9");
  EXPECT_EQ(found(dom, "others"), "0");
  EXPECT_EQ(found(dom, "back"), "24");
}

TEST_F(StudyBrowser, TheThroughputViewDrawsEachLevelsRoofAsABand) {
  const std::string dom = dom_after(two_devices(), R"js(
    put("time", family.querySelectorAll(".roof-band").length);
    view("throughput");
    put("bands", family.querySelectorAll(".roof-band").length);
    put("levels", Array.prototype.map.call(family.querySelectorAll("figure")[0].querySelectorAll(".roof-band"),
                                           function (b) { return b.getAttribute("data-level"); }).join(" "));
    put("ticks", family.querySelector(".y-tick").textContent);
  )js");
  EXPECT_EQ(found(dom, "time"), "0");
  EXPECT_EQ(found(dom, "bands"), "12");  // L1 and L2 of two devices in three panels
  EXPECT_EQ(found(dom, "levels"), "L1 L2 L1 L2");
  EXPECT_NE(found(dom, "ticks").find("B/s"), std::string::npos) << found(dom, "ticks");
}

// Three variants of a reduce run in every (op, precision) of a full CPU run: the family's panels
// share one row of controls and fill the page's width, so the study fits in two screens.
TEST_F(StudyBrowser, AThreeVariantStudyFitsInTwoScreens) {
  roofline::Results run = samples::reduce_results();
  std::vector<roofline::Result> more;
  for (const std::string op : {"max", "nrm2"})
    for (roofline::Result r : run.results) {
      if (r.params.at("op") != "sum" || !r.time) continue;
      r.params["op"] = op;
      more.push_back(r);
    }
  run.results.insert(run.results.end(), more.begin(), more.end());
  std::erase_if(run.results, [](const roofline::Result& r) {
    return r.variant != "plain_1t" && r.variant != "avx2_8acc_2t" && r.variant != "openblas_2t";
  });
  const std::string dom = dom_after({run}, R"js(
    var studies = document.getElementById("studies");
    put("panels", studies.querySelectorAll("figure").length);
    put("height", Math.round(studies.getBoundingClientRect().height));
  )js");
  EXPECT_EQ(found(dom, "panels"), "7");
  const int height = std::stoi(found(dom, "height"));
  EXPECT_LE(height, 2 * 900) << height;
}

}  // namespace
}  // namespace reports
