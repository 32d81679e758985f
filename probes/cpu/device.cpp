#include "probes/cpu/device.hpp"

#include <hwloc.h>
#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "kernels/cpu/cases.hpp"
#include "kernels/cpu/isa.hpp"
#include "probes/cpu/cpuid.hpp"
#include "probes/cpu/fma_paths.hpp"
#include "probes/cpu/host_memory.hpp"
#include "probes/cpu/theoretical.hpp"

namespace probes::cpu {

namespace {

struct TopologyDeleter {
  void operator()(hwloc_topology* t) const { hwloc_topology_destroy(t); }
};
using Topology = std::unique_ptr<hwloc_topology, TopologyDeleter>;

Topology load_topology() {
  hwloc_topology_t raw = nullptr;
  if (hwloc_topology_init(&raw) != 0) throw std::runtime_error("hwloc: cannot initialize");
  Topology topology(raw);
  if (hwloc_topology_load(raw) != 0) throw std::runtime_error("hwloc: cannot load the topology");
  return topology;
}

int count(hwloc_topology_t t, hwloc_obj_type_t type) {
  return std::max(hwloc_get_nbobjs_by_type(t, type), 0);
}

// Data (or unified) caches, nearest first: one instance's size, instances, CPUs per instance.
std::vector<roofline::Cache> data_caches(hwloc_topology_t t) {
  const std::pair<hwloc_obj_type_t, const char*> levels[] = {{HWLOC_OBJ_L1CACHE, "L1"},
                                                             {HWLOC_OBJ_L2CACHE, "L2"},
                                                             {HWLOC_OBJ_L3CACHE, "L3"},
                                                             {HWLOC_OBJ_L4CACHE, "L4"}};
  std::vector<roofline::Cache> caches;
  for (const auto& [type, name] : levels) {
    const hwloc_obj_t first = hwloc_get_obj_by_type(t, type, 0);
    if (first == nullptr || first->attr->cache.type == HWLOC_OBJ_CACHE_INSTRUCTION) continue;
    caches.push_back({.level = name,
                      .size_bytes = static_cast<double>(first->attr->cache.size),
                      .instances = count(t, type),
                      .cpus_per_instance = hwloc_bitmap_weight(first->cpuset)});
  }
  return caches;
}

std::string read_first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

struct NominalClock {
  double hz = 0;
  std::string source = "unknown";
};

// The clock the vendor names: cpufreq's base or maximum frequency, else the "@ 2.50GHz" of an
// Intel brand string, else the kernel's "cpu MHz" (the TSC rate in most virtual machines).
NominalClock nominal_clock(const std::string& brand) {
  const std::string cpufreq = "/sys/devices/system/cpu/cpu0/cpufreq/";
  for (const char* file : {"base_frequency", "cpuinfo_max_freq"}) {
    const std::string khz = read_first_line(cpufreq + file);
    if (!khz.empty()) return {std::stod(khz) * 1e3, "cpufreq " + std::string(file)};
  }
  std::smatch match;
  if (std::regex_search(brand, match, std::regex(R"(@ *([0-9.]+) *GHz)")))
    return {std::stod(match[1]) * 1e9, "brand string"};
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.starts_with("cpu MHz"))
      return {std::stod(line.substr(line.find(':') + 1)) * 1e6, "/proc/cpuinfo cpu MHz"};
  return {};
}

std::string hex(int value) {
  std::ostringstream text;
  text << "0x" << std::hex << value;
  return text.str();
}

}  // namespace

roofline::Device describe_cpu() {
  const Topology topology = load_topology();
  hwloc_topology_t t = topology.get();
  const CpuIdentity id = read_cpuid();
  const NominalClock clock = nominal_clock(id.brand);
  const HostMemory memory = allocatable_memory();

  roofline::Device cpu;
  cpu.id = "cpu";
  cpu.backend = "cpu";
  cpu.name = id.brand.empty() ? id.vendor : id.brand;
  cpu.vendor = id.vendor;
  // One thread per core, or per hardware thread where OpenMP's places are those; no more than
  // OpenMP may start (OMP_NUM_THREADS, rooflab --threads).
  const char* places = std::getenv("OMP_PLACES");
  const bool smt = places != nullptr && std::string_view(places) == "threads";
  cpu.compute_units = std::clamp(omp_get_max_threads(), 1,
                                 std::max(count(t, smt ? HWLOC_OBJ_PU : HWLOC_OBJ_CORE), 1));
  cpu.clock_hz = clock.hz;
  cpu.memory_bytes = memory.bytes;
  cpu.caches = data_caches(t);

  nlohmann::json isas = nlohmann::json::array();
  for (kernels::cpu::Isa isa : kernels::cpu::supported_isas())
    isas.push_back(kernels::cpu::to_string(isa));
  cpu.facts = {{"cpu_model", id.brand},
               {"vendor", id.vendor},
               {kIdentityFacts.family, hex(id.family)},
               {kIdentityFacts.model, hex(id.model)},
               {"cpuid_stepping", id.stepping},
               {"packages", count(t, HWLOC_OBJ_PACKAGE)},
               {"numa_nodes", count(t, HWLOC_OBJ_NUMANODE)},
               {"cores", count(t, HWLOC_OBJ_CORE)},
               {"threads", cpu.compute_units},
               {"hardware_threads", count(t, HWLOC_OBJ_PU)},
               {"nominal_clock_source", clock.source},
               {"memory_source", memory.source},
               {"isa", isas}};
  if (const CoreFamily* core = core_family(cpu)) {
    cpu.facts["core_family"] = core->name;
    cpu.facts["fma_pipes"] = core->fma_pipes;
    cpu.facts["fma_datapath_bits"] = core->datapath_bits;
    cpu.facts["core_family_source"] = core->source;
  } else {
    cpu.facts["core_family"] = nullptr;
  }
  cpu.not_offered = kernels::cpu::not_offered();
  set_theoretical_peaks(cpu);
  return cpu;
}

const CoreFamily* core_family(const roofline::Device& cpu) {
  const auto fact = [&](const char* key) { return cpu.facts.value(key, std::string()); };
  return CoreTable::embedded().find(
      fact("vendor"), std::stoi(fact(kIdentityFacts.family), nullptr, 16),
      std::stoi(fact(kIdentityFacts.model), nullptr, 16), fact("cpu_model"));
}

void set_theoretical_peaks(roofline::Device& cpu) {
  cpu.theoretical_compute.clear();
  const CoreFamily* core = core_family(cpu);
  if (core == nullptr) {
    cpu.facts["theoretical_compute"] =
        "unknown: " + cpu.facts.value("vendor", std::string()) + " " + kIdentityFacts.family + " " +
        cpu.facts.value(kIdentityFacts.family, std::string()) + " " + kIdentityFacts.model + " " +
        cpu.facts.value(kIdentityFacts.model, std::string()) + " (" + cpu.name +
        ") is not in data/cpu_cores.json, so its FMA pipes and width are not known";
    return;
  }
  cpu.facts.erase("theoretical_compute");
  const std::vector<FmaPath> paths = supported_fma_paths();
  for (const roofline::ComputeCeiling& measured : cpu.compute) {
    const auto path = std::find_if(paths.begin(), paths.end(),
                                   [&](const FmaPath& p) { return p.name == measured.path; });
    if (path != paths.end())
      cpu.theoretical_compute.push_back(theoretical_peak(
          *core, measured.precision, *path, measured.threads, measured.clock_hz, "measured"));
  }
  if (!cpu.compute.empty() || cpu.clock_hz <= 0) return;
  const std::string nominal = "nominal, " + cpu.facts.value("nominal_clock_source", std::string());
  for (int threads : {1, cpu.compute_units}) {
    for (auto precision : {roofline::Precision::fp32, roofline::Precision::fp64})
      for (const FmaPath& path : paths)
        cpu.theoretical_compute.push_back(
            theoretical_peak(*core, precision, path, threads, cpu.clock_hz, nominal));
    if (cpu.compute_units == 1) break;
  }
}

}  // namespace probes::cpu
