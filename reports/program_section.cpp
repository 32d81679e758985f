#include "reports/program_section.hpp"

#include <limits>

#include "reports/cut_text.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_table.hpp"
#include "reports/text_table.hpp"
#include "roofline/program.hpp"

namespace reports {
namespace {

constexpr std::size_t kTerminalRows = 30;
constexpr std::size_t kNameWidth = 60;  // characters of a kernel's name in the HTML table

// "DRAM 12.3 · L2 4.1": measured FLOP per byte at each level, from the slowest level up.
std::string intensities(const roofline::Result& r) {
  if (!r.measured) return "—";
  std::string text;
  for (const char* level : {"DRAM", "L2", "shared", "L1"})
    if (const auto it = r.measured->ai.find(level); it != r.measured->ai.end())
      text += (text.empty() ? "" : " · ") + std::string(level) + " " + format_number(it->second);
  return text.empty() ? "—" : text;
}

std::string shape(const nlohmann::json& dims) {
  std::string text;
  for (const auto& d : dims) text += (text.empty() ? "" : "×") + d.dump();
  return text;
}

struct Row {
  std::string name, full, grid, block, launches, total, share, median, rate, precision, ai, limit,
      speedup, counting;
  double total_s = 0, share_v = 0, rate_v = std::numeric_limits<double>::quiet_NaN(),
         speedup_v = std::numeric_limits<double>::quiet_NaN();
};

Row row_of(const roofline::Result& r, const roofline::Device& device) {
  Row row;
  row.name = r.variant;
  row.full = r.params.value("kernel", r.variant);
  row.grid = r.params.contains("grid") ? shape(r.params["grid"]) : "";
  row.block = r.params.contains("block") ? shape(r.params["block"]) : "";
  const roofline::KernelLaunches k = r.launches.value_or(roofline::KernelLaunches{});
  row.launches = std::to_string(k.launches) +
                 (k.counted ? " (" + std::to_string(k.counted) + " counted)" : "");
  row.total_s = k.total_seconds;
  row.total = format_si(k.total_seconds, "s");
  row.share_v = k.share;
  row.share = format_percent(k.share);
  row.median = r.time ? format_si(r.time->median, "s") : "—";
  const bool flops = r.measured && r.measured->flops && *r.measured->flops > 0 && r.time;
  if (flops) row.rate_v = *r.measured->flops / r.time->median;
  row.rate = flops ? format_si(row.rate_v, "FLOP/s") : "—";
  row.precision = flops ? std::string(roofline::to_string(r.work.precision)) : "—";
  row.ai = intensities(r);
  if (const auto limit = roofline::limit_of(r, device.roofline())) {
    row.limit = limit->roof;
    row.speedup_v = limit->speedup;
    row.speedup = format_number(limit->speedup) + "×";
  } else {
    row.limit = row.speedup = "—";
  }
  row.counting = r.error.empty() ? k.counting : r.error;
  return row;
}

std::vector<const roofline::Result*> program_results(
    const std::vector<const roofline::Result*>& records) {
  std::vector<const roofline::Result*> out;
  for (const roofline::Result* r : records)
    if (r->launches) out.push_back(r);
  return out;
}

}  // namespace

std::string program_summary(const roofline::ProgramRun& p) {
  std::string command;
  for (const std::string& a : p.command) command += (command.empty() ? "" : " ") + a;
  std::string text =
      command + ": exit " + std::to_string(p.exit_code) + "; profiled " + format_si(p.seconds, "s");
  if (p.plain_seconds > 0)
    text += " against " + format_si(p.plain_seconds, "s") + " plain (" +
            format_number(p.seconds / p.plain_seconds) + "×)";
  text += "; " + std::to_string(p.launches) + " kernel launches, " +
          format_si(p.kernel_seconds, "s") + " of kernel time; " + std::to_string(p.counted) +
          " launches counted (the first " + std::to_string(p.sample) + " of each kernel and shape" +
          (p.kernels.empty() ? "" : " matching '" + p.kernels + "'") + ")";
  for (const std::string& note : p.notes) text += "; " + note;
  return text + ".";
}

std::string program_html(const DeviceView& view) {
  if (!view.source || !view.source->program) return "";
  std::vector<std::vector<Cell>> rows;
  for (const roofline::Result* r : program_results(view.records)) {
    const Row row = row_of(*r, view.device);
    rows.push_back({Cell(cut_text(row.name, kNameWidth), "", row.full),
                    {row.grid},
                    {row.block},
                    {row.launches},
                    num(row.total, row.total_s),
                    num(row.share, row.share_v),
                    {row.median, "num"},
                    num(row.rate, row.rate_v),
                    {row.precision},
                    {row.ai},
                    {row.limit},
                    num(row.speedup, row.speedup_v),
                    {row.counting}});
  }
  return "<h3>Program</h3>\n<p class=\"note\">" +
         escape_xml(program_summary(*view.source->program)) +
         "</p>\n<div class=\"table-scroll\">\n" +
         html_table({"Kernel", "Grid", "Block", "Launches", "Total time", "Share", "Median", "Rate",
                     "Precision", "AI per level (FLOP/B)", "Limited by", "Speedup the roof allows",
                     "Counting"},
                    rows, "program") +
         "</div>\n";
}

std::string profile_table(const roofline::Results& profile) {
  std::string out = profile.program ? program_summary(*profile.program) + "\n\n" : "";
  const roofline::Device* device =
      profile.machine.devices.empty() ? nullptr : &profile.machine.devices.front();
  std::vector<std::vector<std::string>> rows;
  std::size_t total = 0;
  for (const roofline::Result& r : profile.results) {
    if (!r.launches || ++total > kTerminalRows) continue;
    const Row row = row_of(r, device ? *device : roofline::Device{});
    rows.push_back({row.name, row.grid + " / " + row.block, row.launches, row.total, row.share,
                    row.rate, row.precision, row.ai, row.limit, row.speedup});
  }
  out += text_table({"kernel", "grid / block", "launches", "total", "share", "rate", "precision",
                     "AI per level", "limit", "speedup"},
                    rows, {2, 3, 4, 5, 9});
  if (total > kTerminalRows)
    out += std::to_string(total - kTerminalRows) + " more kernels in the profile's JSON\n";
  return out;
}

}  // namespace reports
