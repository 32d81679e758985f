#pragma once
// The OpenCL backend: every device of every platform the ICD loader finds, its ceilings from the
// probes in this folder and its kernel cases from kernels/opencl.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "roofline/backend.hpp"

namespace probes::opencl {

class OpenClBackend : public roofline::Backend {
 public:
  OpenClBackend();

  std::string name() const override { return "opencl"; }
  // Unavailable without a platform ("no platform found") or when enumeration fails.
  roofline::Availability availability() const override;
  std::vector<roofline::Device> devices() const override;
  // Peak FLOPs per precision (the best chain configuration), local-memory bandwidth, then the
  // global-memory launch search and sweep and its levels. Failures are listed in
  // facts["probe_failures"] and never become ceilings.
  std::vector<std::string> probe(roofline::Device& device,
                                 const roofline::ProbeOptions& options) const override;
  std::vector<std::unique_ptr<roofline::Case>> cases(
      const roofline::Device& device, const roofline::RunOptions& options) const override;
  // The sweep's point behind the outermost memory roof with the launch the probe found best for
  // its kernel (facts["bandwidth_launches"]); none for a profile without them.
  std::vector<std::unique_ptr<roofline::Case>> roof_check_cases(
      const roofline::Device& device) const override;

  // The context, queue and built programs of a device, made at first use and kept, so that each
  // program is compiled once per process. Throws InputError for an unknown device id.
  std::shared_ptr<kernels::opencl::Runtime> runtime(const std::string& device_id) const;

 private:
  kernels::opencl::Enumeration enumeration_;
  std::string error_;  // enumeration failed with this error
  mutable std::map<std::string, std::shared_ptr<kernels::opencl::Runtime>> runtimes_;
};

void register_opencl_backend(roofline::Registry& registry);

}  // namespace probes::opencl
