#include "reports/twins.hpp"

#include <array>
#include <cstdio>
#include <optional>

namespace reports {
namespace {

std::string fact(const roofline::Device& d, const char* key) {
  const auto it = d.facts.find(key);
  return it != d.facts.end() && it->is_string() ? it->get<std::string>() : "";
}

// Domain, bus and device of "0000:1b:00.0" as numbers: CUDA, NVML and OpenCL differ in case and
// in the width of the domain ("00000000:1B:00.0"). Nothing when the text is not a bus id.
std::optional<std::array<unsigned, 3>> pci_location(const std::string& bus_id) {
  std::array<unsigned, 3> at{};
  if (std::sscanf(bus_id.c_str(), "%x:%x:%x", &at[0], &at[1], &at[2]) != 3) return std::nullopt;
  return at;
}

}  // namespace

bool same_physical_device(const roofline::Device& opencl, const roofline::Device& native) {
  if (opencl.backend != "opencl" || native.backend == "opencl") return false;
  if (native.backend == "cpu") return fact(opencl, "device_type") == "CPU";
  const auto bus = pci_location(fact(opencl, "pci_bus_id"));
  return bus && bus == pci_location(fact(native, "pci_bus_id"));
}

const DeviceView* native_view(const DeviceView& view, const std::vector<DeviceView>& views) {
  for (const DeviceView& other : views)
    if (other.input == view.input && same_physical_device(view.device, other.device)) return &other;
  return nullptr;
}

roofline::Roofline combined_roofline(const roofline::Device& device,
                                     const roofline::Device& native) {
  const roofline::Roofline own = device.roofline(), theirs = native.roofline();
  std::vector<roofline::ComputeRoof> compute = own.compute();
  std::vector<roofline::MemoryRoof> memory = own.memory();
  for (roofline::ComputeRoof c : theirs.compute()) {
    c.path = native.backend + " " + c.path;
    compute.push_back(c);
  }
  for (roofline::MemoryRoof m : theirs.memory()) {
    m.level = native.backend + " " + m.level;
    memory.push_back(m);
  }
  return roofline::Roofline(std::move(compute), std::move(memory));
}

std::optional<double> ratio_to_native(const CeilingRow& row, const roofline::Device& native) {
  const roofline::Roofline roofs = native.roofline();
  if (row.compute) {
    const auto peak = roofs.peak(roofline::precision_from_string(row.precision));
    if (!peak || !(*peak > 0)) return std::nullopt;
    return row.measured.median / *peak;
  }
  const int threads = native.max_threads_measured();
  for (const roofline::MemoryCeiling& m : native.memory)
    if (m.threads == threads && m.level == row.level && m.kernel == row.kernel &&
        m.bytes_per_s.median > 0)
      return row.measured.median / m.bytes_per_s.median;
  return std::nullopt;
}

}  // namespace reports
