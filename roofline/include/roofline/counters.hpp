#pragma once
// Hardware counters: what a counted call of a case records, and the providers that count it
// (PAPI on CPUs, the CUPTI range profiler on NVIDIA GPUs).
//
// An event adds, with a weight, to one measured quantity: "flops", "bytes.<level>" (bytes moved at
// a memory level, e.g. "bytes.DRAM") or "cpu_seconds"; events that add to none are shown only.
// Before a quantity is trusted, calibration kernels of known work are counted
// (roofline/counting.hpp).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline {

inline constexpr char kFlops[] = "flops";
inline constexpr char kCpuSeconds[] = "cpu_seconds";
inline constexpr char kBytesPrefix[] = "bytes.";

// "bytes.DRAM" → "DRAM"; empty when the quantity is not bytes at a level.
std::string level_of_quantity(const std::string& quantity);

enum class Verdict {
  agrees,        // the quantity it adds to matched the calibration kernels
  disagrees,     // it did not: shown, never used to place points
  uncalibrated,  // no known value to check it against: shown only
  unavailable,   // the event could not be counted (note says why)
};
std::string_view to_string(Verdict v);
// Throws std::invalid_argument naming the text when it is no verdict.
Verdict verdict_from_string(std::string_view text);

// One event's value over a result's counted call.
struct Counter {
  std::optional<double> value;  // raw count, empty when unavailable
  std::string source;           // provider and where the event lives: "papi perf_event"
  Verdict verdict = Verdict::uncalibrated;
  std::string note;  // calibration ratio and tolerance, or why it is unavailable
};

// Work from the counters that agreed with calibration; a quantity is absent when none did.
struct MeasuredWork {
  std::optional<double> flops;
  std::map<std::string, double> bytes;  // per memory level
  std::map<std::string, double> ai;     // flops / bytes per level, when both were measured
};

// One calibration kernel's check of one quantity.
struct Calibration {
  std::string device, quantity;
  std::vector<std::string> events;  // the events summed into the quantity
  std::string kernel;               // "nested_saxpy avx2_8chain fp32 m=8"
  double expected = 0, measured = 0;
  double tolerance = 0;  // relative: agrees when |measured / expected − 1| ≤ tolerance
  bool agrees() const;
  double ratio() const { return expected > 0 ? measured / expected : 0; }
};

// What an event means for the roofline.
struct EventSpec {
  EventSpec() = default;
  EventSpec(std::string name, std::string quantity, double weight = 1, std::string precision = {})
      : name(std::move(name)),
        quantity(std::move(quantity)),
        weight(weight),
        precision(std::move(precision)) {}

  std::string name;      // as the provider spells it: "perf::TASK-CLOCK"
  std::string quantity;  // empty: shown only
  double weight = 1;     // quantity += weight × count
  // For a FLOP event, the precision (roofline::Precision's name) whose operations it counts;
  // empty where the event does not tell.
  std::string precision;
};

// An event's count over one counted call, or why there is none.
struct EventReading {
  std::optional<double> value;
  std::string unavailable;  // "PAPI_add_named_event: PAPI_ENOEVNT (Event does not exist)"
};

// Counts events around calls on one device. A provider never throws for an event it cannot
// count: that event's readings say why, and the run goes on.
class CounterProvider {
 public:
  virtual ~CounterProvider() = default;
  virtual std::string name() const = 0;  // "papi", "cupti"
  // The events counted when the user names none, with what they mean on this machine.
  virtual std::vector<EventSpec> default_events() const = 0;
  // A user-named event with its meaning. Throws InputError naming an event this machine's
  // provider does not know.
  virtual EventSpec describe(const std::string& event) const = 0;
  // Findings about what cannot be counted at all on this machine ("no uncore PMU: …").
  virtual std::vector<std::string> notes() const { return {}; }

  // Selects the events; tries each, so the readings of those that cannot be added or started
  // carry the reason from now on.
  virtual void open(const std::vector<EventSpec>& events) = 0;
  // Counts what runs between start() and stop() on every thread (or GPU kernel) of the process.
  virtual void start() = 0;
  // One reading per opened event, in order.
  virtual std::vector<EventReading> stop() = 0;
  // Where an opened event is read: "papi perf_event".
  virtual std::string source(std::size_t event) const = 0;
  // CPU seconds of the counting threads over the last counted call, from the operating system's
  // thread clocks read over the same interval as the counters: the known value a CPU-time event
  // (perf::TASK-CLOCK) is calibrated against. nullopt: the provider counts no CPU threads.
  virtual std::optional<double> cpu_seconds() const { return std::nullopt; }
};

// PAPI's low-level API on this process's CPU threads (roofline/src/papi_provider.cpp).
std::unique_ptr<CounterProvider> make_papi_provider();

}  // namespace roofline
