// CSV outputs: the columns, one row per ceiling and per result, quoting of awkward text.
#include <gtest/gtest.h>

#include <sstream>

#include "reports/csv.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

// Splits RFC 4180 text into records of fields (quotes may hold commas and line breaks).
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> records(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    std::string& field = records.back().back();
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      records.back().emplace_back();
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      records.emplace_back(1);
      ++i;
    } else {
      field += c;
    }
  }
  records.pop_back();  // after the last line end
  return records;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return i;
  }
  ADD_FAILURE() << "no column " << name;
  return 0;
}

class Csv : public ::testing::Test {
 protected:
  void SetUp() override { views_ = device_views(inputs_); }
  std::vector<roofline::Results> inputs_{samples::sample_results({4, 1, 1})};
  std::vector<DeviceView> views_;
};

TEST_F(Csv, CeilingsHaveOneRowPerCeilingWithTheirTheoreticalPeak) {
  const auto rows = parse_csv(ceilings_csv(views_));
  ASSERT_EQ(rows.size(), 1u + 12u);  // header + (3 compute + 3 memory) × 2 thread counts
  const auto& h = rows[0];
  EXPECT_EQ(h.size(), 22u);
  EXPECT_EQ(h[0], "input");
  for (const auto& r : rows) ASSERT_EQ(r.size(), h.size());
  int with_theoretical = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    if (r[column(h, "theoretical")].empty() || r[column(h, "kind")] != "compute") continue;
    ++with_theoretical;
    EXPECT_EQ(r[column(h, "name")], "fp64 vec256");
    EXPECT_EQ(r[column(h, "threads")], "2");
    EXPECT_EQ(r[column(h, "median")], "64000000000");
    EXPECT_NEAR(std::stod(r[column(h, "fraction_of_theoretical")]), 64.0 / 68, 1e-12);
  }
  EXPECT_EQ(with_theoretical, 1);  // only fp64 vec256 with 2 threads has a theoretical peak
  EXPECT_EQ(rows[7][column(h, "kind")], "memory");
  EXPECT_EQ(rows[7][column(h, "working_set_max")], "16384");
}

TEST_F(Csv, ResultsListEveryRecordWithStatusAndPlottedFlag) {
  const auto rows = parse_csv(results_csv(views_));
  ASSERT_EQ(rows.size(), 1u + 6u);
  const auto& h = rows[0];
  EXPECT_EQ(h.size(), 27u);
  for (const auto& r : rows) ASSERT_EQ(r.size(), h.size());
  int plotted = 0, failed = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    plotted += rows[i][column(h, "plotted")] == "true";
    if (rows[i][column(h, "status")] == "failed") {
      ++failed;
      EXPECT_EQ(rows[i][column(h, "message")],
                "verification failed: mismatch at index 7: got 1.5, want \"2\" <&>");
      EXPECT_EQ(rows[i][column(h, "flops_per_s")], "");
    }
  }
  EXPECT_EQ(plotted, 4);
  EXPECT_EQ(failed, 1);
  const auto& first = rows[1];
  EXPECT_EQ(first[column(h, "params")], R"({"isa":"avx2","m":1,"n":16777216})");
  EXPECT_NEAR(std::stod(first[column(h, "efficiency")]), 0.8, 1e-12);
  EXPECT_EQ(first[column(h, "bound")], "memory");
  EXPECT_EQ(first[column(h, "efficiency_now")], "");  // timed without the roof's kernels
}

TEST_F(Csv, AResultTimedWithTheRoofsKernelsHasTheirBandwidthAndItsEfficiencyAgainstIt) {
  roofline::Result& r = inputs_[0].results[0];
  ASSERT_TRUE(r.placement.has_value());
  r.roof_now = roofline::summarize({40e9, 40e9, 40e9});
  r.placement->efficiency_now = 0.9;
  views_ = device_views(inputs_);
  const auto rows = parse_csv(results_csv(views_));
  const auto& h = rows[0];
  EXPECT_EQ(rows[1][column(h, "roof_now_bytes_per_s")], "40000000000");
  EXPECT_EQ(rows[1][column(h, "efficiency_now")], "0.9");
}

}  // namespace
}  // namespace reports
