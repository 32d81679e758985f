#include "probes/cuda/peer_link.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>

#include "probes/nvidia/architectures.hpp"
#include "probes/nvidia/nvml.hpp"

namespace probes::cuda {

namespace {

std::string pci_bus_id(int ordinal) {
  char id[32] = {};
  if (cudaDeviceGetPCIBusId(id, sizeof id, ordinal) != cudaSuccess) return "";
  return id;
}

// The PCIe rate each way of the GPU at `bus_id` (the most it and its host both support).
std::optional<double> pcie_rate(const std::string& bus_id, std::string& why) {
  nvidia::NvmlDevice nvml(bus_id);
  const auto link = nvml.pcie_link();
  if (!link) {
    why = nvml.reason();
    return std::nullopt;
  }
  const auto rate = nvidia::pcie_bytes_per_s(link->max_generation, link->max_width);
  if (!rate) why = "no rate known for PCIe generation " + std::to_string(link->max_generation);
  return rate;
}

}  // namespace

std::optional<PeerLink> peer_link(const roofline::Device& device, int other, std::string& why) {
  const std::string self_id = device.facts.at("pci_bus_id").get<std::string>();
  const std::string other_id = pci_bus_id(other);
  if (other_id.empty()) {
    why = "cudaDeviceGetPCIBusId failed for cuda:" + std::to_string(other);
    return std::nullopt;
  }
  nvidia::NvmlDevice nvml(self_id), peer_nvml(other_id);
  const auto links = nvml.nvlinks(other_id);
  const auto peer_links = links ? peer_nvml.nvlinks(self_id) : std::nullopt;
  if (!peer_links) {
    why = links ? peer_nvml.reason() : nvml.reason();
    return std::nullopt;
  }
  // Through NVSwitches a copy can use every link of the GPU with fewer of them.
  const unsigned direct = links->to_peer,
                 switched = std::min(links->to_switch, peer_links->to_switch);
  if (direct > 0 || switched > 0) {
    const std::string cc = device.facts.at("compute_capability").get<std::string>();
    const nvidia::Architecture* arch = nvidia::ArchitectureTable::embedded().find(
        std::stoi(cc), std::stoi(cc.substr(cc.find('.') + 1)));
    if (!arch || arch->nvlink_bytes_per_s <= 0) {
      why =
          "NVLinks, but data/cuda_architectures.json gives no NVLink rate for compute "
          "capability " +
          cc;
      return std::nullopt;
    }
    char basis[320];
    if (direct > 0)
      std::snprintf(basis, sizeof basis,
                    "%u active NVLinks between the two GPUs (NVML) x %.4g GB/s each way (%s)",
                    direct, arch->nvlink_bytes_per_s / 1e9, arch->name.c_str());
    else
      std::snprintf(basis, sizeof basis,
                    "%u active NVLinks to NVSwitches on each GPU (NVML), the fewer of the two, x "
                    "%.4g GB/s each way (%s)",
                    switched, arch->nvlink_bytes_per_s / 1e9, arch->name.c_str());
    return PeerLink{"nvlink", (direct > 0 ? direct : switched) * arch->nvlink_bytes_per_s, basis};
  }
  const auto self_rate = pcie_rate(self_id, why);
  const auto other_rate = self_rate ? pcie_rate(other_id, why) : std::nullopt;
  if (!other_rate) return std::nullopt;
  char basis[320];
  std::snprintf(basis, sizeof basis,
                "no NVLink between the two GPUs (NVML): the slower of their PCIe links, %.4g and "
                "%.4g GB/s each way after line encoding",
                *self_rate / 1e9, *other_rate / 1e9);
  return PeerLink{"pcie", std::min(*self_rate, *other_rate), basis};
}

}  // namespace probes::cuda
