#pragma once
// The backend contract: discover devices, probe their ceilings, provide kernel cases.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/counters.hpp"
#include "roofline/harness.hpp"
#include "roofline/profile.hpp"
#include "roofline/sensors.hpp"

namespace roofline {

class ProgramProfiler;  // roofline/program.hpp

struct Availability {
  bool available = false;
  std::string reason;  // why not, when unavailable
};

struct ProbeOptions {
  bool quick = true;
  double max_working_set = 0;  // bytes; 0: the sweep's own limit (≥ 4× the last-level cache)
  // For a device sharing the host's memory (Device::shares_host_memory): where the CPU backend's
  // sweep showed the host's DRAM begin earlier in the same probe (bytes; Device::dram_onset), from
  // which it places its DRAM (probes::shared_dram_onset). nullopt for any other device, or where
  // the CPU was not probed or its sweep did not show it.
  std::optional<double> host_dram_from = std::nullopt;
  MeasureOptions measure;
  // The energy pass (rooflab probe --energy, --full): once every ceiling is measured, each one's
  // own kernel runs for an energy window (roofline/energy_window.hpp), where the backend's sensors
  // need windows of seconds for energy (NVML) and the measure options have a sampler.
  bool energy = false;
};

struct RunOptions {
  bool quick = true;
  std::vector<std::string> families;  // empty: the default suite
  std::vector<std::string> variants;  // empty: all
  std::optional<std::int64_t> size;   // elements per array; empty: the default for the family
  MeasureOptions measure;
  // Hardware counters to read (rooflab run --counters): empty list, the provider's default set;
  // nullopt, none.
  std::optional<std::vector<std::string>> counters;
  // Repeat the profile's outermost memory roof before and after a device's cases, and time its
  // kernels beside them (rooflab run --no-roof-check: not).
  bool roof_checks = true;
  // With no variants named, also the opt-in ones, which otherwise run only when named (rooflab
  // list shows them).
  bool opt_in = false;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  virtual Availability availability() const = 0;
  // Device facts and theoretical peaks; no measurement.
  virtual std::vector<Device> devices() const = 0;
  // Measures the device's ceilings into it (compute, memory, sweep). Returns the measurements
  // that failed (verification or error), one line each; they are left out of the ceilings.
  // Findings a reader must see beside the ceilings go to device.facts["probe_notes"] (strings):
  // the command line prints them and the report shows them with the device.
  virtual std::vector<std::string> probe(Device& device, const ProbeOptions& options) const = 0;
  // Once each of `devices` (two or more of this backend's, from one probe) was probed alone:
  // measures again, alone and then on all of them at once, the roofs that neighbours can take
  // from each other (a shared power budget, host link or host threads), into each device's
  // facts["concurrent"], with a probe note for each roof that drops. Returns the measurements
  // that failed, as probe() does. Backends without such a pass measure nothing.
  virtual std::vector<std::string> probe_together(const std::vector<Device*>& /*devices*/,
                                                  const ProbeOptions& /*options*/) const {
    return {};
  }
  // Throws InputError for a size the device cannot hold, an unknown family or variant.
  virtual std::vector<std::unique_ptr<Case>> cases(const Device& device,
                                                   const RunOptions& options) const = 0;
  // The device's hardware counters; nullptr when the backend has none.
  virtual std::unique_ptr<CounterProvider> counter_provider(const Device&) const { return nullptr; }
  // Kernels of exactly known work that calibrate the counters before they are trusted: an
  // in-place nested SAXPY, a pure read and a pure write, with their working sets in DRAM.
  virtual std::vector<std::unique_ptr<Case>> calibration_cases(const Device&) const { return {}; }
  // The probe's measurements behind the device's outermost memory roof, one per kernel, repeated
  // around a run's cases (Results::roof_checks) and timed in turn with the cases in that level
  // (Result::roof_now): a roof the machine no longer reaches, or now exceeds, makes every
  // efficiency against it wrong. Empty when the backend cannot repeat them.
  virtual std::vector<std::unique_ptr<Case>> roof_check_cases(const Device&) const { return {}; }
  // How a user's program is profiled on this backend's devices (rooflab profile); nullptr when
  // it cannot be.
  virtual std::unique_ptr<ProgramProfiler> program_profiler() const;
  // The device's sensors (energy, clocks, temperature, clock events: roofline/sensors.hpp), read
  // around every timed sample (MeasureOptions::sampler); nullptr when the backend reads none.
  virtual std::unique_ptr<Sampler> sampler(const Device&) const { return nullptr; }
};

class Registry {
 public:
  void add(std::unique_ptr<Backend> backend);
  const std::vector<std::unique_ptr<Backend>>& backends() const { return backends_; }
  // The backend of a device id ("cpu", "cuda:0" → "cuda"); nullptr when none.
  const Backend* backend_for(const std::string& device_id) const;

 private:
  std::vector<std::unique_ptr<Backend>> backends_;
};

}  // namespace roofline
