#include "roofline/identical_devices.hpp"

namespace roofline {
namespace {

// What makes two devices one product. The backend keeps a GPU seen through CUDA apart from the
// same GPU seen through OpenCL.
std::string product(const Device& d) {
  return d.backend + '\n' + d.name + '\n' + d.facts.value("architecture", nlohmann::json()).dump() +
         '\n' + std::to_string(d.memory_bytes);
}

}  // namespace

std::vector<DeviceRoof> device_roofs(const Device& d) {
  std::vector<DeviceRoof> roofs;
  const Roofline r = d.roofline();
  for (const ComputeRoof& p : r.compute())
    roofs.push_back({std::string(to_string(p.precision)) + " " + p.path, "FLOP/s", p.flops_per_s});
  for (const MemoryRoof& m : r.memory()) roofs.push_back({m.level, "B/s", m.bytes_per_s});
  return roofs;
}

std::vector<IdenticalDevices> compare_identical(const std::vector<Device>& devices,
                                                const OutlierRule& rule) {
  std::vector<IdenticalDevices> groups;
  std::vector<std::string> products;
  std::vector<std::vector<RoofValue>> values;
  for (const Device& d : devices) {
    const std::string key = product(d);
    std::size_t g = 0;
    while (g < products.size() && products[g] != key) ++g;
    if (g == products.size()) {
      products.push_back(key);
      groups.push_back({{}, rule, {}});
      values.emplace_back();
    }
    groups[g].devices.push_back(d.id);
    for (const DeviceRoof& r : device_roofs(d))
      values[g].push_back({d.id, r.roof, r.unit, r.value});
  }
  std::vector<IdenticalDevices> compared;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].devices.size() < 2) continue;
    groups[g].outliers = roof_outliers(values[g], rule);
    compared.push_back(std::move(groups[g]));
  }
  return compared;
}

}  // namespace roofline
