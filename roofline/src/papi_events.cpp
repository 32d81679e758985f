#include "roofline/src/papi_events.hpp"

namespace roofline::papi {
namespace {

constexpr double kCacheLine = 64;  // bytes per CAS command of a DDR/HBM channel

std::vector<EventSpec> all_known() {
  std::vector<EventSpec> all = flop_events(CpuVendor::intel);
  for (auto& e : flop_events(CpuVendor::amd)) all.push_back(e);
  for (auto& e : common_events()) all.push_back(e);
  return all;
}

}  // namespace

std::vector<EventSpec> flop_events(CpuVendor vendor) {
  switch (vendor) {
    case CpuVendor::intel: {
      const std::string e = "FP_ARITH_INST_RETIRED:";
      return {{e + "SCALAR_DOUBLE", kFlops, 1, "fp64"},
              {e + "128B_PACKED_DOUBLE", kFlops, 2, "fp64"},
              {e + "256B_PACKED_DOUBLE", kFlops, 4, "fp64"},
              {e + "512B_PACKED_DOUBLE", kFlops, 8, "fp64"},
              {e + "SCALAR_SINGLE", kFlops, 1, "fp32"},
              {e + "128B_PACKED_SINGLE", kFlops, 4, "fp32"},
              {e + "256B_PACKED_SINGLE", kFlops, 8, "fp32"},
              {e + "512B_PACKED_SINGLE", kFlops, 16, "fp32"}};
    }
    case CpuVendor::amd:
      return {{"RETIRED_SSE_AVX_FLOPS:ANY", kFlops, 1}};
    case CpuVendor::other:
      return {};
  }
  return {};
}

std::vector<EventSpec> common_events() {
  return {{"perf::TASK-CLOCK", kCpuSeconds, 1e-9},
          {"perf::CYCLES", "", 1},
          {"perf::INSTRUCTIONS", "", 1},
          {"PAPI_L1_DCM", "", 1},
          {"PAPI_L2_DCM", "", 1},
          {"PAPI_L3_TCM", "", 1}};
}

std::vector<EventSpec> dram_events(const std::string& imc_event) {
  const std::string bytes = std::string(kBytesPrefix) + "DRAM";
  return {{imc_event + ":RD:cpu=0", bytes, kCacheLine},
          {imc_event + ":WR:cpu=0", bytes, kCacheLine}};
}

EventSpec known_meaning(const std::string& name) {
  for (const EventSpec& e : all_known())
    if (e.name == name) return e;
  const std::string base = name.substr(0, name.find(":cpu="));
  if (base.find(kImcCasEvent) != std::string::npos &&
      (base.ends_with(":RD") || base.ends_with(":WR")))
    return {name, std::string(kBytesPrefix) + "DRAM", kCacheLine};
  return {name, "", 1};
}

}  // namespace roofline::papi
