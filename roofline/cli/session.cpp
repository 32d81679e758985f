#include "roofline/cli/session.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/identical_devices.hpp"
#include "reports/roof_check.hpp"
#include "roofline/budget.hpp"
#include "roofline/cli/backends.hpp"
#include "roofline/cli/checkpoint.hpp"
#include "roofline/cli/counting_setup.hpp"
#include "roofline/cli/resume.hpp"
#include "roofline/cli/roof_checks.hpp"
#include "roofline/cluster/world.hpp"
#include "roofline/energy.hpp"
#include "roofline/harness.hpp"
#include "roofline/identical_devices.hpp"
#include "roofline/input_error.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/names.hpp"
#include "roofline/physical_limits.hpp"
#include "roofline/provenance.hpp"

namespace cli {
namespace {

// What a time budget shrank or overran, once per phase.
void say_budget(const std::string& phase, const roofline::Budget& budget) {
  if (const std::string summary = budget.summary(); !summary.empty())
    std::cerr << "time budget: " << phase << ": " << summary << "\n";
}

// Said at the start of a measuring command, whose provenance records the same.
void warn_if_busy(const roofline::Provenance& p) {
  if (p.machine_load.busy())
    std::cerr << "warning: the machine is busy: " << p.machine_load.text()
              << ": figures will be low and noisy, and a time budget buys fewer measurements "
                 "(recorded in the provenance)\n";
}

// The device's sensors (Backend::sampler), unless the options say none: what disturbs its figures
// at the start is recorded in the provenance and said on stderr; nullptr where the backend reads
// none.
std::unique_ptr<roofline::Sampler> open_sampler(const Selected& d,
                                                const roofline::MeasureOptions& measure,
                                                roofline::Provenance& p) {
  if (!measure.sensors) return nullptr;
  auto sampler = d.backend->sampler(d.device);
  if (!sampler) return nullptr;
  for (const std::string& clause : sampler->disturbances()) {
    p.disturbances.push_back(d.device.id + ": " + clause);
    std::cerr << "warning: " << d.device.id << ": " << clause
              << ": figures may move (recorded in the provenance)\n";
  }
  return sampler;
}

// The device's idle power: its sensors over a quiet interval (the static power
// roofline::energy_ceilings takes out), a second long: NVML's energy counter resolves no shorter
// window. Where the sensors read no energy, stderr says why.
roofline::Sensed idle_power(const Selected& d, roofline::Sampler& sampler) {
  constexpr double kQuietSeconds = 1.0;
  sampler.start(kQuietSeconds);
  std::this_thread::sleep_for(std::chrono::duration<double>(kQuietSeconds));
  const roofline::Sensors quiet = sampler.stop();
  if (!quiet.energy_j.value)
    std::cerr << "note: " << d.device.id << ": energy not read: " << quiet.energy_j.unavailable
              << "\n";
  return quiet.mean_power_w();
}

// The device's probe notes from the index `from` on, to stderr.
void say_notes(const roofline::Device& device, std::size_t from = 0) {
  const auto notes = device.facts.value("probe_notes", nlohmann::json::array());
  for (std::size_t i = from; i < notes.size(); ++i)
    std::cerr << "note: " << device.id << ": " << notes[i].get<std::string>() << "\n";
}

// Each backend's pass over its probed devices at once (Backend::probe_together), where it has two
// or more, with what is left of the time budget.
void probe_together(Session& s, const std::vector<Selected>& devices,
                    roofline::MachineProfile& machine, const roofline::ProbeOptions& options,
                    std::optional<roofline::Budget>& whole) {
  std::vector<std::pair<const roofline::Backend*, std::vector<roofline::Device*>>> by_backend;
  for (const Selected& d : devices) {
    auto group = std::find_if(by_backend.begin(), by_backend.end(),
                              [&](const auto& g) { return g.first == d.backend; });
    if (group == by_backend.end()) group = by_backend.insert(group, {d.backend, {}});
    for (roofline::Device& probed : machine.devices)
      if (probed.id == d.device.id) group->second.push_back(&probed);
  }
  for (const auto& [backend, group] : by_backend) {
    if (group.size() < 2) continue;
    roofline::ProbeOptions together = options;
    std::optional<roofline::Budget> budget;
    if (whole) {
      budget.emplace(std::max(0.0, whole->seconds_left()));
      together.measure.budget = &*budget;
    }
    std::vector<std::size_t> noted;
    std::vector<std::string> ids;
    for (const roofline::Device* d : group) {
      noted.push_back(d->facts.value("probe_notes", nlohmann::json::array()).size());
      ids.push_back(d->id);
    }
    const std::string phase = "probe " + roofline::joined(ids) + " alone and at once";
    const auto start = std::chrono::steady_clock::now();
    const auto failures = backend->probe_together(group, together);
    bool noting = false;
    for (std::size_t i = 0; i < group.size(); ++i)
      noting |= group[i]->facts.value("probe_notes", nlohmann::json::array()).size() > noted[i];
    if (failures.empty() && !noting) continue;  // the backend has no such pass
    std::fprintf(stderr, "%s: %.2f s\n", phase.c_str(),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    for (const auto& failure : failures) {
      std::cerr << "FAILED " << phase << ": " << failure << "\n";
      s.exit_code = kExitFailure;
    }
    if (budget) say_budget(phase, *budget);
    for (std::size_t i = 0; i < group.size(); ++i) say_notes(*group[i], noted[i]);
  }
}

}  // namespace

const roofline::Registry& Session::registry() const {
  if (!registry_) register_backends(registry_.emplace());
  return *registry_;
}

std::vector<Selected> select_devices(const Session& s, const std::vector<std::string>& ids) {
  std::vector<Selected> all;
  for (const auto& backend : s.registry().backends()) {
    if (!backend->availability().available) continue;
    for (auto& device : backend->devices()) all.push_back({backend.get(), std::move(device)});
  }
  if (ids.empty()) return all;
  std::vector<Selected> chosen;
  for (const auto& named : ids) {
    const std::string id = cluster::with_local_rank(named);
    auto it =
        std::find_if(all.begin(), all.end(), [&](const Selected& d) { return d.device.id == id; });
    if (it == all.end()) {
      std::vector<std::string> known;
      for (const auto& d : all) known.push_back(d.device.id);
      const auto* backend = s.registry().backend_for(id);
      const bool unavailable = backend && !backend->availability().available;
      std::string why = unavailable
                            ? backend->name() + " is unavailable: " + backend->availability().reason
                            : "available: " + roofline::joined(known);
      throw roofline::InputError("unknown device '" + id + "' (" + why + ")" +
                                 (unavailable ? "" : roofline::did_you_mean(id, known)));
    }
    chosen.push_back(*it);
  }
  return chosen;
}

roofline::MachineProfile probe(Session& s, std::vector<Selected>& devices,
                               const roofline::ProbeOptions& options,
                               std::optional<double> budget_seconds) {
  roofline::MachineProfile machine;
  machine.provenance = roofline::collect_provenance(s.command_line);
  warn_if_busy(machine.provenance);
  std::optional<roofline::Budget> whole;
  if (budget_seconds) whole.emplace(*budget_seconds);
  // The CPU first: a device that shares the host's memory (an OpenCL CPU device) places its DRAM
  // from where the CPU's sweep showed the host's begin.
  std::vector<Selected*> order;
  for (Selected& d : devices) order.push_back(&d);
  std::stable_partition(order.begin(), order.end(),
                        [](const Selected* d) { return d->device.backend == "cpu"; });
  for (std::size_t i = 0; i < order.size(); ++i) {
    Selected& d = *order[i];
    roofline::ProbeOptions device_options = options;
    if (d.device.shares_host_memory())
      for (const roofline::Device& probed : machine.devices)
        if (probed.backend == "cpu") device_options.host_dram_from = probed.dram_onset();
    std::optional<roofline::Budget> budget;
    if (whole) {
      budget.emplace(std::max(0.0, whole->seconds_left()) /
                     static_cast<double>(devices.size() - i));
      device_options.measure.budget = &*budget;
    }
    const auto sampler = open_sampler(d, options.measure, machine.provenance);
    device_options.measure.sampler = sampler.get();
    roofline::Sensed idle_w = sampler ? idle_power(d, *sampler) : roofline::Sensed{};
    try {
      for (const auto& failure : d.backend->probe(d.device, device_options)) {
        std::cerr << "FAILED probe " << d.device.id << " " << failure << "\n";
        s.exit_code = kExitFailure;
      }
    } catch (const roofline::Interrupted& stop) {
      // A device keeps the ceilings its probe concluded before it stopped (the CPU's: its
      // compute ceilings and the memory levels its sweep reached); the devices after it are
      // not probed.
      machine.incomplete = std::string(stop.what()) + " while probing " + d.device.id;
      if (d.device.compute.empty() && d.device.memory.empty()) break;
    }
    if (sampler) {
      // After an energy pass the idle power is read again, the card at the temperature its
      // windows ran at: static power rises with heat, and a cold idle reading leaves some of it
      // in every ceiling's energy beyond idle (two probes' idle differed by 9% on an H200).
      if (options.energy) idle_w = idle_power(d, *sampler);
      d.device.energy = roofline::energy_ceilings(d.device, idle_w, sampler->power_cap_w());
    }
    if (budget) say_budget("probe " + d.device.id, *budget);
    for (const std::string& line :
         roofline::refuse_unfounded_ceilings(d.device, options.max_working_set))
      std::cerr << "warning: " << reports::terminal_text(line) << "\n";
    say_notes(d.device);
    machine.devices.push_back(d.device);
    if (!machine.incomplete.empty()) break;
  }
  if (machine.incomplete.empty()) probe_together(s, devices, machine, options, whole);
  machine.identical = roofline::compare_identical(machine.devices);
  for (const roofline::IdenticalDevices& group : machine.identical)
    for (const std::string& line : reports::identical_devices_lines(group))
      std::cout << line << "\n";
  return machine;
}

namespace {

// What identifies a case across runs: its device, family, variant, precision and parameters.
std::string case_key(const std::string& device, const std::string& family,
                     const std::string& variant, roofline::Precision p,
                     const nlohmann::json& params) {
  return device + '\n' + family + '\n' + variant + '\n' + std::string(to_string(p)) + '\n' +
         params.dump();
}
std::string case_key(const roofline::CaseInfo& c) {
  return case_key(c.device, c.family, c.variant, c.work.precision, c.params);
}
std::string case_key(const roofline::Result& r) {
  return case_key(r.device, r.family, r.variant, r.work.precision, r.params);
}

}  // namespace

roofline::Results run(const Session& s, const roofline::MachineProfile& machine,
                      const std::vector<Selected>& devices, const roofline::RunOptions& options,
                      const roofline::Results* resume, std::optional<double> budget_seconds,
                      const std::filesystem::path& checkpoint_path) {
  roofline::Results results;
  results.provenance = roofline::collect_provenance(s.command_line);
  warn_if_busy(results.provenance);
  results.machine = machine;
  std::map<std::string, roofline::Result> earlier;  // by case_key
  if (resume) {
    warn_if_other_host(*resume, results.provenance.host);
    for (const roofline::Result& r : resume->results) earlier.emplace(case_key(r), r);
  }
  // Counter names are checked on every device before any work starts.
  std::vector<std::unique_ptr<roofline::Counting>> counting(devices.size());
  if (options.counters)
    for (std::size_t i = 0; i < devices.size(); ++i)
      counting[i] = open_counting(*devices[i].backend, devices[i].device, *options.counters);
  // Every device's cases, planned before any is measured: each device's in their order, each
  // taken from the resumed file or measured now; the roof is checked where the run has cases in
  // its level (a run in the caches does not pay for DRAM-sized checks).
  struct Plan {
    std::vector<std::string> order;
    std::vector<std::unique_ptr<roofline::Case>> to_measure;
    std::map<std::string, roofline::Result> measured;  // by case_key
    bool check = false;
  };
  std::vector<Plan> plans(devices.size());
  std::size_t planned = 0, to_measure = 0, measured = 0;
  std::optional<roofline::Budget> budget;
  if (budget_seconds) budget.emplace(*budget_seconds, roofline::Budget::WhenSpent::stop);
  // Each device as the profile measured it (sizes follow its sweep), or as detected.
  const auto profiled = [&](const Selected& d) -> roofline::Device& {
    auto& known = results.machine.devices;
    auto it = std::find_if(known.begin(), known.end(),
                           [&](const roofline::Device& k) { return k.id == d.device.id; });
    return it != known.end() ? *it : known.emplace_back(d.device);
  };
  for (const Selected& d : devices) profiled(d);
  // The results hold the devices that were run, not every device of the profile.
  std::erase_if(results.machine.devices, [&](const roofline::Device& known) {
    return std::none_of(devices.begin(), devices.end(),
                        [&](const Selected& d) { return d.device.id == known.id; });
  });
  for (std::size_t i = 0; i < devices.size(); ++i) {
    const Selected& d = devices[i];
    const roofline::Device& device = profiled(d);
    if (const std::string caveat = device.cache_caveat(); !caveat.empty())
      std::cerr << "note: " << device.id << ": no profile: " << caveat << "\n";
    Plan& plan = plans[i];
    for (auto& c : d.backend->cases(device, options)) {
      plan.order.push_back(case_key(c->info()));
      if (!earlier.contains(plan.order.back())) plan.to_measure.push_back(std::move(c));
    }
    plan.check = options.roof_checks && in_roof_level(plan.to_measure, *d.backend, device);
    planned += plan.order.size();
    to_measure += plan.to_measure.size();
    if (budget)
      budget->plan(
          static_cast<int>(plan.to_measure.size() +
                           (plan.check ? 2 * d.backend->roof_check_cases(device).size() : 0)));
  }
  std::set<std::string> in_run;
  for (const Plan& plan : plans) in_run.insert(plan.order.begin(), plan.order.end());
  say_not_resumed(std::count_if(earlier.begin(), earlier.end(),
                                [&](const auto& e) { return !in_run.contains(e.first); }),
                  earlier.size());
  // Every device's results in case order: the resumed file's and those measured so far.
  const auto in_order = [&] {
    std::vector<roofline::Result> out;
    for (const Plan& plan : plans)
      for (const std::string& key : plan.order)
        if (auto e = earlier.find(key); e != earlier.end())
          out.push_back(e->second);
        else if (auto m = plan.measured.find(key); m != plan.measured.end())
          out.push_back(m->second);
    return out;
  };
  Checkpoint checkpoint(checkpoint_path, resume_command(s, checkpoint_path.string()));
  std::string stopped;  // the interrupt that stopped the run
  try {
    for (std::size_t i = 0; i < devices.size(); ++i) {
      const Selected& d = devices[i];
      Plan& plan = plans[i];
      roofline::Device& device = profiled(d);
      roofline::MeasureOptions measure = options.measure;
      measure.budget = budget ? &*budget : nullptr;
      // Competing cases are prepared together to interleave them; a quarter of the device's
      // memory leaves room for everything else running there.
      measure.together_bytes = device.memory_bytes / 4;
      if (counting[i]) {
        calibrate(*counting[i], *d.backend, device, results.calibration);
        measure.counting = counting[i].get();
      }
      measure.finished = [&](const roofline::Result& r) {
        plan.measured.emplace(case_key(r), r);
        if (!checkpoint.due(++measured == to_measure)) return;
        roofline::Results so_far = results;
        so_far.results = in_order();
        place_all(so_far);
        checkpoint.write(std::move(so_far), planned);
      };
      const auto sampler = open_sampler(d, options.measure, results.provenance);
      measure.sampler = sampler.get();
      roofline::MeasureOptions check_measure = options.measure;
      check_measure.budget = measure.budget;
      check_measure.sampler = sampler.get();
      if (plan.check) check_roof(results, *d.backend, device, check_measure, "before");
      const auto roof_now = roof_now_cases(results, *d.backend, device);
      for (const auto& c : roof_now) measure.roof_now.push_back(c.get());
      roofline::measure_all(plan.to_measure, measure, "run " + d.device.id);
      if (plan.check) check_roof(results, *d.backend, device, check_measure, "after");
    }
  } catch (const roofline::Interrupted& stop) {
    stopped = stop.what();
  }
  results.results = in_order();
  if (!stopped.empty())
    results.incomplete = stopped + " after " + std::to_string(results.results.size()) + " of " +
                         std::to_string(planned) + " cases";
  if (budget) say_budget("run", *budget);
  place_all(results);
  return results;
}

void place_all(roofline::Results& r) {
  for (auto& result : r.results) {
    const roofline::Device* device = r.machine.find(result.device);
    if (device) roofline::place_on(result, *device);
  }
}

roofline::OutputLock check_output(const std::filesystem::path& path,
                                  const std::vector<std::string>& inputs) {
  if (path.empty()) throw roofline::InputError("output '' names no file");
  const auto dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(dir))
    throw roofline::InputError("output '" + path.string() + "': folder '" + dir.string() +
                               "' does not exist");
  if (access(dir.c_str(), W_OK) != 0)
    throw roofline::InputError("output '" + path.string() + "': folder '" + dir.string() +
                               "' is not writable");
  if (std::filesystem::is_directory(path))
    throw roofline::InputError("output '" + path.string() + "' is a folder");
  std::error_code error;  // an input that is not there is not the output
  for (const std::string& input : inputs)
    if (std::filesystem::equivalent(path, input, error))
      throw roofline::InputError("output '" + path.string() + "' is the input '" + input +
                                 "': writing it would destroy it");
  const auto target = roofline::output_target(path);
  return roofline::OutputLock(target);
}

void say_probe_incomplete(Session& s, const roofline::MachineProfile& m,
                          const std::string& written) {
  std::string devices;
  for (const auto& d : m.devices) devices += (devices.empty() ? "" : ", ") + d.id;
  std::cerr << "rooflab: " << m.incomplete << ": " << written << " holds what finished ("
            << (devices.empty() ? "no device" : devices)
            << "), marked incomplete; probe again for the whole profile\n";
  s.exit_code = roofline::interrupt_exit_code();
}

std::string resume_command(const Session& s, const std::string& written) {
  return with_resume(s.command_line, written);
}

void say_how_to_resume(Session& s, const roofline::Results& r, const std::string& written,
                       const std::string& command) {
  std::ostringstream text;
  text << "rooflab: " << r.incomplete << ": the " << r.results.size() << " finished are in "
       << written << " (marked incomplete). To run the rest: "
       << (command.empty() ? resume_command(s, written) : command) << "\n";
  std::cerr << reports::terminal_text(text.str());
  // A run its time budget stopped did what was asked of it.
  if (roofline::interrupted()) s.exit_code = roofline::interrupt_exit_code();
}

void report_problems(Session& s, const roofline::Results& r) {
  // Names, hosts and messages may come from a file (--machine, --resume): shown as terminal text.
  std::ostringstream text;
  // Results above their roof, one warning per likely cause (roofline::above_roof_cause), naming
  // the furthest above and its evidence.
  std::map<roofline::AboveRoofCause, std::vector<std::pair<const roofline::Result*, std::string>>>
      above;
  for (const roofline::Result* a : roofline::above_roof(r))
    if (const roofline::Device* device = r.machine.find(a->device))
      if (const auto cause = roofline::above_roof_cause(*device, *a))
        above[cause->cause].emplace_back(a, cause->why);
  for (const auto& [cause, results] : above) {
    const auto& [worst, why] =
        *std::max_element(results.begin(), results.end(), [](const auto& a, const auto& b) {
          return a.first->placement->efficiency < b.first->placement->efficiency;
        });
    text << "warning: " << results.size() << " result(s) lie more than "
         << std::lround(roofline::kAboveRoofMargin * 100) << "% above their roof (up to "
         << static_cast<int>(worst->placement->efficiency * 100) << "%, " << worst->device << " "
         << worst->family << "/" << worst->variant << " " << worst->params.dump()
         << "); likely cause, " << roofline::to_string(cause) << ": " << why
         << "; their efficiencies are not against the roof that served them\n";
  }
  if (const auto below = roofline::far_below_roof(r); !below.empty()) {
    const auto* worst = *std::min_element(below.begin(), below.end(), [](auto* a, auto* b) {
      return a->placement->efficiency < b->placement->efficiency;
    });
    text << "note: " << below.size() << " stable result(s) lie below "
         << static_cast<int>(roofline::kFarBelowRoof * 100)
         << "% of their roof; the lowest: " << worst->device << " " << worst->family << "/"
         << worst->variant << " " << worst->params.dump() << ", " << worst->placement->note << "\n";
  }
  if (const auto disturbed = std::count_if(r.results.begin(), r.results.end(),
                                           [](const auto& x) { return !x.disturbed.empty(); }))
    for (const auto& result : r.results)
      if (!result.disturbed.empty()) {
        text << "warning: " << disturbed << " result(s) ran disturbed, their figures below the "
             << "device's best; the first: " << result.device << " " << result.family << "/"
             << result.variant << " " << result.params.dump() << ": " << result.disturbed << "\n";
        break;
      }
  for (const auto& device : r.machine.devices)
    if (roofline::roof_moved(r, device.id))
      text << "warning: " << device.id << ": " << reports::roof_check_note(r, device.id) << "\n";
  for (const auto& result : r.results) {
    if (result.ok()) continue;
    text << "FAILED " << result.family << "/" << result.variant << " " << result.params.dump()
         << ": " << result.failure() << "\n";
    s.exit_code = kExitFailure;
  }
  for (const auto& check : r.roof_checks)
    if (!check.ok()) {
      text << "FAILED roof check " << check.device << " " << check.variant << " "
           << check.params.dump() << ": " << check.failure() << "\n";
      s.exit_code = kExitFailure;
    }
  std::cerr << reports::terminal_text(text.str());
}

}  // namespace cli
