#pragma once
// A timed unit of work: a kernel variant or one probe configuration. Backends create cases;
// the harness verifies, times and records them.
#include <nlohmann/json.hpp>
#include <string>

#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace roofline {

struct CaseInfo {
  std::string family;   // "stream", "nested_saxpy", "bandwidth", "peak_flops"
  std::string variant;  // technique, e.g. "avx2_8chain", "omp_plain"
  std::string backend, device;
  nlohmann::json params = nlohmann::json::object();  // stored as fields, never parsed from names
  Work work;                                         // per run()
  std::string level;                                 // memory level the working set lives in
};

class Case {
 public:
  explicit Case(CaseInfo info) : info_(std::move(info)) {}
  virtual ~Case() = default;
  Case(const Case&) = delete;
  Case& operator=(const Case&) = delete;

  const CaseInfo& info() const { return info_; }

  virtual void prepare() {}  // allocate, fill inputs with random non-zero values
  virtual void run() = 0;    // one timed call
  // Poisons the outputs, runs once and compares with a reference computed independently.
  virtual Verification verify() = 0;
  virtual void release() {}  // free what prepare() took

  // A device-timed case (OpenCL profiling events, CUDA events) returns true and gives the device
  // seconds of its latest run() in last_run_seconds(): the harness then records those (Google
  // Benchmark's manual time) instead of the host's real time around run().
  virtual bool device_timed() const { return false; }
  virtual double last_run_seconds() const { return 0; }

 protected:
  CaseInfo info_;
};

}  // namespace roofline
