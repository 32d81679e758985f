#pragma once
// The PAPI events Rooflab counts by default and what each means for the roofline. Names are
// libpfm4's (papi_native_avail lists them); weights and sources: docs/methodology.md, "Counters".
#include <string>
#include <string_view>
#include <vector>

#include "roofline/counters.hpp"

namespace roofline::papi {

enum class CpuVendor { intel, amd, other };

// FLOP events with the FLOPs one count stands for (FMA already counts twice inside the event).
// Intel: FP_ARITH_INST_RETIRED per width and precision. AMD Zen 2–4: RETIRED_SSE_AVX_FLOPS counts
// FLOPs itself (a MAC counts 2), both precisions together.
std::vector<EventSpec> flop_events(CpuVendor vendor);

// Time, cycles, instructions and cache misses per level: perf's generic events and PAPI presets,
// which exist on every vendor where the PMU does. perf::TASK-CLOCK counts nanoseconds.
std::vector<EventSpec> common_events();

// DRAM bytes from an Intel memory-controller (IMC) uncore event, one name per PMU as PAPI lists
// it ("skx_unc_imc0::UNC_M_CAS_COUNT"): reads and writes of socket 0, 64 bytes per CAS.
std::vector<EventSpec> dram_events(const std::string& imc_event);
inline constexpr std::string_view kImcCasEvent = "UNC_M_CAS_COUNT";

// The meaning of an event named by the user: that of the same name in the tables above
// (without a ":cpu=" qualifier), else shown only.
EventSpec known_meaning(const std::string& name);

}  // namespace roofline::papi
