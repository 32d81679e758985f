#pragma once
// Hardware facts for a GPU's theoretical peaks: FLOP per clock per SM (non-tensor and dense
// tensor-core) and shared-memory bytes per clock per SM per NVIDIA architecture
// (data/cuda_architectures.json, embedded).
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace probes::nvidia {

struct Architecture {
  std::string name;
  std::vector<std::string> compute_capabilities;                // "9.0"
  std::map<roofline::Precision, double> flop_per_clock_per_sm;  // only native precisions
  // Dense matrix-unit rates (fp16_tensor…), empty where the table gives none; tensor_source
  // cites them.
  std::map<roofline::Precision, double> tensor_flop_per_clock_per_sm;
  std::string tensor_source;
  double shared_bytes_per_clock_per_sm = 0;
  std::string source;
  // One NVLink's data rate each way (after the link's error correction and encoding; NVML reports
  // the higher signalling rate), 0 where the architecture has no NVLink; nvlink_source cites it.
  double nvlink_bytes_per_s = 0;
  std::string nvlink_source;
};

class ArchitectureTable {
 public:
  // Throws roofline::InputError naming the entry and field that is missing or malformed.
  static ArchitectureTable parse(const nlohmann::json& j);
  // The table compiled from data/cuda_architectures.json.
  static const ArchitectureTable& embedded();

  // The architecture of compute capability major.minor; nullptr when the table lacks it.
  const Architecture* find(int major, int minor) const;
  const std::vector<Architecture>& architectures() const { return architectures_; }

 private:
  std::vector<Architecture> architectures_;
};

// SMs × clock × FLOP per clock per SM (the tensor table's for a tensor precision); 0 when the
// architecture has no native `p`.
double theoretical_flops(const Architecture& arch, roofline::Precision p, int sms, double clock_hz);

// Bus width × memory clock × 2 (double data rate) / 8, in bytes/s.
double theoretical_dram_bandwidth(int bus_width_bits, double memory_clock_hz);

// The DRAM level's theoretical entry: that bandwidth with its basis, naming where the bus width
// and the clock were read (`source`: "CUDA device attributes", "NVML").
roofline::TheoreticalMemory theoretical_dram(int bus_width_bits, double memory_clock_hz,
                                             const std::string& source);

}  // namespace probes::nvidia
