#pragma once
// The GPUs of one host compared as a cluster's nodes are: identical devices, per roof, by the
// robust rule of roofline/outliers.hpp. Does one of them lie outside its siblings' spread?
#include <string>
#include <vector>

#include "roofline/outliers.hpp"
#include "roofline/profile.hpp"

namespace roofline {

// One roof of a device as identical devices (and a cluster's nodes) are compared by.
struct DeviceRoof {
  std::string roof;  // "fp64 fma", "DRAM"
  std::string unit;  // "FLOP/s", "B/s"
  double value = 0;
};

// Each compute roof (precision and path) and each memory level's roof, with the most threads
// measured.
std::vector<DeviceRoof> device_roofs(const Device& d);

// The devices that are one product — the same backend, name, architecture and memory size — in
// groups of two or more, in the order of each group's first device, each compared per roof.
std::vector<IdenticalDevices> compare_identical(const std::vector<Device>& devices,
                                                const OutlierRule& rule = {});

}  // namespace roofline
