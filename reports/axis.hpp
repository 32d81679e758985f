#pragma once
// Logarithmic chart axes: nice bounds, the value → pixel map, and readable ticks.
#include <functional>
#include <string>
#include <vector>

namespace reports {

// decimal: bounds on decades, ticks on 1-2-5 or decades; binary: bounds and ticks on powers
// of two (for sizes, so cache capacities fall on ticks).
enum class LogBase { decimal, binary };

struct Tick {
  double value = 0;
  double position = 0;  // pixels
  std::string label;    // empty for an unlabelled minor tick
};

class LogAxis {
 public:
  // Widens [lo, hi] (0 < lo ≤ hi, finite) to nice bounds and maps them onto pixels
  // [start, end]; end < start gives an upward y axis. Throws std::invalid_argument otherwise.
  LogAxis(double lo, double hi, double start, double end, LogBase base = LogBase::decimal);

  double lo() const { return lo_; }
  double hi() const { return hi_; }
  double start() const { return start_; }
  double end() const { return end_; }
  // Pixel position of a value (values outside the bounds extrapolate).
  double map(double value) const;
  bool contains(double value) const { return value >= lo_ && value <= hi_; }
  // At most about `max_labels` labelled ticks, labelled by `label`.
  std::vector<Tick> ticks(const std::function<std::string(double)>& label,
                          int max_labels = 8) const;

 private:
  double lo_, hi_, start_, end_;
  LogBase base_;
};

// The tick values in [lo, hi]: every decade, with 2 and 5 between when the span is at most
// two decades (decimal); powers of two in steps of 2^k keeping the count ≤ max_labels (binary).
// `labelled` marks the ticks that get a label (every decade, thinned to max_labels).
struct TickValues {
  std::vector<double> values;
  std::vector<bool> labelled;
};
TickValues log_tick_values(double lo, double hi, LogBase base, int max_labels);

}  // namespace reports
