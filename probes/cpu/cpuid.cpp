#include "probes/cpu/cpuid.hpp"

#include <cpuid.h>

#include <array>
#include <cstring>

namespace probes::cpu {

namespace {

std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(' '));
  s.erase(s.find_last_not_of(' ') + 1);
  return s;
}

}  // namespace

CpuIdentity read_cpuid() {
  CpuIdentity id;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return id;
  char vendor[13] = {};
  std::memcpy(vendor, &ebx, 4);
  std::memcpy(vendor + 4, &edx, 4);
  std::memcpy(vendor + 8, &ecx, 4);
  id.vendor = vendor;

  __get_cpuid(1, &eax, &ebx, &ecx, &edx);
  const int base_family = (eax >> 8) & 0xf, base_model = (eax >> 4) & 0xf;
  const int ext_family = (eax >> 20) & 0xff, ext_model = (eax >> 16) & 0xf;
  id.family = base_family == 0xf ? base_family + ext_family : base_family;
  id.model = base_family == 0x6 || base_family == 0xf ? (ext_model << 4) + base_model : base_model;
  id.stepping = eax & 0xf;

  // The brand string is 48 bytes in leaves 0x80000002..4.
  std::array<unsigned, 12> brand{};
  if (__get_cpuid(0x80000000, &eax, &ebx, &ecx, &edx) && eax >= 0x80000004) {
    for (unsigned leaf = 0; leaf < 3; ++leaf)
      __get_cpuid(0x80000002 + leaf, &brand[4 * leaf], &brand[4 * leaf + 1], &brand[4 * leaf + 2],
                  &brand[4 * leaf + 3]);
    const char* text = reinterpret_cast<const char*>(brand.data());
    id.brand = trimmed(std::string(text, strnlen(text, sizeof brand)));
  }
  return id;
}

}  // namespace probes::cpu
