#include "probes/cpu/rapl.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string_view>

namespace probes::cpu {
namespace {

namespace fs = std::filesystem;

// The first line of a sysfs file, or nothing (errno says why).
std::optional<std::string> first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  return line;
}

std::optional<double> number(const fs::path& file) {
  const auto line = first_line(file);
  if (!line) return std::nullopt;
  try {
    return std::stod(*line);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// A package ("package-0", a top zone intel-rapl:N) or its DRAM ("dram", a subzone): their sum is
// the CPU's energy. The core and uncore subzones lie inside their package, psys around it all.
bool counted(const fs::path& zone) {
  const std::string dir = zone.filename().string();
  if (!dir.starts_with("intel-rapl:")) return false;
  const auto name = first_line(zone / "name");
  return name && (name->starts_with("package") || *name == "dram");
}

}  // namespace

Rapl::Rapl(const fs::path& powercap) {
  std::error_code error;
  if (!fs::is_directory(powercap, error)) {
    unavailable_ = "no RAPL: " + powercap.string() + " is absent (a VM without RAPL)";
    return;
  }
  std::vector<fs::path> dirs;
  for (const fs::directory_entry& e : fs::directory_iterator(powercap, error))
    if (counted(e.path())) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  if (dirs.empty()) {
    unavailable_ = "no RAPL: no package zone under " + powercap.string() + " (a VM without RAPL)";
    return;
  }
  for (const fs::path& dir : dirs) {
    const fs::path energy = dir / "energy_uj";
    const int fd = open(energy.c_str(), O_RDONLY);
    if (fd >= 0) close(fd);
    if (fd < 0) {
      unavailable_ = errno == EACCES
                         ? "RAPL not readable: permission denied on " + energy.string() +
                               " (root only since Linux 5.10; run as root, or grant read access)"
                         : "RAPL not readable: " + energy.string() + ": " + std::strerror(errno);
      zones_.clear();
      return;
    }
    const std::optional<double> range = number(dir / "max_energy_range_uj");
    if (!range || !(*range > 0)) {
      unavailable_ = "RAPL not readable: no max_energy_range_uj in " + dir.string();
      zones_.clear();
      return;
    }
    zones_.push_back({dir, *range});
  }
}

std::optional<std::vector<double>> Rapl::read() const {
  if (!available()) return std::nullopt;
  std::vector<double> uj;
  uj.reserve(zones_.size());
  for (const Zone& z : zones_) {
    const std::optional<double> value = number(z.dir / "energy_uj");
    if (!value) return std::nullopt;
    uj.push_back(*value);
  }
  return uj;
}

double Rapl::joules(const std::vector<double>& from, const std::vector<double>& to) const {
  double uj = 0;
  for (std::size_t i = 0; i < zones_.size() && i < from.size() && i < to.size(); ++i)
    uj += to[i] >= from[i] ? to[i] - from[i] : to[i] + zones_[i].range_uj - from[i];
  return uj / 1e6;
}

roofline::Sensed Rapl::power_cap_w() const {
  if (!available()) return roofline::Sensed::missing(unavailable_);
  double uw = 0;
  for (const Zone& z : zones_) {
    if (!first_line(z.dir / "name").value_or("").starts_with("package")) continue;
    const std::optional<double> limit = number(z.dir / "constraint_0_power_limit_uw");
    if (!limit)
      return roofline::Sensed::missing("no constraint_0_power_limit_uw in " + z.dir.string());
    uw += *limit;
  }
  return {uw / 1e6, ""};
}

}  // namespace probes::cpu
