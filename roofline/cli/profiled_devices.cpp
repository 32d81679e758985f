#include "roofline/cli/profiled_devices.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "roofline/bytes_text.hpp"
#include "roofline/cli/cluster_run.hpp"

namespace cli {

void use_profile(std::vector<Selected>& devices, const std::string& path) {
  std::vector<std::string> ids;
  for (const Selected& d : devices) ids.push_back(d.device.id);
  const roofline::MachineProfile machine = machine_for_node(path, -1, ids);
  for (Selected& d : devices)
    if (const roofline::Device* probed = machine.find(d.device.id)) d.device = *probed;
}

std::string measured_levels(const roofline::Device& device) {
  const int threads = device.max_threads_measured();
  std::map<std::string, double> to;  // per cache level, its plateaus' largest working set
  std::optional<double> dram_plateau;
  for (const roofline::MemoryCeiling& m : device.memory) {
    if (m.threads != threads) continue;
    if (m.level == "DRAM")
      dram_plateau = std::min(dram_plateau.value_or(m.working_set_min), m.working_set_min);
    else
      to[m.level] = std::max(to[m.level], m.working_set_max);
  }
  std::string text;
  for (const roofline::Cache& c : device.caches)
    if (const auto it = to.find(c.level); it != to.end())
      text += (text.empty() ? "" : ", ") + c.level + " to " + roofline::bytes_text(it->second);
  if (const std::optional<double> dram = device.dram_onset() ? device.dram_onset() : dram_plateau)
    text += (text.empty() ? "DRAM from " : ", DRAM from ") + roofline::bytes_text(*dram);
  if (text.empty()) return "";
  return text + " (" + std::to_string(threads) + (threads == 1 ? " thread)" : " threads)");
}

}  // namespace cli
