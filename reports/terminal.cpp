// The terminal summary: per device the top ceilings and every result, failures flagged.
#include <algorithm>
#include <set>

#include "reports/energy_section.hpp"
#include "reports/format.hpp"
#include "reports/link_latency.hpp"
#include "reports/report.hpp"
#include "reports/row_limit.hpp"
#include "reports/text_table.hpp"
#include "reports/view.hpp"

namespace reports {
namespace {

std::string ceilings_summary(const roofline::Device& device) {
  const int most = device.max_threads_measured();
  if (most == 0) return "  No ceilings measured.\n";
  std::vector<int> thread_counts{most};
  if (most > 1) thread_counts.insert(thread_counts.begin(), 1);
  std::vector<roofline::Roofline> roofs;
  for (const int t : thread_counts) roofs.push_back(device.roofline(t));

  std::vector<std::string> headers{"Ceiling"};
  for (const int t : thread_counts)
    headers.push_back(std::to_string(t) + (t == 1 ? " thread" : " threads"));
  std::vector<std::vector<std::string>> rows;
  std::set<roofline::Precision> precisions;
  for (const auto& c : roofs.back().compute()) precisions.insert(c.precision);
  for (const roofline::Precision p : precisions) {
    std::vector<std::string> row{std::string(roofline::to_string(p)) + " peak"};
    for (const auto& r : roofs) {
      const auto peak = r.peak(p);
      row.push_back(peak ? format_si(*peak, "FLOP/s") : "—");
    }
    rows.push_back(std::move(row));
  }
  std::vector<roofline::MemoryRoof> levels = roofs.back().memory();
  std::sort(levels.begin(), levels.end(), [](const auto& a, const auto& b) {
    return a.bytes_per_s > b.bytes_per_s;  // fastest level first: L1, L2, …, DRAM
  });
  for (const auto& m : levels) {
    std::vector<std::string> row{m.level + " bandwidth"};
    for (const auto& r : roofs) {
      const auto bw = r.bandwidth(m.level);
      row.push_back(bw ? format_si(*bw, "B/s") : "—");
    }
    rows.push_back(std::move(row));
  }
  std::vector<std::size_t> right;
  for (std::size_t c = 1; c < headers.size(); ++c) right.push_back(c);
  return text_table(headers, rows, right, "  ");
}

std::string results_summary(const DeviceView& view) {
  std::vector<std::vector<std::string>> rows;
  for (const roofline::Result* r : view.records) {
    if (rows.size() == kTerminalTableRows) break;
    const auto point = plot_point(*r);
    const std::optional<roofline::Placement>& p = r->placement;
    std::string status = "ok";
    if (!r->ok()) {
      status = "FAILED: " + r->failure();
    } else if (const auto above = roofline::above_roof_cause(view.device, *r)) {
      status = "above roof: " + std::string(roofline::to_string(above->cause));
    } else if (!r->disturbed.empty()) {
      status = "disturbed: " + r->disturbed;
    } else if (r->time->unstable) {
      status = "unstable";
    } else if (p && !p->note.empty()) {
      status = "far below roof";
    }
    const bool timed = r->ok();
    rows.push_back({r->variant, std::string(roofline::to_string(r->work.precision)), result_key(*r),
                    point ? format_number(point->performance / 1e9, 4) : "—",
                    timed ? format_number(bandwidth(*r) / 1e9, 4) : "—",
                    point ? format_number(point->ai) : "—", p ? format_percent(p->efficiency) : "—",
                    p && p->efficiency_now ? format_percent(*p->efficiency_now) : "—",
                    point && p ? std::string(roofline::to_string(p->bound)) : "—", status});
  }
  if (rows.empty()) return "  No results.\n";
  const std::string left_out = rows_left_out(rows.size(), view.records.size());
  return text_table({"Variant", "Precision", "Key", "GFLOP/s", "GB/s", "AI", "Efficiency",
                     "Roof now", "Bound", "Status"},
                    rows, {3, 4, 5, 6, 7}, "  ") +
         (left_out.empty() ? "" : "  " + left_out + "\n");
}

}  // namespace

std::string summary_table(const std::vector<roofline::Results>& inputs) {
  std::string out;
  std::size_t failed = 0;
  for (const DeviceView& v : device_views(inputs)) {
    out += device_title(v) + "\n";
    out += ceilings_summary(v.device);
    out += latency_text(v.device);
    if (const std::string energy = energy_headline(v.device); !energy.empty())
      out += "  Energy: " + energy + "\n";
    out += "\n";
    out += results_summary(v);
    out += "\n";
    for (const roofline::Result* r : v.records) failed += r->ok() ? 0 : 1;
  }
  if (failed > 0) out += std::to_string(failed) + " result(s) FAILED; they are not plotted.\n";
  return out;
}

}  // namespace reports
