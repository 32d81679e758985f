#include "roofline/results.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

#include "roofline/bytes_text.hpp"
#include "roofline/disturbed.hpp"
#include "roofline/input_error.hpp"

namespace roofline {

double bandwidth(const Result& r) {
  if (!r.time || !(r.time->median > 0)) return std::numeric_limits<double>::quiet_NaN();
  return r.work.bytes / r.time->median;
}

std::string Result::failure() const {
  if (!error.empty()) return error;
  if (!verification.passed)
    return verification.message.empty() ? "verification failed"
                                        : "verification failed: " + verification.message;
  return time ? std::string() : "no timing samples";
}

namespace {

// "0.23 of the dram roof (3.22e+12 B/s)": the roof a placement is measured against.
std::string far_below_note(const Placement& p, double efficiency, const Roofline& roofs,
                           const Result& r) {
  const bool memory = p.bound == Bound::memory;
  const std::optional<double> roof =
      memory ? (r.roof_now ? r.roof_now->median : roofs.bandwidth(p.level))
             : roofs.peak(r.work.precision);
  char text[200];
  std::snprintf(
      text, sizeof text, "far below its roof: %.2f of the %s roof (%.3g %s%s)", efficiency,
      memory ? p.level.c_str() : std::string(to_string(r.work.precision)).c_str(), roof.value_or(0),
      memory ? "B/s" : "FLOP/s", memory && r.roof_now ? ", measured in the same seconds" : "");
  return text;
}

}  // namespace

void place(Result& r, const Roofline& roofs) {
  r.placement.reset();
  if (!r.ok()) return;
  r.placement = roofs.place(r.work, r.level, r.time->median);
  if (!r.placement) return;
  if (r.roof_now) {
    const Roofline now(roofs.compute(), {{r.level, r.roof_now->median}});
    if (const auto placed = now.place(r.work, r.level, r.time->median))
      r.placement->efficiency_now = placed->efficiency;
  }
  const double efficiency = r.placement->efficiency_now.value_or(r.placement->efficiency);
  if (!r.time->unstable && efficiency < kFarBelowRoof)
    r.placement->note = far_below_note(*r.placement, efficiency, roofs, r);
}

void place_on(Result& r, const Device& device) {
  r.disturbed = disturbance(r, device);
  const bool no_roofs = device.compute.empty() && device.memory.empty();  // nothing to choose
  if (!r.params.contains("roof_threads") || no_roofs) return place(r, device.roofline());
  const nlohmann::json& wanted = r.params.at("roof_threads");
  if (!wanted.is_number_integer() || wanted.get<std::int64_t>() < 1 ||
      wanted.get<std::int64_t>() > 1048576)  // the machine schema's bound on a thread count
    throw InputError("result '" + r.variant + "' (" + r.family + "): params.roof_threads is " +
                     wanted.dump() + ", expected a thread count from 1 to 1048576");
  const int threads = wanted.get<int>();
  if (r.level.empty())  // measured outside Rooflab, by a writer that knows no profile
    r.level = device.level_for(
        r.work.working_set > 0 ? r.work.working_set : std::numeric_limits<double>::infinity(),
        threads);
  // Its own thread count's roofs where they hold the two it is placed against.
  const Roofline own = device.roofline(threads);
  const bool measured = own.bandwidth(r.level) && own.peak(r.work.precision);
  const auto count = [](int n) { return std::to_string(n) + (n == 1 ? " thread" : " threads"); };
  r.params["roofs"] = measured ? "measured with " + count(threads)
                               : "all cores (" + count(device.max_threads_measured()) +
                                     "): the profile has no " + r.level + " or " +
                                     std::string(to_string(r.work.precision)) +
                                     " roof measured with " + count(threads);
  place(r, measured ? own : device.roofline());
}

std::vector<const Result*> far_below_roof(const Results& r) {
  std::vector<const Result*> out;
  for (const auto& result : r.results)
    if (result.placement && !result.placement->note.empty()) out.push_back(&result);
  return out;
}

std::vector<const Result*> above_roof(const Results& r, double margin) {
  std::vector<const Result*> out;
  for (const auto& result : r.results)
    if (result.placement && result.placement->efficiency > 1 + margin) out.push_back(&result);
  return out;
}

const ComputeCeiling* tensor_path_of(const Device& device, const Result& r) {
  if (is_tensor(r.work.precision) || !r.time || r.time->median <= 0) return nullptr;
  const double rate = r.work.flops / r.time->median;
  for (const ComputeCeiling& c : device.compute)
    if (is_tensor(c.precision) && data_precision(c.precision) == r.work.precision &&
        rate <= c.flops_per_s.median * (1 + kAboveRoofMargin))
      return &c;
  return nullptr;
}

std::string_view to_string(AboveRoofCause cause) {
  switch (cause) {
    case AboveRoofCause::execution_path:
      return "a different execution path";
    case AboveRoofCause::cache_resident:
      return "a cache-resident working set";
    case AboveRoofCause::work_or_profile:
      return "a miscounted work model or a stale profile";
  }
  return "";
}

namespace {

// Why a memory-bound result's bytes came from a level nearer than the one it is placed under:
// its working set fits in a cache nearer than that level (the last one as far as it reaches), or,
// under DRAM, lies short of the DRAM onset; empty where it does not.
std::string cache_residence(const Device& d, const Result& r) {
  const Placement& p = *r.placement;
  const double ws = r.work.working_set;
  if (p.bound != Bound::memory || !(ws > 0)) return "";
  const nlohmann::json threads_param = r.params.value("threads", nlohmann::json());
  const int threads =
      threads_param.is_number_integer() ? threads_param.get<int>() : d.max_threads_measured();
  std::vector<const Cache*> nearest_first;
  for (const Cache& c : d.caches) nearest_first.push_back(&c);
  std::ranges::stable_sort(nearest_first, {}, [&](const Cache* c) { return c->capacity(threads); });
  const auto placed = std::ranges::find(nearest_first, p.level, &Cache::level);
  if (placed == nearest_first.end() && p.level != "DRAM") return "";  // outside the hierarchy
  for (auto c = nearest_first.begin(); c != placed; ++c) {
    const double holds =
        c + 1 == nearest_first.end() ? d.last_cache_reach(threads) : (*c)->capacity(threads);
    if (ws <= holds)
      return "its working set (" + bytes_text(ws) + ") fits in " + (*c)->level + " (" +
             bytes_text(holds) + " with " + std::to_string(threads) +
             " threads), which served bytes counted as " + p.level + "'s";
  }
  if (const auto onset = d.dram_onset(); p.level == "DRAM" && onset && ws < *onset)
    return "its working set (" + bytes_text(ws) + ") lies under the DRAM onset (" +
           bytes_text(*onset) + "): a cache served bytes counted as DRAM's";
  return "";
}

}  // namespace

std::optional<AboveRoof> above_roof_cause(const Device& device, const Result& r, double margin) {
  if (!r.placement || r.placement->efficiency <= 1 + margin) return std::nullopt;
  if (const ComputeCeiling* tensor = tensor_path_of(device, r)) {
    char why[200];
    std::snprintf(why, sizeof why,
                  "declared as FMA work, it ran on the tensor cores: its rate lies under the %s "
                  "roof of %.4g FLOP/s",
                  std::string(to_string(tensor->precision)).c_str(), tensor->flops_per_s.median);
    return AboveRoof{AboveRoofCause::execution_path, why};
  }
  if (std::string why = cache_residence(device, r); !why.empty())
    return AboveRoof{AboveRoofCause::cache_resident, std::move(why)};
  return AboveRoof{AboveRoofCause::work_or_profile,
                   "neither another path nor a cache explains it: its declared work is "
                   "miscounted, or the machine ran faster than during the probe (re-probe on a "
                   "quiet machine)"};
}

const Result* fastest_roof_check(const Results& r, const std::string& device_id,
                                 const std::string& when) {
  const Result* fastest = nullptr;
  for (const Result& check : r.roof_checks)
    if (check.device == device_id && check.params.value("when", "") == when && check.ok() &&
        (fastest == nullptr || bandwidth(check) > bandwidth(*fastest)))
      fastest = &check;
  return fastest;
}

std::optional<double> roof_check_ratio(const Results& r, const std::string& device_id,
                                       const std::string& when) {
  const Result* check = fastest_roof_check(r, device_id, when);
  const Device* device = r.machine.find(device_id);
  if (check == nullptr || device == nullptr) return std::nullopt;
  const std::optional<double> roof = device->roofline().bandwidth(check->level);
  if (!roof || *roof <= 0) return std::nullopt;
  return bandwidth(*check) / *roof;
}

bool roof_moved(const Results& r, const std::string& device_id, double margin) {
  for (const char* when : {"before", "after"})
    if (const auto ratio = roof_check_ratio(r, device_id, when);
        ratio && std::abs(*ratio - 1) > margin)
      return true;
  return false;
}

}  // namespace roofline
