// The verdict on identical devices as the terminal and the report say it.
#include <gtest/gtest.h>

#include "reports/identical_devices.hpp"

namespace {

roofline::IdenticalDevices group(std::vector<std::string> devices) {
  return {std::move(devices), roofline::OutlierRule{}, {}};
}

TEST(IdenticalDevicesText, SaysThatTwoGiveNoVerdict) {
  const auto lines = reports::identical_devices_lines(group({"cuda:0", "cuda:1"}));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].rfind("identical devices cuda:0, cuda:1: no verdict: 2 of them", 0), 0u)
      << lines[0];
  roofline::MachineProfile m;
  m.identical = {group({"cuda:0", "cuda:1"})};
  EXPECT_NE(reports::identical_device_note(m, "cuda:1").find("no verdict"), std::string::npos);
  EXPECT_EQ(reports::identical_device_note(m, "cpu"), "");
}

TEST(IdenticalDevicesText, NamesTheOutlierItsRoofAndDistance) {
  roofline::IdenticalDevices g = group({"cuda:0", "cuda:1", "cuda:2"});
  g.outliers = {{"cuda:2", "DRAM", "B/s", 2.4e12, 3e12, -12.5, 0.8}};
  const auto lines = reports::identical_devices_lines(g);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].rfind("OUTLIER cuda:2 among identical cuda:0, cuda:1, cuda:2: DRAM: ", 0), 0u)
      << lines[0];
  EXPECT_NE(lines[0].find("scaled MADs"), std::string::npos);
  roofline::MachineProfile m;
  m.identical = {g};
  EXPECT_NE(reports::identical_device_note(m, "cuda:2").find("this one is an OUTLIER: DRAM"),
            std::string::npos);
  EXPECT_NE(reports::identical_device_note(m, "cuda:0").find("not this one"), std::string::npos);
  g.outliers.clear();
  EXPECT_NE(reports::identical_devices_lines(g)[0].find("no outliers (rule: k = 3"),
            std::string::npos);
}

}  // namespace
