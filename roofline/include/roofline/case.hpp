#pragma once
// A timed unit of work: a kernel variant or one probe configuration. Backends create cases;
// the harness verifies, times and records them.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "roofline/profile.hpp"
#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace roofline {

struct CaseInfo {
  // A kernel family's case carries its family and variant from its row (stamped by the driver,
  // kernels::make_cases); a probe's names its own ("bandwidth", "peak_flops").
  std::string family;   // "stream", "nested_saxpy", "bandwidth", "peak_flops"
  std::string variant;  // technique, e.g. "avx2_8chain", "omp_plain"
  std::string backend, device;
  nlohmann::json params = nlohmann::json::object();  // stored as fields, never parsed from names
  Work work;                                         // per run()
  std::string level;                                 // memory level the working set lives in
  std::optional<SizeStudy> study{};                  // none when the family has no size study
};

// A case's identity on `device` (its backend and id), with the memory level its working set lives
// in when `threads` threads (or compute units) share the caches.
CaseInfo case_info(const Device& device, std::string family, std::string variant,
                   nlohmann::json params, const Work& work, int threads);
// The same for a kernel family's case, whose family and variant its row gives (Case::stamp).
CaseInfo case_info(const Device& device, nlohmann::json params, const Work& work, int threads);

// The result of a case before it is measured: its identity and declared work.
Result result_of(const CaseInfo& info);

class Case {
 public:
  explicit Case(CaseInfo info) : info_(std::move(info)) {}
  virtual ~Case() = default;
  Case(const Case&) = delete;
  Case& operator=(const Case&) = delete;

  const CaseInfo& info() const { return info_; }
  // Names a kernel family's case from the row that made it, with the family's size study (none
  // when it has none). The driver (kernels::make_cases) stamps every case so, and nothing else
  // names a family's case.
  void stamp(std::string family, std::string variant, std::optional<SizeStudy> study);

  virtual void prepare() {}  // allocate, fill inputs with random non-zero values
  virtual void run() = 0;    // one timed call
  // Poisons the outputs, runs once and compares with a reference computed independently.
  virtual Verification verify() = 0;
  virtual void release() {}  // free what prepare() took

  // Cases timed by the device itself (GPU events) return the device time of their last run();
  // the harness then records it (Google Benchmark manual time) instead of the host clock.
  virtual bool device_timed() const { return false; }
  virtual std::optional<double> last_device_seconds() const { return std::nullopt; }
  // A device-timed case's `calls` runs as one sample's timed unit: their device seconds together.
  // The default runs them one by one and adds each run's device time; a case that can enqueue
  // them back to back between one pair of device events does (CudaCase), so that a short call's
  // launch overlaps the calls before it instead of being timed with it.
  virtual double run_calls(int calls);

 protected:
  CaseInfo info_;
};

}  // namespace roofline
