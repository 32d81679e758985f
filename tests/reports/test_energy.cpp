// The energy roofline in the report, from a profile's recorded energy ceilings: the headline, the
// roofs' numbers, the chart with its power-cap line and result points, and what is said where
// energy was not read.
#include <gtest/gtest.h>

#include "count.hpp"
#include "reports/energy_section.hpp"
#include "reports/view.hpp"
#include "roofline/energy.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

using roofline::Precision;
using samples::count;

roofline::Sensors over_one_second(double joules, double flops, double bytes) {
  roofline::Sensors s;
  s.seconds = 1;
  s.calls = 100;
  s.flops = flops;
  s.bytes = bytes;
  s.energy_j = {joules, ""};
  return s;
}

// The sample CPU (fp32 128 GFLOP/s, DRAM 20 GB/s at 2 threads) with 60 W over its fp32 FMA
// chains and 50 W over its DRAM triad, idle at 20 W under a 65 W cap: 312.5 pJ/FLOP beyond idle,
// 1.5 nJ/byte.
roofline::Results with_energy() {
  roofline::Results results = samples::sample_results();
  roofline::Device& d = results.machine.devices.front();
  for (roofline::ComputeCeiling& c : d.compute)
    if (c.precision == Precision::fp32 && c.threads == 2) c.sensors = over_one_second(60, 128e9, 0);
  for (roofline::MemoryCeiling& m : d.memory)
    if (m.level == "DRAM" && m.threads == 2) m.sensors = over_one_second(50, 0, 20e9);
  d.energy = roofline::energy_ceilings(d, {20.0, ""}, {65.0, ""});
  // The first (fp32) result drew 40 W over its 1.5 s.
  roofline::Result& r = results.results.front();
  r.sensors = over_one_second(60, 0, 0);
  r.sensors->seconds = 1.5;
  r.sensors->flops = 6e9;
  return results;
}

TEST(Energy, CeilingsTakeTheIdlePowerOut) {
  const roofline::Device d = with_energy().machine.devices.front();
  ASSERT_TRUE(d.energy);
  ASSERT_EQ(d.energy->compute.size(), 1u);
  EXPECT_DOUBLE_EQ(d.energy->compute[0].joules_per_flop, 40.0 / 128e9);
  EXPECT_DOUBLE_EQ(d.energy->compute[0].watts, 60);
  ASSERT_EQ(d.energy->memory.size(), 1u);
  EXPECT_DOUBLE_EQ(d.energy->memory[0].joules_per_byte, 30.0 / 20e9);
  EXPECT_NE(d.energy->compute[0].method.find("20 W idle"), std::string::npos)
      << d.energy->compute[0].method;
}

TEST(Energy, ACeilingsEnergyWindowIsPreferredToItsSamplesAndFlaggedWhereDisturbed) {
  roofline::Results results = with_energy();
  roofline::Device& d = results.machine.devices.front();
  for (roofline::ComputeCeiling& c : d.compute)
    if (c.precision == Precision::fp32 && c.threads == 2) {
      c.sensors->clock_hz = {3e9, ""};
      // 2 s back to back at 62 W, its clock held down to 2.7 GHz by the power cap.
      c.energy_window = over_one_second(124, 256e9, 0);
      c.energy_window->seconds = 2;
      c.energy_window->clock_hz = {2.7e9, ""};
      c.energy_window->clock_events = {"software power cap"};
    }
  d.energy = roofline::energy_ceilings(d, {20.0, ""}, {65.0, ""});
  ASSERT_EQ(d.energy->compute.size(), 1u);
  const roofline::ComputeEnergy& e = d.energy->compute[0];
  EXPECT_DOUBLE_EQ(e.joules_per_flop, (124.0 - 20 * 2) / 256e9);
  EXPECT_DOUBLE_EQ(e.whole_joules_per_flop, 124.0 / 256e9);
  EXPECT_DOUBLE_EQ(e.watts, 62);
  EXPECT_NE(e.method.find("(its energy window)"), std::string::npos) << e.method;
  EXPECT_EQ(e.disturbed,
            "the device held its clocks down: software power cap; its clock (2.700 GHz) was below "
            "its roof's (3.000 GHz)");
  // The DRAM ceiling has no window: its samples' energy, undisturbed.
  ASSERT_EQ(d.energy->memory.size(), 1u);
  EXPECT_DOUBLE_EQ(d.energy->memory[0].whole_joules_per_byte, 50.0 / 20e9);
  EXPECT_EQ(d.energy->memory[0].disturbed, "");
  EXPECT_EQ(d.energy->memory[0].method.find("energy window"), std::string::npos);
  const std::vector<roofline::Results> inputs{results};
  const std::string html = energy_html(device_views(inputs).front());
  EXPECT_EQ(count(html, ">disturbed<"), 1) << html;
  EXPECT_EQ(count(html, "In all (static included)"), 1);
}

TEST(Energy, RoofAndPowerCapLineFollowTheModel) {
  const roofline::Device d = with_energy().machine.devices.front();
  // At AI 1 the DRAM roof gives 20 GFLOP/s: 312.5 pJ + 1.5 nJ + 20 W / 20 GFLOP/s per FLOP.
  EXPECT_DOUBLE_EQ(*roofline::energy_roof(d, Precision::fp32, "DRAM", 1),
                   1 / (40.0 / 128e9 + 30.0 / 20e9 + 1e-9));
  EXPECT_DOUBLE_EQ(*roofline::power_cap_line(d, Precision::fp32, "DRAM", 1), 20e9 / 65);
  EXPECT_FALSE(roofline::energy_roof(d, Precision::fp64, "DRAM", 1));  // no fp64 energy ceiling
}

TEST(Energy, HeadlineGivesPicojoulesIdleAndCap) {
  const roofline::Device d = with_energy().machine.devices.front();
  EXPECT_EQ(energy_headline(d), "312 pJ/FLOP fp32 · 1500 pJ/byte at DRAM · idle 20 W · cap 65 W");
}

TEST(Energy, SectionDrawsRoofsCapAndResults) {
  const std::vector<roofline::Results> inputs{with_energy()};
  const auto views = device_views(inputs);
  const std::string html = energy_html(views.front());
  EXPECT_EQ(count(html, "<h3>Energy</h3>"), 1);
  EXPECT_EQ(count(html, "class=\"energy-roof\""), 2) << html;  // fp32's roof and cap line
  EXPECT_GE(count(html, "fp32 at the power cap"), 2);          // the line's title, the legend
  EXPECT_EQ(count(html, "class=\"energy-point\""), 1);
  // 6 GFLOP over 60 J: the point's title (the table and an axis tick give the figure too).
  EXPECT_EQ(count(html, "avx2_8chain m=1: 100 MFLOP/J"), 1) << html;
  EXPECT_EQ(count(html, "Of the energy roof"), 1);
  EXPECT_EQ(count(html, "docs/methodology.md"), 1);
}

TEST(Energy, WithoutEnergyTheReasonIsSaidAndNothingDrawn) {
  roofline::Results results = samples::sample_results();
  roofline::Device& d = results.machine.devices.front();
  d.energy = roofline::energy_ceilings(
      d, roofline::Sensed::missing("no RAPL: /sys/class/powercap is absent (a VM without RAPL)"),
      roofline::Sensed::missing("no RAPL"));
  EXPECT_EQ(energy_headline(d),
            "energy not read: no RAPL: /sys/class/powercap is absent (a VM without RAPL)");
  const std::vector<roofline::Results> inputs{results};
  const auto views = device_views(inputs);
  const std::string html = energy_html(views.front());
  EXPECT_EQ(count(html, "a VM without RAPL"), 1);
  EXPECT_EQ(count(html, "<svg"), 0);
  d.energy.reset();
  EXPECT_EQ(energy_headline(d), "");
}

}  // namespace
}  // namespace reports
