#include "reports/compare.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/text_table.hpp"
#include "reports/view.hpp"

namespace reports {
namespace {

using Key = std::tuple<std::string, std::string, std::string, std::string, roofline::Precision,
                       std::string>;

// A profiled program's kernel is known by its name and shape (params): its precision is what
// its counts made of it, which a run that counted nothing does not know.
Key key_of(const roofline::Result& r) {
  return {r.family,
          r.variant,
          r.backend,
          r.device,
          r.launches ? roofline::Precision::fp32 : r.work.precision,
          r.params.dump()};
}

Verdict verdict(const roofline::Summary& a, const roofline::Summary& b) {
  if (b.ci_high < a.ci_low) return Verdict::faster;
  if (b.ci_low > a.ci_high) return Verdict::slower;
  return Verdict::unknown;
}

bool whole_range(const roofline::Summary& s) {
  return s.n >= 2 && s.ci_low == s.min && s.ci_high == s.max;
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

std::string verdict_text(Verdict v) {
  switch (v) {
    case Verdict::faster:
      return "faster";
    case Verdict::slower:
      return "slower";
    case Verdict::unknown:
      break;
  }
  return "can't tell";
}

std::string median_with_ci(const roofline::Summary& s) {
  return format_si(s.median, "s") + " [" + format_si(s.ci_low, "s") + ", " +
         format_si(s.ci_high, "s") + "]";
}

std::string verdict_reason(const Comparison& c) {
  if (c.verdict != Verdict::unknown) return "CIs apart";
  // Where it explains the overlap: a CI as wide as its samples' spread.
  const roofline::Summary &a = *c.a->time, &b = *c.b->time;
  if (whole_range(a) && whole_range(b))
    return "CIs overlap; each is its samples' min-max (n=" + std::to_string(a.n) + " and " +
           std::to_string(b.n) + ")";
  if (whole_range(a) || whole_range(b))
    return std::string("CIs overlap; ") + (whole_range(a) ? "A" : "B") +
           "'s is its samples' min-max (n=" + std::to_string(whole_range(a) ? a.n : b.n) + ")";
  return "CIs overlap";
}

namespace {

const std::vector<std::string> kColumns = {
    "Family", "Variant", "Precision", "Key", "A median [95% CI]", "B median [95% CI]",
    "A/B",    "B is",    "Why"};
const char kHowCalled[] =
    "Verified results only; a difference is called only where the 95% CIs of the median time do "
    "not overlap, whatever the ratio A/B.";

std::vector<std::vector<std::string>> comparison_rows(const ComparisonSet& set) {
  std::vector<std::vector<std::string>> rows;
  for (const Comparison& c : set.pairs)
    rows.push_back({c.a->family, c.a->variant, std::string(to_string(c.a->work.precision)),
                    result_key(*c.a), median_with_ci(*c.a->time), median_with_ci(*c.b->time),
                    format_number(c.speedup) + "x", verdict_text(c.verdict), verdict_reason(c)});
  return rows;
}

}  // namespace

std::string comparison_table(const ComparisonSet& set) {
  return text_table(kColumns, comparison_rows(set), {4, 5, 6}, "  ") + "  " + kHowCalled + "\n";
}

std::string comparison_markdown(const ComparisonSet& set) {
  const auto row = [](const std::vector<std::string>& cells) {
    std::string line = "|";
    for (const std::string& cell : cells) line += " " + markdown_cell(cell) + " |";
    return line + "\n";
  };
  std::string out = row(kColumns) + "|";
  for (std::size_t i = 0; i < kColumns.size(); ++i) out += i >= 4 && i <= 6 ? " --: |" : " --- |";
  out += "\n";
  for (const auto& cells : comparison_rows(set)) out += row(cells);
  return out + "\n" + markdown_cell(comparison_counts(set)) + ". " + kHowCalled + "\n";
}

std::vector<const Comparison*> regressions(const ComparisonSet& set, double least) {
  std::vector<const Comparison*> out;
  for (const Comparison& c : set.pairs)
    if (c.verdict == Verdict::slower && c.speedup * least <= 1) out.push_back(&c);
  return out;
}

std::string comparison_counts(const ComparisonSet& set) {
  std::string out = std::to_string(set.pairs.size()) + " compared:";
  for (const Verdict v : {Verdict::faster, Verdict::slower, Verdict::unknown}) {
    const auto n = std::count_if(set.pairs.begin(), set.pairs.end(),
                                 [v](const Comparison& c) { return c.verdict == v; });
    out += (v == Verdict::faster ? " B " : ", ") + verdict_text(v) + " " + std::to_string(n);
  }
  return out + "; " + std::to_string(set.only_in_a) + " only in A, " +
         std::to_string(set.only_in_b) + " only in B";
}

}  // namespace reports
