#pragma once
// The machine profile (rooflab.machine/1): what a device is and the ceilings measured on it.
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/model.hpp"
#include "roofline/outliers.hpp"
#include "roofline/sensors.hpp"
#include "roofline/stats.hpp"
#include "roofline/work.hpp"

namespace roofline {

// How busy the machine was with other work when a command started: figures measured beside other
// work are low and noisy, and a time budget buys less.
struct MachineLoad {
  int cpus = 0;             // online CPUs; 0: not measured
  double load_average = 0;  // the kernel's 1-minute load average
  double busy_cpus = 0;     // CPUs' worth of time others used in a short sample at the start

  // Whether other work held at least a quarter of the CPUs (and half of one) in the sample.
  bool busy() const;
  // "1.9 of 2 CPUs busy with other work (load average 5.2)".
  std::string text() const;
};

struct Provenance {
  std::string version, git_hash, compiler, flags, build_type;
  std::string host, os, cpu_model;
  int threads = 0;                         // OpenMP threads used
  std::string thread_binding;              // OMP_PROC_BIND / OMP_PLACES as used
  std::vector<std::vector<int>> affinity;  // CPUs each OpenMP thread may run on
  std::string time;                        // ISO 8601, UTC
  std::string command;                     // the command line
  MachineLoad machine_load;                // at the start
  // What disturbs the devices' figures at the start, one clause each, with its device ("cuda:0:
  // persistence mode is off"; Sampler::disturbances); empty where nothing does.
  std::vector<std::string> disturbances;
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
  // What the device's sensors saw while it ran; none: not read.
  std::optional<Sensors> sensors = std::nullopt;
  // What they saw over its kernel's energy window (roofline/energy_window.hpp); none: no energy
  // pass ran.
  std::optional<Sensors> energy_window = std::nullopt;
};

// A compute rate held for a second and more on random operands (a library GEMM back to back, from
// a warm-up), beside the ceilings of its precision, which are bursts of milliseconds on constant
// operands: a board that reaches its power limit lowers its clock, and this is the rate it keeps
// then, with the clock, power and limiters read while it ran.
struct SustainedCompute {
  Precision precision;
  std::string call;              // "cublasGemmEx f16 x f16 -> f32, CUBLAS_COMPUTE_32F, n = 8192"
  Summary flops_per_s;           // the timed samples, after the warm-up
  double burst_flops_per_s = 0;  // the same call on constant operands, in a burst (0: not run)
  double seconds = 0;            // how long the timed samples ran, after the warm-up
  double clock_hz = 0;           // median SM clock over the timed samples (0: not read)
  double power_w = 0;            // median board power over them (0: not read)
  double power_limit_w = 0;      // the limit the driver enforces (0: not read)
  std::string limiters;          // the clock limiters seen ("software power cap"); empty: none
  std::string method;
};

struct MemoryCeiling {
  std::string level;
  std::string kernel;  // "read", "write", "copy", "triad"
  int threads = 0;
  Summary bytes_per_s;                              // pooled samples of the plateau's points
  double working_set_min = 0, working_set_max = 0;  // the plateau the ceiling comes from
  std::string method;
  // What the device's sensors saw while the plateau's points ran, summed; none: not read.
  std::optional<Sensors> sensors = std::nullopt;
  // What they saw over its kernel's energy window (roofline/energy_window.hpp); none: no energy
  // pass ran.
  std::optional<Sensors> energy_window = std::nullopt;
};

// A ceiling the probe measured that is no measurement of its roof, kept out of the roofs with why:
// above the physical limit of its level or of its precision and path (a theoretical peak: memory
// clock x bus width, units x clock; a cache-resident working set under a DRAM label, a clock
// above the nominal one), or, where no such limit is known (a CPU's DRAM), from working sets that
// the measured DRAM onset does not put in its level (physical_limits.hpp).
struct RefusedCeiling {
  std::string roof;  // "DRAM read_temporal, 4096 threads", "fp64 fma"
  double value = 0;  // its median (B/s or FLOP/s)
  double limit = 0;  // the physical limit it exceeds, in the same unit; 0 where none is known
  // Where its level begins (bytes: the measured DRAM onset) when its working sets fell short of
  // it; nullopt for a ceiling refused by its limit alone, or where no onset was measured.
  std::optional<double> working_set_from;
  std::string reason;
};

// One point of a bandwidth sweep.
struct SweepPoint {
  std::string kernel;
  int threads = 0;
  std::string store;  // "temporal" or "nontemporal"
  double working_set = 0;
  std::vector<double> bytes_per_s;                // every sample
  std::optional<Sensors> sensors = std::nullopt;  // what its sensors saw; none: not read
};

// The energy one unit of a ceiling's work takes beyond the device's idle power (roofline/energy.hpp
// says how it is separated): per FLOP of a compute ceiling, per byte of a memory ceiling.
struct ComputeEnergy {
  Precision precision;
  std::string path;
  int threads = 0;
  double joules_per_flop = 0;
  double whole_joules_per_flop = 0;  // static power included
  double watts = 0;                  // mean power while it ran, static included
  std::string method;
  std::string disturbed;  // why its window was disturbed (roofline/disturbed.hpp); empty: not
};
struct MemoryEnergy {
  std::string level;
  std::string kernel;
  int threads = 0;
  double joules_per_byte = 0;
  double whole_joules_per_byte = 0;
  double watts = 0;
  std::string method;
  std::string disturbed;
};

// A device's energy roofs: its idle power (a quiet interval before the probe), the power it is
// held to, and the energy ceilings of its ceilings whose sensors read energy.
struct DeviceEnergy {
  Sensed idle_w;
  Sensed power_cap_w;
  std::vector<ComputeEnergy> compute;
  std::vector<MemoryEnergy> memory;
};

// The least time one call of a kind takes: an empty kernel launched and waited for, threads forked
// and joined. A call of work W that pays it takes at least latency + W / roof
// (Roofline::least_seconds).
struct LatencyCeiling {
  // GPUs: "launch_round_trip" (launch and wait), "launch_gap" (per launch of many back to back),
  // "graph_launch" (a one-kernel CUDA graph launched and waited for). CPUs: "fork_join" (an empty
  // OpenMP parallel region), "barrier" (an OpenMP barrier), "team_wake" (a call of the persistent
  // team, kernels/cpu/team.hpp).
  std::string kind;
  int threads = 0;  // host threads synchronized (CPU); 1 on GPUs
  Summary seconds;  // summary of the per-call times
  std::string method;
};

// One point of the host link sweep: copies of `bytes` between host and device memory.
struct LinkPoint {
  std::string direction;    // "h2d", "d2h", "both" (each way at once: the two directions' sum)
  std::string host_memory;  // "pinned", "pageable" (CUDA); "copied", "mapped" (OpenCL)
  double bytes = 0;         // per copy, each way
  std::vector<double> bytes_per_s;  // every sample
};

// The latency kinds a call of a kernel pays each time it runs: a CPU call's fork and join (by the
// OpenMP region or the persistent team, whichever is quicker), a GPU call's launch among others.
inline constexpr std::string_view kCallLatencyKinds[] = {"fork_join", "team_wake", "launch_gap"};

// The most last-level cache per compute unit a device is taken to have where no sweep measured
// where its DRAM begins: the largest shipped, 768 MiB for 16 cores (AMD EPYC 9184X, Genoa-X). A
// virtual machine may report its host's, far larger than what its few vCPUs reach (a 2-vCPU Zen 5
// guest reported 508 MiB x 2 and reached 32 MiB).
inline constexpr double kLargestCachePerUnit = 48.0 * (1 << 20);

struct Device {
  std::string id;       // "cpu", "opencl:P:D", "cuda:N"
  std::string backend;  // "cpu", "opencl", "cuda"
  std::string name, vendor, driver;
  int compute_units = 0;  // cores on a CPU
  double clock_hz = 0;    // nominal clock
  double memory_bytes = 0;
  std::vector<Cache> caches;
  nlohmann::json facts = nlohmann::json::object();  // backend-specific facts (ISA, core family…)
  // Per family, what of it the device cannot run and why ("variant precision: reason" lines),
  // from the family's hook on its backend (kernels::NotOfferedHook); families it runs whole are
  // absent.
  std::map<std::string, std::vector<std::string>> not_offered;

  std::vector<TheoreticalCompute> theoretical_compute;
  std::vector<TheoreticalMemory> theoretical_memory;
  std::vector<ComputeCeiling> compute;
  std::vector<MemoryCeiling> memory;
  std::vector<SweepPoint> sweep;
  std::vector<LatencyCeiling> latency;      // empty where not measured
  std::vector<LinkPoint> link;              // the host link sweep; empty where there is no link
  std::vector<RefusedCeiling> refused;      // ceilings kept out of the roofs (physical_limits.hpp)
  std::vector<SustainedCompute> sustained;  // empty where not measured
  std::optional<DeviceEnergy> energy;       // none where the backend reads no sensors

  // The least latency a call with `threads` threads pays (kCallLatencyKinds; 0 threads: any
  // count); nullopt when the profile has none.
  std::optional<double> call_latency(int threads) const;
  // The roofs measured with `threads` threads (0: the most threads measured): compute roofs per
  // precision and path, and per level the best kernel's ceiling.
  Roofline roofline(int threads = 0) const;
  int max_threads_measured() const;
  // Where the probe's sweep showed DRAM begin (the fact `dram_from`, bytes; probes/levels.hpp);
  // nullopt where no sweep showed it.
  std::optional<double> dram_onset() const;
  // A CPU, or an OpenCL device whose type is CPU (PoCL): its memory is the host's, whose DRAM has
  // no limit known to hold its ceilings to, so only the measured DRAM onset places its levels.
  bool shares_host_memory() const;
  // The bytes the last (largest) cache holds for `threads` threads as sizes and levels rely on
  // it: its capacity (Cache::capacity), short of the measured DRAM onset where there is one, else
  // at most kLargestCachePerUnit per compute unit; 0 without caches.
  double last_cache_reach(int threads) const;
  // Why the last cache's reported size is not relied on as it is ("L3: 1016 MiB reported for 2
  // compute units, at most 96 MiB relied on (48 MiB per unit) until a probe measures where DRAM
  // begins"); empty where it is.
  std::string cache_caveat() const;
  // The memory level a working set of this size lives in with `threads` threads: DRAM from the
  // measured DRAM onset on; otherwise the nearest level that holds it (the last cache as far as
  // last_cache_reach) or whose measured read plateau it has reached; between two levels' read
  // plateaus, the level whose read ceiling is nearer the sweep's read at this working set (with
  // those threads), where the profile has them.
  std::string level_for(double working_set, int threads) const;
};

// Devices of one machine that are the same product (backend, name, architecture, memory size),
// compared per roof by the rule that compares a cluster's nodes (roofline/identical_devices.hpp).
struct IdenticalDevices {
  std::vector<std::string> devices;  // ids, two or more
  OutlierRule rule;
  std::vector<RoofOutlier> outliers;  // member: a device id

  // Fewer devices than the rule needs give no verdict: none is an outlier, none is cleared.
  bool verdict() const { return devices.size() >= rule.min_values; }
};

struct MachineProfile {
  Provenance provenance;
  std::vector<Device> devices;
  std::vector<IdenticalDevices> identical;
  // Why the probe stopped early ("interrupted by SIGINT while probing cpu"): the devices hold
  // what finished; empty for a complete probe.
  std::string incomplete;

  const Device* find(const std::string& id) const;
};

}  // namespace roofline
