#include "roofline/outliers.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace roofline {
namespace {

double median_of(std::vector<double> v) {
  const std::size_t half = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + half, v.end());
  if (v.size() % 2 == 1) return v[half];
  const double upper = v[half];
  return (*std::max_element(v.begin(), v.begin() + half) + upper) / 2;
}

}  // namespace

Spread spread(const std::vector<double>& values, const OutlierRule& rule) {
  if (values.empty()) return {};
  Spread s;
  s.median = median_of(values);
  std::vector<double> deviations;
  for (const double v : values) deviations.push_back(std::abs(v - s.median));
  s.mad = median_of(deviations);
  s.scale = std::max(rule.mad_scale * s.mad, rule.floor_fraction * std::abs(s.median));
  return s;
}

std::vector<OutlierVerdict> outliers(const std::vector<double>& values, const OutlierRule& rule) {
  if (values.size() < rule.min_values) return {};
  const Spread s = spread(values, rule);
  if (!(s.scale > 0)) return {};  // every value 0
  std::vector<OutlierVerdict> out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double deviation = (values[i] - s.median) / s.scale;
    if (std::abs(deviation) > rule.k)
      out.push_back({i, deviation, s.median != 0 ? values[i] / s.median : 0});
  }
  return out;
}

std::vector<RoofOutlier> roof_outliers(const std::vector<RoofValue>& values,
                                       const OutlierRule& rule) {
  std::map<std::string, std::vector<const RoofValue*>> by_roof;
  for (const RoofValue& v : values) by_roof[v.roof].push_back(&v);
  std::vector<RoofOutlier> out;
  for (const auto& [roof, members] : by_roof) {
    std::vector<double> column;
    for (const RoofValue* v : members) column.push_back(v->value);
    const double median = spread(column, rule).median;
    for (const OutlierVerdict& o : outliers(column, rule)) {
      const RoofValue& v = *members[o.index];
      out.push_back({v.member, roof, v.unit, v.value, median, o.deviation, o.ratio});
    }
  }
  return out;
}

}  // namespace roofline
