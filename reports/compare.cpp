#include "reports/compare.hpp"

#include <map>
#include <tuple>

#include "reports/format.hpp"
#include "reports/text_table.hpp"
#include "reports/view.hpp"

namespace reports {
namespace {

using Key = std::tuple<std::string, std::string, std::string, std::string, roofline::Precision,
                       std::string>;

Key key_of(const roofline::Result& r) {
  return {r.family, r.variant, r.backend, r.device, r.work.precision, r.params.dump()};
}

Verdict verdict(const roofline::Summary& a, const roofline::Summary& b) {
  if (b.ci_high < a.ci_low) return Verdict::faster;
  if (b.ci_low > a.ci_high) return Verdict::slower;
  return Verdict::same;
}

const char* to_text(Verdict v) {
  switch (v) {
    case Verdict::faster:
      return "faster";
    case Verdict::slower:
      return "slower";
    case Verdict::same:
      break;
  }
  return "same";
}

}  // namespace

ComparisonSet compare(const roofline::Results& a, const roofline::Results& b) {
  std::map<Key, const roofline::Result*> in_b;
  for (const auto& r : b.results)
    if (r.ok()) in_b[key_of(r)] = &r;
  ComparisonSet set;
  for (const auto& r : a.results) {
    if (!r.ok()) continue;
    const auto it = in_b.find(key_of(r));
    if (it == in_b.end()) {
      ++set.only_in_a;
      continue;
    }
    const roofline::Result& other = *it->second;
    set.pairs.push_back(
        {&r, &other, r.time->median / other.time->median, verdict(*r.time, *other.time)});
    in_b.erase(it);
  }
  set.only_in_b = static_cast<int>(in_b.size());
  return set;
}

std::string comparison_table(const ComparisonSet& set) {
  std::vector<std::vector<std::string>> rows;
  for (const Comparison& c : set.pairs)
    rows.push_back({c.a->family, c.a->variant, std::string(to_string(c.a->work.precision)),
                    key_param(c.a->params), format_si(c.a->time->median, "s"),
                    format_si(c.b->time->median, "s"), format_number(c.speedup) + "x",
                    to_text(c.verdict)});
  std::string out =
      text_table({"Family", "Variant", "Precision", "Key", "Time A", "Time B", "A/B", "B is"}, rows,
                 {4, 5, 6}, "  ");
  out += "  " + std::to_string(set.pairs.size()) + " compared, " + std::to_string(set.only_in_a) +
         " only in A, " + std::to_string(set.only_in_b) +
         " only in B (verified results only; 'same' = the 95% CIs of the median overlap)\n";
  return out;
}

}  // namespace reports
