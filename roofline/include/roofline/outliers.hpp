#pragma once
// The robust outlier rule that compares identical machines (nodes of a cluster, GPUs of a host):
// a value lies outside the others' spread when it is further than k scaled MADs from their
// median. Median and MAD ignore the outlier itself, where mean and standard deviation would be
// dragged towards it.
#include <cstddef>
#include <string>
#include <vector>

namespace roofline {

struct OutlierRule {
  double k = 3;
  // MAD × 1.4826 estimates the standard deviation of normally distributed values.
  double mad_scale = 1.4826;
  // The spread is at least this fraction of the median: identical machines can agree to a
  // fraction of a percent, and run-to-run noise of that size is not an outlier.
  double floor_fraction = 0.01;
  // With fewer values there is no majority to be an outlier from.
  std::size_t min_values = 3;
};

struct Spread {
  double median = 0;
  double mad = 0;    // median absolute deviation from the median (unscaled)
  double scale = 0;  // max(mad_scale × mad, floor_fraction × |median|): the unit of deviation
};

struct OutlierVerdict {
  std::size_t index = 0;  // into the values
  double deviation = 0;   // (value - median) / scale: signed, in scaled MADs
  double ratio = 0;       // value / median
};

Spread spread(const std::vector<double>& values, const OutlierRule& rule);

// The values further than rule.k scales from the median, in the order given; none with fewer
// than rule.min_values values.
std::vector<OutlierVerdict> outliers(const std::vector<double>& values, const OutlierRule& rule);

// One member's value of one roof: a node's in a cluster, a GPU's among its host's identical GPUs.
struct RoofValue {
  std::string member, roof, unit;
  double value = 0;
};

// A member's roof outside the spread of the members that have that roof.
struct RoofOutlier {
  std::string member, roof, unit;
  double value = 0, median = 0;
  double deviation = 0;  // signed, in scaled MADs
  double ratio = 0;      // value / median
};

// Per roof, the members outside the spread of the members that have it, by roof name.
std::vector<RoofOutlier> roof_outliers(const std::vector<RoofValue>& values,
                                       const OutlierRule& rule);

}  // namespace roofline
