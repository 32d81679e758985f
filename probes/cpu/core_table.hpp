#pragma once
// Hardware facts for theoretical peaks: FMA pipes and native datapath width per x86 core family
// (data/cpu_cores.json, embedded in the binary), and the FLOP/cycle they imply.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "roofline/work.hpp"

namespace probes::cpu {

struct CoreFamily {
  std::string name, vendor;
  int family = 0;
  std::vector<int> models;
  std::string brand_regex;  // empty: every SKU of the models
  int fma_pipes = 0;
  int datapath_bits = 0;  // native FMA width; wider operations are split
  std::string source;
};

class CoreTable {
 public:
  // Throws roofline::InputError naming the entry and field that is missing or malformed.
  static CoreTable parse(const nlohmann::json& j);
  // The table compiled from data/cpu_cores.json.
  static const CoreTable& embedded();

  // The first family matching vendor, cpuid family and model (and brand, where an entry needs
  // it); nullptr for an unknown core.
  const CoreFamily* find(const std::string& vendor, int family, int model,
                         const std::string& brand) const;
  const std::vector<CoreFamily>& families() const { return families_; }

 private:
  std::vector<CoreFamily> families_;
};

// FLOP/cycle/core of FMAs on a path `width_bits` wide (0: scalar) in precision p:
// pipes × (min(width, datapath) / bits(p)) × 2; scalar: pipes × 2.
double flops_per_cycle(const CoreFamily& core, int width_bits, roofline::Precision p);

}  // namespace probes::cpu
