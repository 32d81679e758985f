#pragma once
// What the processor says about itself through the cpuid instruction.
#include <string>

namespace probes::cpu {

struct CpuIdentity {
  std::string vendor;  // "AuthenticAMD", "GenuineIntel"
  std::string brand;   // the brand string, e.g. "AMD EPYC 7763 64-Core Processor"
  int family = 0;      // display family (base + extended)
  int model = 0;       // display model (extended model folded in for families 6 and 15+)
  int stepping = 0;
};

CpuIdentity read_cpuid();

}  // namespace probes::cpu
