#pragma once
// The energy pass: a ceiling's own kernel run back to back for a window of seconds, the device's
// sensors read around the whole window. A probe's timed samples last milliseconds, and NVML's
// energy counter does not resolve such windows (on an H200 two probes' energy ceilings from 60 ms
// windows disagreed by 0.06-9.3x, docs/performance.md); energy_ceilings (roofline/energy.hpp)
// takes a ceiling's energy from its window where it has one.
#include "roofline/case.hpp"
#include "roofline/sensors.hpp"

namespace roofline {

// Twice the shortest window NVML's counter resolves (probes/nvidia/nvml_sampler.cpp): what the
// counter misses at the window's two ends weighs half as much as at one second, and an H200's
// probe of 18 ceilings spends about 40 s in them (docs/methodology.md, Energy ceilings).
inline constexpr double kEnergyWindowSeconds = 2.0;

// Prepares and verifies `c`, runs it once untimed (clocks and caches settle, and its time sizes
// the batches), then back to back in batches of about a tenth of a second until `seconds` have
// passed, with the sampler started before the first batch and stopped after the last; releases
// it. Returns what the sensors saw, with the calls run in the window and their work. Throws
// where the case fails its verification or a call fails.
Sensors energy_window(Case& c, Sampler& sampler, double seconds = kEnergyWindowSeconds);

}  // namespace roofline
