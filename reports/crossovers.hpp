#pragma once
// Where one line of a size study overtakes another: between the devices' best variants (the
// seeds' headline, "from which size the GPU beats the CPU") and between consecutive steps of each
// device's ladder. Sizes are interpolated log-log between the two measured sizes around the
// change, and a crossing whose two points on either side have overlapping 95% intervals says so.
#include <string>
#include <vector>

#include "reports/size_study.hpp"

namespace reports {

// A line of medians with their intervals, ascending in size.
struct StudyCurve {
  std::string name;
  std::vector<double> size, time, low, high;
};

// Where the faster of a and b changes: at each change, the interpolated size, who is faster from
// there, and whether the intervals at the sizes around it are apart (a clear change).
struct Crossing {
  double size = 0;
  double below = 0, above = 0;  // the measured sizes around it
  bool second_leads_above = false;
  bool clear = false;
};
std::vector<Crossing> crossings(const StudyCurve& first, const StudyCurve& second);

// A series as a curve (its results' intervals).
StudyCurve curve_of(const SizeSeries& s, const StudyPanel& panel);
// Per device of the panel, its fastest variant at each size: "best of <device> (variant at each
// size)" as a curve named by the device.
std::vector<StudyCurve> device_bests(const StudyPanel& panel);

struct Crossover {
  std::string panel;                     // panel_name
  std::string kind;                      // "devices" or "ladder"
  std::string leads_below, leads_above;  // who is faster below the size, who from it
  Crossing at;
};
// The crossings between every two devices' bests, then between consecutive ladder steps of each
// device.
std::vector<Crossover> crossovers(const StudyPanel& panel);

// The panel's crossings in words (an HTML fragment): the devices' first, with a sentence where two
// devices never cross ("X is faster at every size measured, 1.4× to 30×"), then the ladder's.
std::string crossover_html(const StudyPanel& panel);

// A size for a reader: 512, 96K, 1.5M (binary thousands).
std::string size_label(double n);

}  // namespace reports
