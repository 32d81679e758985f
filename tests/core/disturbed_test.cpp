// The policy for disturbed samples: clocks held down, or below the clock the roof was measured at.
#include "roofline/disturbed.hpp"

#include <gtest/gtest.h>

#include "roofline/json_io.hpp"
#include "sample.hpp"

using namespace roofline;

namespace {

Result sensed_at(Precision p, double clock_hz, std::vector<std::string> events = {}) {
  Result r = sample::results().results.front();
  r.work.precision = p;
  r.sensors = sample::sensed(0.3, 30, r.work.flops, r.work.bytes, 50);
  r.sensors->clock_hz = {clock_hz, ""};
  r.sensors->clock_events = std::move(events);
  return r;
}

TEST(Disturbed, UndisturbedSamplesAreNotFlagged) {
  EXPECT_EQ(disturbance(sensed_at(Precision::fp32, 3.4e9), sample::cpu()), "");
  // Within kClockBelowRoof of the roof's 3.4 GHz.
  EXPECT_EQ(disturbance(sensed_at(Precision::fp32, 3.35e9), sample::cpu()), "");
}

TEST(Disturbed, WithoutSensorsNothingIsSaid) {
  Result r = sensed_at(Precision::fp32, 1e9);
  r.sensors.reset();
  EXPECT_EQ(disturbance(r, sample::cpu()), "");
}

TEST(Disturbed, ClocksHeldDownAreNamed) {
  EXPECT_EQ(disturbance(sensed_at(Precision::fp32, 3.4e9,
                                  {"software power cap", "hardware thermal slowdown"}),
                        sample::cpu()),
            "the device held its clocks down: software power cap, hardware thermal slowdown");
}

TEST(Disturbed, AClockBelowTheRoofsAsTheSameSensorReadIt) {
  // The fp32 roof's sensors read 3.4 GHz (its probe's own clock, 3.5 GHz, is another reading).
  EXPECT_EQ(disturbance(sensed_at(Precision::fp32, 3.2e9), sample::cpu()),
            "its clock (3.200 GHz) was below its roof's (3.400 GHz)");
  // The fp64 roof has no sensors: its probe's clock.
  EXPECT_EQ(disturbance(sensed_at(Precision::fp64, 3.3e9, {"software power cap"}), sample::cpu()),
            "the device held its clocks down: software power cap; its clock (3.300 GHz) was below "
            "its roof's (3.500 GHz)");
}

TEST(Disturbed, PlacingSetsItAndFilesKeepIt) {
  Results results = sample::results();
  results.results.front() = sensed_at(Precision::fp32, 3.0e9);
  place_on(results.results.front(), results.machine.devices.front());
  EXPECT_NE(results.results.front().disturbed, "");
  const Results back = results_from_json(to_json(results));
  EXPECT_EQ(back.results.front().disturbed, results.results.front().disturbed);
  EXPECT_EQ(back.results.back().disturbed, "");
}

}  // namespace
