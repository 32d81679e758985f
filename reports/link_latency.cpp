#include "reports/link_latency.hpp"

#include <algorithm>
#include <iterator>
#include <set>
#include <vector>

#include "reports/format.hpp"
#include "reports/html_table.hpp"
#include "reports/text_table.hpp"
#include "roofline/stats.hpp"

namespace reports {

namespace {

// Kinds in the order the profile first lists them.
std::vector<std::string> kinds(const roofline::Device& device) {
  std::vector<std::string> out;
  for (const roofline::LatencyCeiling& l : device.latency)
    if (std::ranges::find(out, l.kind) == out.end()) out.push_back(l.kind);
  return out;
}

std::string latency_html(const roofline::Device& device) {
  std::vector<std::vector<Cell>> rows;
  for (const roofline::LatencyCeiling& l : device.latency)
    rows.push_back(
        {{l.kind},
         {std::to_string(l.threads), "num"},
         {format_si(l.seconds.median, "s"), l.seconds.unstable ? "num warn" : "num"},
         {format_si(l.seconds.ci_low, "s") + " – " + format_si(l.seconds.ci_high, "s"), "num"},
         {l.method}});
  return html_table({"Latency", "Threads", "Per call (median)", "95% CI", "Method"}, rows,
                    "latency");
}

std::string link_html(const roofline::Device& device) {
  std::set<double> sizes;
  for (const roofline::LinkPoint& p : device.link) sizes.insert(p.bytes);
  std::vector<std::string> headers{"Direction", "Host memory"};
  for (double bytes : sizes) headers.push_back(format_bytes(bytes));
  std::vector<std::vector<Cell>> rows;
  for (const roofline::LinkPoint& p : device.link) {
    auto row = std::ranges::find_if(rows, [&](const std::vector<Cell>& r) {
      return r[0].text == p.direction && r[1].text == p.host_memory;
    });
    if (row == rows.end()) {
      row = rows.insert(rows.end(), std::vector<Cell>{Cell(p.direction), Cell(p.host_memory)});
      row->resize(headers.size(), Cell("—", "num"));
    }
    const auto column =
        2 + static_cast<std::size_t>(std::distance(sizes.begin(), sizes.find(p.bytes)));
    (*row)[column] = Cell(format_si(roofline::summarize(p.bytes_per_s).median, "B/s"), "num");
  }
  return html_table(headers, rows, "link");
}

}  // namespace

std::string link_latency_html(const roofline::Device& device) {
  std::string html;
  if (!device.latency.empty())
    html += "<h3>Launch and synchronization latency</h3>\n" + latency_html(device);
  if (!device.link.empty())
    html +=
        "<h3>Host link: median bandwidth by copy size</h3>\n<p class=\"note\">Each way's "
        "bytes per second; \"both\" is the two directions' sum while they run at once.</p>\n" +
        link_html(device);
  return html;
}

std::string latency_text(const roofline::Device& device) {
  if (device.latency.empty()) return "";
  std::set<int> threads;
  for (const roofline::LatencyCeiling& l : device.latency) threads.insert(l.threads);
  std::vector<std::string> headers{"Latency"};
  for (int t : threads) headers.push_back(std::to_string(t) + (t == 1 ? " thread" : " threads"));
  std::vector<std::vector<std::string>> rows;
  for (const std::string& kind : kinds(device)) {
    std::vector<std::string> row{kind};
    for (int t : threads) {
      const auto it = std::ranges::find_if(device.latency, [&](const roofline::LatencyCeiling& l) {
        return l.kind == kind && l.threads == t;
      });
      row.push_back(it == device.latency.end() ? "—" : format_si(it->seconds.median, "s"));
    }
    rows.push_back(std::move(row));
  }
  std::vector<std::size_t> right;
  for (std::size_t c = 1; c < headers.size(); ++c) right.push_back(c);
  return text_table(headers, rows, right, "  ");
}

}  // namespace reports
