#pragma once
// The machine profile (rooflab.machine/1): what a device is and the ceilings measured on it.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "roofline/model.hpp"
#include "roofline/stats.hpp"
#include "roofline/work.hpp"

namespace roofline {

struct Provenance {
  std::string version, git_hash, compiler, flags, build_type;
  std::string host, os, cpu_model;
  int threads = 0;                         // OpenMP threads used
  std::string thread_binding;              // OMP_PROC_BIND / OMP_PLACES as used
  std::vector<std::vector<int>> affinity;  // CPUs each OpenMP thread may run on
  std::string time;                        // ISO 8601, UTC
  std::string command;                     // the command line
};

struct Cache {
  std::string level;      // "L1", "L2", "L3"
  double size_bytes = 0;  // one instance
  int instances = 0;
  int cpus_per_instance = 0;

  // Capacity seen by `threads` threads placed on consecutive CPUs (proc_bind close).
  double capacity(int threads) const;
};

// A theoretical peak from hardware facts, shown next to the measured ceiling of the same key.
struct TheoreticalCompute {
  Precision precision;
  std::string path;
  int threads = 0;
  double flops_per_s = 0;
  std::string
      basis;  // how it was computed, e.g. "2 cores x 3.49 GHz x 32 FLOP/cycle (Zen 3, avx2)"
};

struct TheoreticalMemory {
  std::string level;
  double bytes_per_s = 0;
  std::string basis;
};

struct ComputeCeiling {
  Precision precision;
  std::string path;
  int threads = 0;
  Summary flops_per_s;  // summary of the per-sample FLOP rates
  double clock_hz = 0;  // core clock measured while the probe ran (0 when unknown)
  std::string method;
};

struct MemoryCeiling {
  std::string level;
  std::string kernel;  // "read", "write", "copy", "triad"
  int threads = 0;
  Summary bytes_per_s;                              // pooled samples of the plateau's points
  double working_set_min = 0, working_set_max = 0;  // the plateau the ceiling comes from
  std::string method;
};

// One point of a bandwidth sweep.
struct SweepPoint {
  std::string kernel;
  int threads = 0;
  std::string store;  // "temporal" or "nontemporal"
  double working_set = 0;
  std::vector<double> bytes_per_s;  // every sample
};

struct Device {
  std::string id;       // "cpu", "opencl:P:D", "cuda:N"
  std::string backend;  // "cpu", "opencl", "cuda"
  std::string name, vendor, driver;
  int compute_units = 0;  // cores on a CPU
  double clock_hz = 0;    // nominal clock
  double memory_bytes = 0;
  std::vector<Cache> caches;
  nlohmann::json facts = nlohmann::json::object();  // backend-specific facts (ISA, core family…)

  std::vector<TheoreticalCompute> theoretical_compute;
  std::vector<TheoreticalMemory> theoretical_memory;
  std::vector<ComputeCeiling> compute;
  std::vector<MemoryCeiling> memory;
  std::vector<SweepPoint> sweep;

  // The roofs measured with `threads` threads (0: the most threads measured): compute roofs per
  // precision and path, and per level the best kernel's ceiling.
  Roofline roofline(int threads = 0) const;
  int max_threads_measured() const;
  // The memory level a working set of this size lives in with `threads` threads: the nearest
  // level that holds it; between two levels' read plateaus, the level whose read ceiling is nearer
  // the sweep's read at this working set (with those threads), where the profile has them.
  std::string level_for(double working_set, int threads) const;
};

struct MachineProfile {
  Provenance provenance;
  std::vector<Device> devices;
  // Why the probe stopped early ("interrupted by SIGINT while probing cpu"): the devices hold
  // what finished; empty for a complete probe.
  std::string incomplete;

  const Device* find(const std::string& id) const;
};

}  // namespace roofline
