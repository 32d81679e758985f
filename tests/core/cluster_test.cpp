// The outlier rule on planted data, and the cluster profile: its outliers, its JSON round trip
// and what its reader refuses.
#include "roofline/cluster.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "roofline/input_error.hpp"
#include "sample.hpp"

namespace {

using roofline::OutlierRule;

TEST(OutlierRule, FlagsThePlantedSlowValueWithItsSignedDistance) {
  // Five nodes within 0.6% of each other and one at 80%.
  const std::vector<double> values{100, 100.3, 99.8, 80, 100.1, 99.6};
  const auto found = roofline::outliers(values, OutlierRule{});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 3u);
  EXPECT_NEAR(found[0].ratio, 80 / 99.9, 1e-3);
  // Median 99.9, MAD 0.25: the scale is the 1% floor (0.999), so 19.9 / 0.999 below.
  EXPECT_NEAR(found[0].deviation, -19.92, 0.01);
}

TEST(OutlierRule, UsesScaledMadWhenTheSpreadExceedsTheFloor) {
  const std::vector<double> values{90, 100, 110, 95, 105, 200};
  const roofline::Spread s = roofline::spread(values, OutlierRule{});
  EXPECT_DOUBLE_EQ(s.median, 102.5);
  EXPECT_DOUBLE_EQ(s.mad, 7.5);
  EXPECT_DOUBLE_EQ(s.scale, 1.4826 * 7.5);
  const auto found = roofline::outliers(values, OutlierRule{});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 5u);
  EXPECT_GT(found[0].deviation, 3);
}

TEST(OutlierRule, NoVerdictWithoutAMajorityOrBeyondNoise) {
  EXPECT_TRUE(roofline::outliers({100, 50}, OutlierRule{}).empty());  // two values: no majority
  // Within 3% of identical values: noise under the floor, not an outlier.
  EXPECT_TRUE(roofline::outliers({100, 100, 100, 102.9}, OutlierRule{}).empty());
  EXPECT_EQ(roofline::outliers({100, 100, 100, 103.1}, OutlierRule{}).size(), 1u);
  EXPECT_TRUE(roofline::outliers({0, 0, 0}, OutlierRule{}).empty());
}

TEST(ClusterProfile, FlagsThePlantedSlowNodeOnItsRoofOnly) {
  roofline::ClusterProfile c = sample::cluster();
  const auto found = roofline::cluster_outliers(c);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].member, "node2");
  EXPECT_EQ(found[0].roof, "cpu DRAM");
  EXPECT_EQ(found[0].unit, "B/s");
  EXPECT_NEAR(found[0].ratio, 0.6, 1e-9);
  EXPECT_LT(found[0].deviation, -3);
}

TEST(ClusterProfile, NodeRoofsIncludeTheLinkFromRankZero) {
  const roofline::ClusterProfile c = sample::cluster();
  const auto roofs = roofline::node_roofs(c, c.nodes[1]);
  const auto latency = std::find_if(roofs.begin(), roofs.end(), [](const auto& r) {
    return r.roof == "network latency from rank 0";
  });
  ASSERT_NE(latency, roofs.end());
  EXPECT_TRUE(latency->lower_is_better);
  EXPECT_DOUBLE_EQ(latency->value, 2e-6);
  // Rank 0 has no link from itself.
  for (const auto& r : roofline::node_roofs(c, c.nodes[0]))
    EXPECT_EQ(r.roof.find("network"), std::string::npos);
}

TEST(ClusterProfile, RoundTripsThroughJson) {
  roofline::ClusterProfile c = sample::cluster();
  c.outliers = roofline::cluster_outliers(c);
  const nlohmann::json j = roofline::to_json(c);
  const roofline::ClusterProfile back = roofline::cluster_from_json(j);
  EXPECT_EQ(roofline::to_json(back), j);
  EXPECT_EQ(back.missing.at(0).rank, 4);
  EXPECT_FALSE(back.network.back().latency_s.has_value());
}

void expect_refused(const nlohmann::json& j, const std::string& named) {
  try {
    roofline::cluster_from_json(j);
    ADD_FAILURE() << "accepted; should name " << named;
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
  }
}

TEST(ClusterProfile, ReaderRefusesWhatRooflabNeverWrites) {
  const nlohmann::json good = roofline::to_json(sample::cluster());
  nlohmann::json j = good;
  j["schema"] = "rooflab.cluster/2";
  expect_refused(j, "unknown major version 2");
  j = good;
  j["network"][0]["latency_s"] = nullptr;  // measured (no error) but without a latency
  expect_refused(j, "network[0].latency_s");
  j = good;
  j["nodes"][1]["machine"]["schema"] = "rooflab.results/1";
  expect_refused(j, "node machine");
  j = good;
  j["nodes"][0]["ranks"] = nlohmann::json::array();
  expect_refused(j, "nodes[0].ranks");
}

}  // namespace
