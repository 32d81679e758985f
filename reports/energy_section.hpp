#pragma once
// The energy roofline of a device (roofline/energy.hpp): FLOP per joule against arithmetic
// intensity under its energy roofs, with the power cap as a line, each result's energy efficiency
// against them, and its energy ceilings; drawn from the profile's recorded energy ceilings.
#include <string>

#include "reports/view.hpp"

namespace reports {

// "12.3 pJ/FLOP fp32 (fma) · 45.6 pJ/byte at DRAM · idle 75 W · cap 700 W", or why there are
// no energy roofs ("energy not read: no RAPL …"); empty where the profile has no energy record.
std::string energy_headline(const roofline::Device& device);

// The chart (SVG): per precision with an energy ceiling, its energy roof and power-cap line at
// the device's outermost level that has one, and a point per result whose sensors read energy;
// empty where there is no energy roof.
std::string energy_svg(const DeviceView& view);

// The section: the headline, how the roofs were found, the chart and a table of the energy
// ceilings and of the results' energy; empty where the profile has no energy record.
std::string energy_html(const DeviceView& view);

}  // namespace reports
