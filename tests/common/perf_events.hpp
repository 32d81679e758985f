#pragma once
// Whether PAPI counts perf's software events on this machine, found out as Rooflab finds it out:
// by counting perf::TASK-CLOCK once. A guest whose kernel has no perf events, or hides them
// (perf_event_paranoid 3), cannot; tests that need the events then skip with this reason and
// check the refusal instead.
#include <string>

#include "roofline/counters.hpp"

namespace test_support {

inline constexpr char kTaskClock[] = "perf::TASK-CLOCK";

// Empty where perf::TASK-CLOCK counts; else why not, in PAPI's words.
inline std::string why_perf_events_are_missing() {
  auto papi = roofline::make_papi_provider();
  papi->open({{kTaskClock, roofline::kCpuSeconds, 1e-9}});
  papi->start();
  const roofline::EventReading reading = papi->stop().at(0);
  if (reading.value) return "";
  return std::string("this machine cannot count ") + kTaskClock + ": " + reading.unavailable;
}

}  // namespace test_support
