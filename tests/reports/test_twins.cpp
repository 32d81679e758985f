// One physical device through two backends: matched by type or PCI bus id, drawn with both
// backends' roofs, and each ceiling's ratio to the native one in the ceilings table.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "count.hpp"
#include "label_boxes.hpp"
#include "reports/report.hpp"
#include "reports/roofline_chart.hpp"
#include "reports/twins.hpp"
#include "reports/view.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace reports {
namespace {

using roofline::Precision;

roofline::Summary median_of(double median) {
  roofline::Summary s;
  s.n = 5;
  s.median = s.mean = s.min = s.max = s.ci_low = s.ci_high = median;
  s.ci_level = 0.95;
  return s;
}

// The sample CPU (fp32 128 GFLOP/s, DRAM triad 20 GB/s with 2 threads) through PoCL at half speed.
roofline::Device pocl_device() {
  roofline::Device d;
  d.id = "opencl:0:0";
  d.backend = "opencl";
  d.name = "pthread-sample";
  d.compute_units = 2;
  d.facts = {{"device_type", "CPU"}};
  d.compute.push_back({Precision::fp32, "fma", 2, median_of(64e9), 0, "chains"});
  d.memory.push_back({"DRAM", "triad", 2, median_of(10e9), 1e9, 1e9, "plateau"});
  d.memory.push_back({"global cache", "read", 2, median_of(50e9), 1e6, 1e6, "plateau"});
  return d;
}

roofline::Device gpu(const std::string& id, const std::string& backend, const std::string& bus) {
  roofline::Device d;
  d.id = id;
  d.backend = backend;
  d.facts = {{"device_type", "GPU"}, {"pci_bus_id", bus}};
  return d;
}

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Twins, MatchedByDeviceTypeOrPciBusId) {
  const roofline::Device cpu = samples::sample_device(), pocl = pocl_device();
  EXPECT_TRUE(same_physical_device(pocl, cpu));
  EXPECT_FALSE(same_physical_device(cpu, pocl));  // the OpenCL device comes first
  EXPECT_FALSE(same_physical_device(gpu("opencl:1:0", "opencl", "0000:1b:00.0"), cpu));
  EXPECT_TRUE(same_physical_device(gpu("opencl:1:0", "opencl", "0000:1b:00.0"),
                                   gpu("cuda:0", "cuda", "0000:1B:00.0")));
  EXPECT_TRUE(same_physical_device(gpu("opencl:1:0", "opencl", "0000:1b:00.0"),
                                   gpu("cuda:0", "cuda", "00000000:1B:00.0")));  // NVML's width
  EXPECT_FALSE(same_physical_device(gpu("opencl:1:0", "opencl", "0000:1b:00.0"),
                                    gpu("cuda:1", "cuda", "0000:2c:00.0")));
  EXPECT_FALSE(same_physical_device(gpu("opencl:1:0", "opencl", ""), gpu("cuda:1", "cuda", "")));
  EXPECT_FALSE(
      same_physical_device(gpu("opencl:1:0", "opencl", "n/a"), gpu("cuda:1", "cuda", "n/a")));
}

TEST(Twins, RatiosAgainstTheNativeCeilingOfTheSamePrecisionOrLevelAndKernel) {
  const roofline::Device cpu = samples::sample_device(), pocl = pocl_device();
  const auto rows = ceiling_rows(pocl);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_DOUBLE_EQ(*ratio_to_native(rows[0], cpu), 0.5);  // fp32: 64 of 128 GFLOP/s
  EXPECT_DOUBLE_EQ(*ratio_to_native(rows[1], cpu), 0.5);  // DRAM triad: 10 of 20 GB/s
  EXPECT_FALSE(ratio_to_native(rows[2], cpu));            // the CPU has no "global cache"
}

TEST(Twins, TheChartHasBothBackendsRoofsAndTheTableTheRatios) {
  roofline::Results in = samples::sample_results();
  in.machine.devices.push_back(pocl_device());
  const roofline::Roofline both = combined_roofline(pocl_device(), samples::sample_device());
  EXPECT_EQ(both.memory().size(), 2u + 3u);  // the device's two levels, the CPU's three
  EXPECT_TRUE(both.bandwidth("cpu DRAM"));
  EXPECT_TRUE(both.bandwidth("DRAM"));

  test_support::TempDir dir;
  write_report({in}, {dir.path() / "report.html", dir.path() / "svg", std::nullopt});
  const std::string html = read(dir.path() / "report.html");
  EXPECT_EQ(samples::count(html, "opencl / cpu (cpu)"), 1);
  EXPECT_GE(samples::count(html, ">0.5<"), 2);
  const std::string svg = read(dir.path() / "svg" / "roofline-opencl_0_0.svg");
  EXPECT_GE(samples::count(svg, "cpu DRAM"), 1);
  EXPECT_GE(samples::count(svg, "cpu vec256"), 1);
  EXPECT_EQ(samples::overlapping_labels(svg), std::vector<std::string>{});
  // The CPU's own chart is unchanged: no OpenCL roofs.
  EXPECT_EQ(samples::count(read(dir.path() / "svg" / "roofline-cpu.svg"), "global cache"), 0);
}

// The worst case of the twin chart: PoCL's roofs at (or near) the CPU's own,
// with the CPU's points under them. Equal roofs share a label; no two labels overlap; every roof
// is named.
TEST(Twins, NearEqualRoofsShareLabelsAndNoTwoLabelsOverlap) {
  for (const double near : {1.0, 0.98, 0.9}) {
    roofline::Device pocl = pocl_device();
    pocl.compute[0].flops_per_s = median_of(128e9 * near);
    pocl.memory[0].bytes_per_s = median_of(20e9 * near);
    pocl.memory[1].bytes_per_s = median_of(200e9 * near);
    pocl.compute.push_back({Precision::fp64, "fma", 2, median_of(64e9 * near), 0, "chains"});
    const roofline::Roofline both = combined_roofline(pocl, samples::sample_device());
    const roofline::Results cpu = samples::sample_results({8, 0, 0});
    std::vector<PlotPoint> points;
    for (const roofline::Result& r : cpu.results)
      if (auto p = plot_point(r)) points.push_back(*p);
    const std::string svg = roofline_svg("twins", both, points);
    EXPECT_EQ(samples::overlapping_labels(svg), std::vector<std::string>{}) << near;
    EXPECT_EQ(samples::unnamed_roofs(svg, both), std::vector<std::string>{}) << near;
    if (near == 1.0) {
      EXPECT_NE(svg.find(">DRAM</tspan> · <tspan data-roof=\"cpu DRAM\""), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace reports
