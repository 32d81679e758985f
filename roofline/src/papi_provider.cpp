// CPU counters through PAPI's low-level API. Whether an event can be counted is decided by trying
// it (add, start, stop in a set of its own): on virtual machines without a PMU every hardware
// event fails at PAPI_add_named_event with PAPI_ENOEVNT while perf's software events work.
// Events of the perf_event component are counted per thread, in one event set per OpenMP thread
// (PAPI event sets belong to the thread that creates them); others (uncore) once, system-wide.
#include <omp.h>
#include <papi.h>
#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "roofline/counters.hpp"
#include "roofline/input_error.hpp"
#include "roofline/src/papi_events.hpp"

namespace roofline {
namespace {

std::string error_name(int rc) {
  static constexpr std::array<const char*, 28> kNames = {
      "PAPI_OK",         "PAPI_EINVAL",        "PAPI_ENOMEM",      "PAPI_ESYS",
      "PAPI_ECMP",       "PAPI_ECLOST",        "PAPI_EBUG",        "PAPI_ENOEVNT",
      "PAPI_ECNFLCT",    "PAPI_ENOTRUN",       "PAPI_EISRUN",      "PAPI_ENOEVST",
      "PAPI_ENOTPRESET", "PAPI_ENOCNTR",       "PAPI_EMISC",       "PAPI_EPERM",
      "PAPI_ENOINIT",    "PAPI_ENOCMP",        "PAPI_ENOSUPP",     "PAPI_ENOIMPL",
      "PAPI_EBUF",       "PAPI_EINVAL_DOM",    "PAPI_EATTR",       "PAPI_ECOUNT",
      "PAPI_ECOMBO",     "PAPI_ECMP_DISABLED", "PAPI_EDELAY_INIT", "PAPI_EMULPASS"};
  return rc <= 0 && -rc < static_cast<int>(kNames.size()) ? kNames[-rc]
                                                          : "PAPI error " + std::to_string(rc);
}

// "PAPI_add_named_event: PAPI_ENOEVNT (Event does not exist)"
std::string failure(const char* call, int rc) {
  return std::string(call) + ": " + error_name(rc) + " (" + PAPI_strerror(rc) + ")";
}

unsigned long thread_id() { return static_cast<unsigned long>(pthread_self()); }

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// PAPI is initialised once per process and never shut down: event sets may live until exit.
struct Library {
  std::string error;  // empty when usable
  Library() {
    const int rc = PAPI_library_init(PAPI_VER_CURRENT);
    if (rc != PAPI_VER_CURRENT) {
      error = rc < 0 ? failure("PAPI_library_init", rc)
                     : "PAPI_library_init: version " + std::to_string(rc) + ", built for " +
                           std::to_string(PAPI_VER_CURRENT);
      return;
    }
    if (const int t = PAPI_thread_init(thread_id); t != PAPI_OK)
      error = failure("PAPI_thread_init", t);
  }
};

const Library& library() {
  static const Library lib;
  return lib;
}

// A component by name, or nullptr when PAPI has none of that name.
const PAPI_component_info_t* component(const char* name) {
  const int cidx = PAPI_get_component_index(name);
  return cidx < 0 ? nullptr : PAPI_get_component_info(cidx);
}

papi::CpuVendor vendor() {
  const PAPI_hw_info_t* hw = PAPI_get_hardware_info();
  if (!hw) return papi::CpuVendor::other;
  if (hw->vendor == PAPI_VENDOR_INTEL) return papi::CpuVendor::intel;
  if (hw->vendor == PAPI_VENDOR_AMD) return papi::CpuVendor::amd;
  return papi::CpuVendor::other;
}

// Names of the Intel IMC CAS events the uncore component lists ("skx_unc_imc0::UNC_M_CAS_COUNT").
std::vector<std::string> imc_cas_events(int cidx) {
  std::vector<std::string> out;
  int code = PAPI_NATIVE_MASK;
  if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) != PAPI_OK) return out;
  do {
    char name[PAPI_MAX_STR_LEN];
    if (PAPI_event_code_to_name(code, name) != PAPI_OK) continue;
    const std::string n = name;
    if (n.ends_with("::" + std::string(papi::kImcCasEvent))) out.push_back(n);
  } while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
  return out;
}

// A PAPI event set of the calling thread. Creating it (which opens the perf events) is slow, so
// it is done apart from start and stop: only those fast calls bracket what is counted.
class EventSet {
 public:
  // Creates the set with `names`; a name that cannot be added gets its reason (same index).
  explicit EventSet(const std::vector<std::string>& names) : reasons_(names.size()) {
    if (names.empty()) return;
    if (const int rc = PAPI_create_eventset(&id_); rc != PAPI_OK) {
      fail(failure("PAPI_create_eventset", rc));
      id_ = PAPI_NULL;
      return;
    }
    for (std::size_t i = 0; i < names.size(); ++i)
      if (const int rc = PAPI_add_named_event(id_, names[i].c_str()); rc != PAPI_OK)
        reasons_[i] = failure("PAPI_add_named_event", rc);
  }
  ~EventSet() {
    if (id_ == PAPI_NULL) return;
    PAPI_cleanup_eventset(id_);
    PAPI_destroy_eventset(&id_);
  }
  EventSet(const EventSet&) = delete;
  EventSet& operator=(const EventSet&) = delete;

  void start() {
    if (!counting()) return;
    if (const int rc = PAPI_start(id_); rc != PAPI_OK) fail(failure("PAPI_start", rc));
  }
  // The counts since start(), in the order of the names; 0 where a reason says why not.
  std::vector<long long> stop() {
    std::vector<long long> raw(reasons_.size(), 0), values(reasons_.size(), 0);
    if (!counting()) return values;
    if (const int rc = PAPI_stop(id_, raw.data()); rc != PAPI_OK) {
      fail(failure("PAPI_stop", rc));
      return values;
    }
    // PAPI_stop writes the values of the events it holds, in the order they were added.
    std::size_t next = 0;
    for (std::size_t i = 0; i < reasons_.size(); ++i)
      if (reasons_[i].empty()) values[i] = raw[next++];
    return values;
  }
  // Why each name was not counted; empty when it was.
  const std::vector<std::string>& reasons() const { return reasons_; }

 private:
  bool counting() const {
    return id_ != PAPI_NULL &&
           std::any_of(reasons_.begin(), reasons_.end(), [](auto& r) { return r.empty(); });
  }
  void fail(const std::string& why) {
    for (auto& r : reasons_)
      if (r.empty()) r = why;
  }
  int id_ = PAPI_NULL;
  std::vector<std::string> reasons_;
};

class PapiProvider final : public CounterProvider {
 public:
  std::string name() const override { return "papi"; }

  std::vector<EventSpec> default_events() const override {
    std::vector<EventSpec> events = papi::common_events();
    if (!library().error.empty()) return events;
    for (auto& e : papi::flop_events(vendor())) events.push_back(e);
    const int cidx = PAPI_get_component_index("perf_event_uncore");
    const PAPI_component_info_t* uncore = cidx < 0 ? nullptr : PAPI_get_component_info(cidx);
    if (uncore && !uncore->disabled)
      for (const auto& imc : imc_cas_events(cidx))
        for (auto& e : papi::dram_events(imc)) events.push_back(e);
    return events;
  }

  EventSpec describe(const std::string& event) const override {
    if (library().error.empty()) {
      int code = 0;
      if (const int rc = PAPI_event_name_to_code(event.c_str(), &code); rc != PAPI_OK)
        throw InputError("unknown counter event '" + event + "' (" +
                         failure("PAPI_event_name_to_code", rc) +
                         "; papi_native_avail lists this machine's events)");
    }
    return papi::known_meaning(event);
  }

  std::vector<std::string> notes() const override {
    if (!library().error.empty()) return {"PAPI is unusable: " + library().error};
    std::vector<std::string> out;
    const PAPI_component_info_t* uncore = component("perf_event_uncore");
    if (!uncore) {
      out.push_back("DRAM bytes: n/a: this PAPI has no perf_event_uncore component");
    } else if (uncore->disabled) {
      out.push_back("DRAM bytes: n/a: perf_event_uncore is disabled (" +
                    std::string(uncore->disabled_reason) + ")");
    } else if (imc_cas_events(PAPI_get_component_index("perf_event_uncore")).empty()) {
      out.push_back("DRAM bytes: n/a: no Intel IMC " + std::string(papi::kImcCasEvent) +
                    " events (PAPI names no AMD memory-controller events)");
    }
    return out;
  }

  void open(const std::vector<EventSpec>& events) override {
    events_ = events;
    unavailable_.assign(events.size(), library().error);
    per_thread_.assign(events.size(), true);
    source_.assign(events.size(), "papi");
    if (!library().error.empty()) return;
    for (std::size_t i = 0; i < events.size(); ++i) {
      int code = 0;
      if (const int rc = PAPI_event_name_to_code(events[i].name.c_str(), &code); rc != PAPI_OK) {
        unavailable_[i] = failure("PAPI_event_name_to_code", rc);
        continue;
      }
      const int cidx = PAPI_get_event_component(code);
      if (const PAPI_component_info_t* info = PAPI_get_component_info(cidx)) {
        source_[i] = "papi " + std::string(info->name);
        per_thread_[i] = std::strcmp(info->name, "perf_event") == 0;
      }
      EventSet trial({events[i].name});
      trial.start();
      trial.stop();
      unavailable_[i] = trial.reasons()[0];
    }
  }

  // The per-thread sets start last and stop first, so that they count as little as possible
  // beyond the call between.
  void start() override {
    system_ = std::make_unique<EventSet>(group(false, names()));
    threads_.clear();
    threads_.resize(omp_get_max_threads());
    const std::vector<std::string> per_thread = group(true, names());
    const int n = static_cast<int>(threads_.size());
#pragma omp parallel num_threads(n)
    threads_[omp_get_thread_num()] = std::make_unique<EventSet>(per_thread);
    thread_cpu_.assign(n, 0);
    system_->start();
#pragma omp parallel num_threads(n)
    {
      const int t = omp_get_thread_num();
      threads_[t]->start();
      thread_cpu_[t] = -thread_cpu_seconds();
    }
  }

  std::vector<EventReading> stop() override {
    const int n = static_cast<int>(threads_.size());
    std::vector<std::vector<long long>> thread_values(n);
#pragma omp parallel num_threads(n)
    {
      const int t = omp_get_thread_num();
      thread_cpu_[t] += thread_cpu_seconds();
      thread_values[t] = threads_[t]->stop();
    }
    const std::vector<long long> system_values = system_->stop();
    // Back from the two groups to the events' order; per-thread counts are summed.
    std::vector<EventReading> out(events_.size());
    std::size_t in_thread = 0, in_system = 0;
    for (std::size_t i = 0; i < events_.size(); ++i) {
      if (!unavailable_[i].empty()) {
        out[i].unavailable = unavailable_[i];
        continue;
      }
      if (per_thread_[i]) {
        double sum = 0;
        for (int t = 0; t < n && out[i].unavailable.empty(); ++t) {
          const std::string& why = threads_[t]->reasons()[in_thread];
          if (!why.empty()) out[i].unavailable = "thread " + std::to_string(t) + ": " + why;
          sum += static_cast<double>(thread_values[t][in_thread]);
        }
        if (out[i].unavailable.empty()) out[i].value = sum;
      } else if (system_->reasons()[in_system].empty()) {
        out[i].value = static_cast<double>(system_values[in_system]);
      } else {
        out[i].unavailable = system_->reasons()[in_system];
      }
      ++(per_thread_[i] ? in_thread : in_system);
    }
    // Event sets belong to their threads: each frees its own.
#pragma omp parallel num_threads(n)
    threads_[omp_get_thread_num()].reset();
    system_.reset();
    return out;
  }

  std::string source(std::size_t event) const override { return source_.at(event); }

  std::optional<double> cpu_seconds() const override {
    double sum = 0;
    for (double t : thread_cpu_) sum += t;
    return sum;
  }

 private:
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : events_) out.push_back(e.name);
    return out;
  }
  // The entries of `all` for the counted events of one group (per-thread or system-wide); an
  // event already known to be unavailable is left out of the sets.
  std::vector<std::string> group(bool per_thread, const std::vector<std::string>& all) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < events_.size(); ++i)
      if (per_thread_[i] == per_thread && unavailable_[i].empty()) out.push_back(all[i]);
    return out;
  }

  std::vector<EventSpec> events_;
  std::vector<std::string> unavailable_, source_;
  std::vector<bool> per_thread_;
  std::vector<std::unique_ptr<EventSet>> threads_;  // of the counted call, per OpenMP thread
  std::unique_ptr<EventSet> system_;                // of the counted call: uncore, system-wide
  // Each thread's CPU seconds from just after its counters started to just before they stopped:
  // no barrier lies between the clock reads and the counters, whose spin would count in one only.
  std::vector<double> thread_cpu_;
};

}  // namespace

std::unique_ptr<CounterProvider> make_papi_provider() { return std::make_unique<PapiProvider>(); }

}  // namespace roofline
