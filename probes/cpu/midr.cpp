// aarch64's identity: the Main ID Register, MIDR_EL1 (implementer, variant, part, revision).
// Linux exposes it in sysfs and in /proc/cpuinfo; where neither has it (qemu-user shows the host's
// /proc), the MRS instruction reads it, which Linux emulates for user space (HWCAP_CPUID).
#include <asm/hwcap.h>
#include <sys/auxv.h>

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

#include "probes/cpu/cpuid.hpp"

namespace probes::cpu {

namespace {

std::optional<std::uint64_t> midr_from_sysfs() {
  std::ifstream in("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1");
  std::string text;
  if (!(in >> text)) return std::nullopt;
  try {
    return std::stoull(text, nullptr, 16);
  } catch (const std::logic_error&) {
    return std::nullopt;
  }
}

// "CPU implementer : 0x41", "CPU variant : 0x3", "CPU part : 0xd0c", "CPU revision : 1" of the
// first processor.
std::optional<std::uint64_t> midr_from_cpuinfo() {
  std::ifstream in("/proc/cpuinfo");
  std::optional<std::uint64_t> implementer, variant, part, revision;
  for (std::string line; std::getline(in, line) && !(implementer && variant && part && revision);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const auto value = [&] { return std::stoull(line.substr(colon + 1), nullptr, 0); };
    try {
      if (line.starts_with("CPU implementer")) implementer = value();
      if (line.starts_with("CPU variant")) variant = value();
      if (line.starts_with("CPU part")) part = value();
      if (line.starts_with("CPU revision")) revision = value();
    } catch (const std::logic_error&) {
      return std::nullopt;
    }
  }
  if (!implementer || !part) return std::nullopt;
  return *implementer << 24 | variant.value_or(0) << 20 | 0xfu << 16 | *part << 4 |
         revision.value_or(0);
}

std::optional<std::uint64_t> midr_from_mrs() {
  if ((getauxval(AT_HWCAP) & HWCAP_CPUID) == 0) return std::nullopt;
  std::uint64_t midr = 0;
  asm volatile("mrs %0, midr_el1" : "=r"(midr));
  return midr;
}

std::string implementer_name(int implementer) {
  switch (implementer) {  // Arm Architecture Reference Manual, MIDR_EL1.Implementer
    case 0x41:
      return "ARM";
    case 0x42:
      return "Broadcom";
    case 0x43:
      return "Cavium";
    case 0x46:
      return "Fujitsu";
    case 0x48:
      return "HiSilicon";
    case 0x4e:
      return "NVIDIA";
    case 0x51:
      return "Qualcomm";
    case 0x61:
      return "Apple";
    case 0xc0:
      return "Ampere";
  }
  return "implementer 0x" + [&] {
    char text[8];
    std::snprintf(text, sizeof text, "%02x", implementer);
    return std::string(text);
  }();
}

}  // namespace

CpuIdentity read_cpuid() {
  CpuIdentity id;
  std::optional<std::uint64_t> midr = midr_from_sysfs();
  if (!midr) midr = midr_from_cpuinfo();
  if (!midr) midr = midr_from_mrs();
  if (!midr) return id;
  id.family = static_cast<int>(*midr >> 24 & 0xff);
  id.model = static_cast<int>(*midr >> 4 & 0xfff);
  id.stepping = static_cast<int>((*midr >> 20 & 0xf) << 4 | (*midr & 0xf));
  id.vendor = implementer_name(id.family);
  return id;
}

}  // namespace probes::cpu
