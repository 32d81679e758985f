#include "probes/cuda/together.hpp"

#include <cuda_runtime_api.h>

#include <cstdio>

#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/measured.hpp"
#include "probes/nvidia/drop_cause.hpp"
#include "roofline/at_once.hpp"
#include "roofline/budget.hpp"
#include "roofline/identical_devices.hpp"

namespace probes::cuda {
namespace {

using roofline::Device;

int ordinal(const Device& d) { return d.facts.at("ordinal").get<int>(); }

struct Member {
  std::size_t device;  // index into the pass's devices
  std::unique_ptr<roofline::Case> c;
};

struct Measured {
  roofline::Result result;
  nvidia::WindowReading nvml;  // while its samples ran
};

// The members' cases timed at once (alone where there is one), NVML reading their GPUs meanwhile.
std::vector<Measured> at_once(const std::vector<Member>& members,
                              const std::vector<Device*>& devices,
                              const std::vector<std::unique_ptr<nvidia::NvmlDevice>>& nvml,
                              const roofline::MeasureOptions& options) {
  std::vector<roofline::AtOnce> group;
  std::vector<nvidia::NvmlDevice*> read;
  for (const Member& m : members) {
    const int o = ordinal(*devices[m.device]);
    group.push_back({m.c.get(), [o] { ROOFLAB_CUDA(cudaSetDevice(o)); }});
    read.push_back(nvml[m.device].get());
  }
  std::vector<roofline::AtOnceResult> timed;
  const auto readings =
      nvidia::readings_during(read, [&] { timed = roofline::measure_at_once(group, options); });
  std::vector<Measured> out;
  for (std::size_t k = 0; k < timed.size(); ++k)
    out.push_back({std::move(timed[k].result),
                   nvidia::within(readings[k], timed[k].first_sample, timed[k].last_sample)});
  return out;
}

nlohmann::json reading_fact(const nvidia::WindowReading& w) {
  return {{"sm_clock_hz", w.sm_hz},
          {"power_w", w.power_w},
          {"clock_limiters", nvidia::limiter_names(w.limiters)},
          {"readings", w.samples}};
}

std::string failure_text(const std::string& roof, const Device& d, const char* when,
                         const roofline::Result& r) {
  return roof + " on " + d.id + " " + when + ": " + r.failure();
}

// One roof: each device alone, then all that have it at once; the comparison into each device's
// facts["concurrent"] and a clause for its note.
void measure_roof(const TogetherRoof& roof, const std::vector<Device*>& devices,
                  const std::vector<std::unique_ptr<nvidia::NvmlDevice>>& nvml,
                  const roofline::MeasureOptions& options, std::vector<std::string>& notes,
                  std::vector<std::string>& failures) {
  const auto make = [&](std::size_t i) {
    ROOFLAB_CUDA(cudaSetDevice(ordinal(*devices[i])));
    return roof.make(*devices[i]);
  };
  std::vector<Member> together;
  std::vector<Measured> alone;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    std::vector<Member> one;
    one.push_back({i, make(i)});
    if (!one.front().c) continue;
    alone.push_back(std::move(at_once(one, devices, nvml, options).front()));
    together.push_back({i, make(i)});
  }
  if (together.size() < 2) return;
  const std::vector<Measured> at_once_measured = at_once(together, devices, nvml, options);
  for (std::size_t k = 0; k < together.size(); ++k) {
    Device& d = *devices[together[k].device];
    const Measured &a = alone[k], &t = at_once_measured[k];
    if (!a.result.ok() || !t.result.ok()) {
      failures.push_back(failure_text(roof.name, d, a.result.ok() ? "at once" : "alone",
                                      a.result.ok() ? t.result : a.result));
      continue;
    }
    const double work = roof.flops ? a.result.work.flops : a.result.work.bytes;
    const roofline::Summary by_itself = roofline::summarize(rates(a.result, work));
    const roofline::Summary with_others = roofline::summarize(rates(t.result, work));
    const double ratio = with_others.median / by_itself.median;
    nlohmann::json others = nlohmann::json::array();
    for (const Member& m : together)
      if (m.device != together[k].device) others.push_back(devices[m.device]->id);
    nlohmann::json entry = {{"roof", roof.name},
                            {"unit", roof.flops ? "FLOP/s" : "B/s"},
                            {"kernel", a.result.variant},
                            {"alone", summary_fact(by_itself)},
                            {"at_once", summary_fact(with_others)},
                            {"ratio", ratio},
                            {"with", others},
                            {"nvml_alone", reading_fact(a.nvml)},
                            {"nvml_at_once", reading_fact(t.nvml)}};
    // The profile's own roof of that name, from the probe alone: at once against it too.
    for (const roofline::DeviceRoof& r : roofline::device_roofs(d))
      if (r.roof == roof.name && r.value > 0) {
        entry["ceiling"] = r.value;
        entry["ratio_to_ceiling"] = with_others.median / r.value;
      }
    char text[160];
    std::snprintf(text, sizeof text, "%s %.3f", roof.name.c_str(), ratio);
    std::string clause = text;
    if (ratio < 1 - kMostConcurrentDrop) {
      entry["cause"] =
          nvidia::drop_cause(a.nvml, t.nvml, nvml[together[k].device]->power_limit_w());
      std::snprintf(text, sizeof text, " (DROP beyond %.0f%%: ", kMostConcurrentDrop * 100);
      clause += text + entry["cause"].get<std::string>() + ")";
    }
    d.facts["concurrent"].push_back(entry);
    notes[together[k].device] += (notes[together[k].device].empty() ? "" : ", ") + clause;
  }
}

}  // namespace

std::vector<std::string> probe_together(const std::vector<Device*>& devices,
                                        const std::vector<TogetherRoof>& roofs,
                                        const roofline::ProbeOptions& options) {
  std::vector<std::unique_ptr<nvidia::NvmlDevice>> nvml;
  for (Device* d : devices) {
    d->facts.erase("concurrent");
    nvml.push_back(
        std::make_unique<nvidia::NvmlDevice>(d->facts.at("pci_bus_id").get<std::string>()));
  }
  // Each roof: one measurement per device alone and one of all at once.
  if (roofline::Budget* budget = options.measure.budget)
    budget->plan(static_cast<int>(roofs.size() * (devices.size() + 1)));
  std::vector<std::string> notes(devices.size()), failures;
  for (const TogetherRoof& roof : roofs) {
    try {
      measure_roof(roof, devices, nvml, options.measure, notes, failures);
    } catch (const std::exception& e) {
      failures.push_back(roof.name + " at once: " + e.what());
    }
  }
  for (std::size_t i = 0; i < devices.size(); ++i) {
    if (notes[i].empty()) continue;
    std::string others;
    for (const Device* d : devices)
      if (d != devices[i]) others += (others.empty() ? "" : ", ") + d->id;
    devices[i]->facts["probe_notes"].push_back("at once with " + others +
                                               ", of its roofs alone: " + notes[i]);
  }
  return failures;
}

}  // namespace probes::cuda
