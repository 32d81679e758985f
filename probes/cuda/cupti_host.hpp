#pragma once
// The CUPTI profiler host object of one chip ("GH100"): checks metric names, builds the config
// image of a metric list and plans its passes, and evaluates a range of a counter data image.
// It needs no GPU: the chip name is enough. On a device, the counter availability image also
// leaves out what the device cannot count now.
#include <cstdint>
#include <string>
#include <vector>

#include "probes/cuda/cupti_library.hpp"

namespace probes::cuda {

class CuptiHost {
 public:
  // Throws CuptiError when CUPTI does not know the chip.
  CuptiHost(const CuptiLibrary& lib, const std::string& chip,
            const std::vector<std::uint8_t>& availability = {});
  ~CuptiHost();
  CuptiHost(const CuptiHost&) = delete;
  CuptiHost& operator=(const CuptiHost&) = delete;

  const std::string& chip() const { return chip_; }

  // Empty when the chip has the metric, else why not
  // ("cuptiProfilerHostGetMetricProperties: CUPTI_ERROR_INVALID_METRIC_NAME").
  std::string check(const std::string& metric) const;

  // Sets the metrics counted (checked with check() first: one bad name spoils the host object)
  // and builds their config image. Once per host object; throws CuptiError.
  void configure(const std::vector<std::string>& metrics);
  const std::vector<std::string>& metrics() const { return metrics_; }
  const std::vector<std::uint8_t>& config_image() const { return config_; }
  // Replays of each kernel the configured metrics need: SASS instruction metrics and hardware
  // metrics never share a pass.
  std::size_t passes() const;

  // The configured metrics' values in range `range` of a decoded counter data image.
  std::vector<double> evaluate(const std::vector<std::uint8_t>& counter_data,
                               std::size_t range) const;

 private:
  const CuptiLibrary& lib_;
  std::string chip_;
  CUpti_Profiler_Host_Object* host_ = nullptr;
  std::vector<std::string> metrics_;
  std::vector<const char*> names_;  // metrics_ as CUPTI takes them
  std::vector<std::uint8_t> config_;
};

}  // namespace probes::cuda
