#include "roofline/program.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

namespace roofline {
namespace {

using Shape = std::tuple<std::string, std::array<long long, 3>, std::array<long long, 3>>;

struct LaunchGroup {
  std::vector<const KernelLaunch*> launches;
};

nlohmann::json dims(const std::array<long long, 3>& d) { return {d[0], d[1], d[2]}; }

// The counted launches' mean of each metric, with the errors of those that failed.
std::map<std::string, double> mean_counts(const std::vector<const KernelLaunch*>& counted) {
  std::map<std::string, double> sums;
  std::map<std::string, int> n;
  for (const KernelLaunch* l : counted)
    for (const auto& [metric, value] : l->counts) {
      sums[metric] += value;
      ++n[metric];
    }
  for (auto& [metric, sum] : sums) sum /= n[metric];
  return sums;
}

Counter counter_of(const EventSpec* spec, std::optional<double> value, const std::string& source,
                   const std::string& unavailable, const QuantityVerdicts& verdicts) {
  Counter c{value, source, Verdict::uncalibrated, ""};
  if (!value) {
    c.verdict = Verdict::unavailable;
    c.note = unavailable;
    return c;
  }
  const std::string quantity = spec ? spec->quantity : "";
  if (const auto it = verdicts.find(quantity); it != verdicts.end()) {
    c.verdict = it->second.first;
    c.note = it->second.second;
  } else {
    c.note = quantity.empty() ? "shown only"
                              : "not calibrated: no calibration kernel counts " + quantity +
                                    " (checked against exact work in "
                                    "docs/performance.md)";
  }
  return c;
}

// The memory level a result is placed at: DRAM where it moved bytes there, else the nearest
// level it measured bytes at (a kernel whose data stayed in the L2).
std::string placed_level(const Result& r) {
  if (!r.measured) return "DRAM";
  for (const char* level : {"DRAM", "L2", "shared", "L1"})
    if (const auto it = r.measured->bytes.find(level);
        it != r.measured->bytes.end() && it->second > 0)
      return level;
  return "DRAM";
}

// The work the counts measured, per launch: every FLOP event (a disagreeing one left out), the
// precision with the most FLOPs, the bytes of the level it is placed at (placed_level, which also
// names the level of a result that measured nothing).
void set_work(Result& r, const std::vector<EventSpec>& events) {
  MeasuredWork m;
  std::map<std::string, double> per_precision;
  for (const EventSpec& e : events) {
    const auto it = r.counters.find(e.name);
    if (e.quantity.empty() || it == r.counters.end() || !it->second.value ||
        it->second.verdict == Verdict::disagrees)
      continue;
    const double v = e.weight * *it->second.value;
    if (e.quantity == kFlops) {
      m.flops = m.flops.value_or(0) + v;
      if (!e.precision.empty()) per_precision[e.precision] += v;
    } else if (const std::string level = level_of_quantity(e.quantity); !level.empty()) {
      m.bytes[level] += v;
    }
  }
  if (!m.flops && m.bytes.empty()) {
    r.level = placed_level(r);
    return;
  }
  for (const auto& [level, bytes] : m.bytes)
    if (bytes > 0 && m.flops) m.ai[level] = *m.flops / bytes;
  const auto top =
      std::max_element(per_precision.begin(), per_precision.end(),
                       [](const auto& a, const auto& b) { return a.second < b.second; });
  if (top != per_precision.end() && top->second > 0)
    r.work.precision = precision_from_string(top->first);
  r.work.flops = m.flops.value_or(0);
  r.measured = m;
  r.level = placed_level(r);
  const auto at_level = m.bytes.find(r.level);
  r.work.bytes = at_level != m.bytes.end() ? at_level->second : 0;
  r.work.bytes_write_allocate = r.work.bytes;
}

}  // namespace

void sort_by_total_time(std::vector<Result>& results) {
  std::vector<std::pair<double, std::size_t>> order;
  for (std::size_t i = 0; i < results.size(); ++i)
    order.emplace_back(results[i].launches ? -results[i].launches->total_seconds : 0.0, i);
  std::stable_sort(order.begin(), order.end());
  std::vector<Result> sorted;
  sorted.reserve(results.size());
  for (const auto& [time, i] : order) sorted.push_back(std::move(results[i]));
  results = std::move(sorted);
}

std::filesystem::path library_beside_rooflab(const std::string& name) {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  for (const auto& dir :
       {exe.parent_path(), exe.parent_path().parent_path() / ROOFLAB_PRIVATE_LIBDIR})
    if (std::filesystem::exists(dir / name)) return dir / name;
  return {};
}

std::string short_kernel_name(const std::string& name) {
  std::string s = name;
  if (s.rfind("void ", 0) == 0) s.erase(0, 5);
  // The argument list: the last top-level parenthesis pair.
  if (!s.empty() && s.back() == ')') {
    int depth = 0;
    for (std::size_t i = s.size(); i-- > 0;) {
      if (s[i] == ')') ++depth;
      if (s[i] == '(' && --depth == 0) {
        s.erase(i);
        break;
      }
    }
  }
  // Template arguments beyond a few characters collapse to <…>.
  constexpr std::size_t kLongest = 32;
  std::string out;
  int depth = 0;
  std::size_t open = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '<' && depth++ == 0) open = out.size();
    if (c == '>' && depth > 0 && --depth == 0 && out.size() - open > kLongest) {
      out.erase(open);
      out += "<…>";
      continue;
    }
    out += c;
  }
  return out.empty() ? name : out;
}

std::vector<Result> kernel_results(const ProgramRecording& recording,
                                   const std::vector<EventSpec>& events,
                                   const QuantityVerdicts& verdicts, const Device& device,
                                   ProgramRun& program) {
  std::map<Shape, LaunchGroup> groups;
  for (const KernelLaunch& l : recording.launches)
    groups[{l.name, l.grid, l.block}].launches.push_back(&l);
  const auto spec_of = [&](const std::string& metric) -> const EventSpec* {
    const auto it = std::find_if(events.begin(), events.end(),
                                 [&](const EventSpec& e) { return e.name == metric; });
    return it == events.end() ? nullptr : &*it;
  };
  const std::string duration = [&] {
    for (const EventSpec& e : events)
      if (e.name.find("time_duration") != std::string::npos) return e.name;
    return std::string();
  }();

  std::vector<Result> results;
  program.kernel_seconds = 0;
  program.launches = program.counted = 0;
  for (const auto& [shape, group] : groups) {
    Result r;
    r.family = kProgramFamily;
    r.backend = device.backend;
    r.device = device.id;
    r.params = {{"kernel", std::get<0>(shape)},
                {"grid", dims(std::get<1>(shape))},
                {"block", dims(std::get<2>(shape))}};
    r.verification = {true, 0, 0, "not verified by Rooflab: a program's own kernel"};
    KernelLaunches& k = r.launches.emplace();
    std::vector<const KernelLaunch*> counted;
    std::vector<std::string> errors;
    for (const KernelLaunch* l : group.launches) {
      ++k.launches;
      if (!l->counted) {
        r.samples.push_back(l->seconds);
        continue;
      }
      if (!l->count_error.empty())
        errors.push_back(l->count_error);
      else
        counted.push_back(l);
    }
    const std::map<std::string, double> means = mean_counts(counted);
    // A shape launched only under the counters is timed by their duration metric.
    if (r.samples.empty())
      for (const KernelLaunch* l : counted)
        if (const auto it = l->counts.find(duration); it != l->counts.end() && it->second > 0)
          r.samples.push_back(it->second * 1e-9);
    for (const double s : r.samples) k.total_seconds += s;
    if (!r.samples.empty())
      k.total_seconds *= static_cast<double>(k.launches) / static_cast<double>(r.samples.size());
    k.counted = static_cast<long long>(counted.size());
    if (counted.empty())
      k.counting = !errors.empty() ? errors.front()
                   : k.launches > 0 && group.launches.front()->counted
                       ? "counted, but no metric was read"
                       : "not counted (beyond --sample, outside --kernels, or captured in a graph)";
    if (!counted.empty())
      for (const EventSpec& e : events) {
        const auto it = means.find(e.name);
        const auto why = recording.unavailable.find(e.name);
        r.counters[e.name] = counter_of(
            spec_of(e.name), it != means.end() ? std::optional(it->second) : std::nullopt,
            recording.source,
            why != recording.unavailable.end() ? why->second : "not counted on this device",
            verdicts);
      }
    set_work(r, events);
    r.variant = short_kernel_name(std::get<0>(shape));
    if (r.samples.empty()) r.error = "no launch was timed";
    if (!r.samples.empty()) r.time = summarize(r.samples);
    program.kernel_seconds += k.total_seconds;
    program.launches += k.launches;
    program.counted += k.counted;
    results.push_back(std::move(r));
  }
  for (Result& r : results) {
    if (program.kernel_seconds > 0)
      r.launches->share = r.launches->total_seconds / program.kernel_seconds;
    if (r.measured && r.ok()) place(r, device.roofline());
  }
  sort_by_total_time(results);
  return results;
}

std::optional<Limit> limit_of(const Result& r, const Roofline& roofs) {
  if (!r.ok() || !r.measured || !r.time || !(r.time->median > 0)) return std::nullopt;
  const MeasuredWork& m = *r.measured;
  const double flops = m.flops.value_or(0);
  std::optional<Limit> best;
  const auto consider = [&](const std::string& roof, double attainable, double achieved) {
    if (!(attainable > 0) || !(achieved > 0)) return;
    if (!best || attainable / achieved < best->speedup)
      best = Limit{roof, attainable, attainable / achieved};
  };
  if (flops > 0) {
    const double achieved = flops / r.time->median;
    if (const auto peak = roofs.peak(r.work.precision))
      consider(std::string(to_string(r.work.precision)), *peak, achieved);
    for (const auto& [level, bytes] : m.bytes)
      if (const auto bw = roofs.bandwidth(level); bw && bytes > 0)
        consider(level, *bw * flops / bytes, achieved);
  } else {
    // No FLOPs: each level's bytes against its bandwidth.
    for (const auto& [level, bytes] : m.bytes)
      if (const auto bw = roofs.bandwidth(level); bw && bytes > 0)
        consider(level, *bw, bytes / r.time->median);
  }
  return best;
}

}  // namespace roofline
