#pragma once
// What the processor says about itself: the cpuid instruction on x86-64 (cpuid.cpp), the MIDR_EL1
// register on aarch64 (midr.cpp).
#include <string>

namespace probes::cpu {

struct CpuIdentity {
  std::string vendor;  // "AuthenticAMD", "GenuineIntel"; aarch64: the implementer ("ARM", "Apple")
  std::string brand;   // the brand string, e.g. "AMD EPYC 7763 64-Core Processor"; aarch64: none
  int family = 0;      // display family (base + extended); aarch64: MIDR implementer (0x41: Arm)
  int model = 0;  // display model (extended model folded in for families 6 and 15+); aarch64: part
  int stepping = 0;  // aarch64: MIDR variant << 4 | revision
};

CpuIdentity read_cpuid();

// The names of the facts that carry family and model, which data/cpu_cores.json matches.
struct IdentityFacts {
  const char* family;
  const char* model;
};
#if defined(__aarch64__)
constexpr IdentityFacts kIdentityFacts = {"midr_implementer", "midr_part"};
#else
constexpr IdentityFacts kIdentityFacts = {"cpuid_family", "cpuid_model"};
#endif

}  // namespace probes::cpu
