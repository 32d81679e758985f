#include "reports/csv.hpp"

#include <initializer_list>

#include "reports/ceilings.hpp"
#include "reports/crossovers.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"

namespace reports {
namespace {

void append_row(std::string& out, std::initializer_list<std::string> fields) {
  bool first = true;
  for (const std::string& f : fields) {
    if (!first) out += ',';
    out += csv_field(f);
    first = false;
  }
  out += "\r\n";  // RFC 4180 line ends
}

std::string host_of(const DeviceView& v) {
  return v.source->machine.provenance.host.empty() ? v.source->provenance.host
                                                   : v.source->machine.provenance.host;
}

std::string flag(bool value) { return value ? "true" : "false"; }

}  // namespace

std::string ceilings_csv(const std::vector<DeviceView>& views) {
  std::string out;
  append_row(out, {"input",
                   "host",
                   "device",
                   "kind",
                   "name",
                   "precision",
                   "path",
                   "level",
                   "kernel",
                   "threads",
                   "unit",
                   "median",
                   "ci_low",
                   "ci_high",
                   "cv",
                   "unstable",
                   "theoretical",
                   "fraction_of_theoretical",
                   "clock_hz",
                   "working_set_min",
                   "working_set_max",
                   "method"});
  for (const DeviceView& v : views) {
    for (const CeilingRow& c : ceiling_rows(v.device)) {
      const auto fraction = c.fraction_of_theoretical();
      append_row(out, {std::to_string(v.input + 1),
                       host_of(v),
                       v.device.id,
                       c.compute ? "compute" : "memory",
                       c.name,
                       c.precision,
                       c.path,
                       c.level,
                       c.kernel,
                       std::to_string(c.threads),
                       c.unit(),
                       format_exact(c.measured.median),
                       format_exact(c.measured.ci_low),
                       format_exact(c.measured.ci_high),
                       format_exact(c.measured.cv),
                       flag(c.measured.unstable),
                       c.theoretical ? format_exact(*c.theoretical) : "",
                       fraction ? format_exact(*fraction) : "",
                       c.clock_hz > 0 ? format_exact(c.clock_hz) : "",
                       c.compute ? "" : format_exact(c.working_set_min),
                       c.compute ? "" : format_exact(c.working_set_max),
                       c.method});
    }
  }
  return out;
}

std::string results_csv(const std::vector<DeviceView>& views) {
  std::string out;
  append_row(out, {"input",          "host",
                   "device",         "family",
                   "variant",        "backend",
                   "precision",      "params",
                   "level",          "status",
                   "message",        "flops",
                   "bytes",          "ai",
                   "time_median_s",  "time_ci_low_s",
                   "time_ci_high_s", "cv",
                   "unstable",       "flops_per_s",
                   "bytes_per_s",    "attainable_flops_per_s",
                   "efficiency",     "bound",
                   "plotted",        "roof_now_bytes_per_s",
                   "efficiency_now"});
  for (const DeviceView& v : views) {
    for (const roofline::Result* r : v.records) {
      const auto& t = r->time;
      const auto& p = r->placement;
      const bool timed = r->ok();
      append_row(out, {std::to_string(v.input + 1),
                       host_of(v),
                       v.device.id,
                       r->family,
                       r->variant,
                       r->backend,
                       std::string(roofline::to_string(r->work.precision)),
                       r->params.dump(),
                       r->level,
                       timed ? "ok" : "failed",
                       timed ? r->verification.message : r->failure(),
                       format_exact(r->work.flops),
                       format_exact(r->work.bytes),
                       format_exact(p ? p->ai : r->work.arithmetic_intensity()),
                       t ? format_exact(t->median) : "",
                       t ? format_exact(t->ci_low) : "",
                       t ? format_exact(t->ci_high) : "",
                       t ? format_exact(t->cv) : "",
                       t ? flag(t->unstable) : "",
                       timed && t->median > 0 ? format_exact(r->work.flops / t->median) : "",
                       timed ? format_exact(bandwidth(*r)) : "",
                       p ? format_exact(p->attainable) : "",
                       p ? format_exact(p->efficiency) : "",
                       p ? std::string(roofline::to_string(p->bound)) : "",
                       flag(plot_point(*r).has_value()),
                       r->roof_now ? format_exact(r->roof_now->median) : "",
                       p && p->efficiency_now ? format_exact(*p->efficiency_now) : ""});
    }
  }
  return out;
}

std::string crossovers_csv(const std::vector<DeviceView>& views) {
  std::string out;
  append_row(out, {"panel", "kind", "leads_below", "leads_from", "size", "between_low",
                   "between_high", "clear"});
  for (const StudyPanel& panel : study_panels(views))
    for (const Crossover& c : crossovers(panel))
      append_row(out, {c.panel, c.kind, c.leads_below, c.leads_above, format_exact(c.at.size),
                       format_exact(c.at.below), format_exact(c.at.above), flag(c.at.clear)});
  return out;
}

}  // namespace reports
