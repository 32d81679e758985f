#pragma once
// The energy roofline (Choi, Bedard, Fowler, Vuduc, "A Roofline Model of Energy", IPDPS 2013):
// work of W FLOPs moving Q bytes at a level takes E = W·ε_flop + Q·ε_byte + P_idle·T joules,
// T its time at the attainable rate. ε_flop and ε_byte are the energy ceilings, from the probe's
// own ceiling kernels: their whole energy less the idle power over their seconds (the static
// power, measured on a quiet device before the probe), over their work.
#include <optional>
#include <string>

#include "roofline/model.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"
#include "roofline/sensors.hpp"

namespace roofline {

// The energy ceilings of `device`'s compute and memory ceilings whose sensors read energy (over
// their energy window where the probe ran one, roofline/energy_window.hpp; else over their
// samples), with the idle power and the power cap, each flagged where its sensors saw clock
// events or a clock below its ceiling's (roofline/disturbed.hpp); a ceiling whose energy does not
// exceed the idle power's over its seconds is left out (no dynamic energy to attribute).
DeviceEnergy energy_ceilings(const Device& device, const Sensed& idle_w, const Sensed& power_cap_w);

// The lowest energy per FLOP of precision p at the most threads measured, and per byte at
// `level`; nullopt where none was measured.
std::optional<double> joules_per_flop(const Device& device, Precision p);
std::optional<double> joules_per_byte(const Device& device, const std::string& level);

// FLOP per joule of work of intensity `ai` (FLOP/byte at `level`) run at the attainable rate:
// 1 / (ε_flop + ε_byte/ai + P_idle / attainable(ai)). nullopt without the roofs or energy ceilings.
std::optional<double> energy_roof(const Device& device, Precision p, const std::string& level,
                                  double ai);
// FLOP per joule of work at the attainable rate drawing the whole power cap: attainable(ai) / cap,
// the least a kernel on the roof can reach; nullopt without the roofs or a cap.
std::optional<double> power_cap_line(const Device& device, Precision p, const std::string& level,
                                     double ai);

// A result's FLOP per joule from its sensors (whole energy, static included), and its share of
// the energy roof at its intensity; nullopt where its sensors read no energy or it has no FLOPs.
std::optional<double> flops_per_joule(const Result& r);
std::optional<double> energy_efficiency(const Result& r, const Device& device);

}  // namespace roofline
