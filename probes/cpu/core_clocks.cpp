#include "probes/cpu/core_clocks.hpp"

#include <algorithm>
#include <fstream>

namespace probes::cpu {

namespace fs = std::filesystem;

CoreClocks::CoreClocks(const fs::path& cpus) {
  std::error_code error;
  for (const fs::directory_entry& e : fs::directory_iterator(cpus, error)) {
    const std::string name = e.path().filename().string();
    if (name.size() > 3 && name.starts_with("cpu") &&
        std::all_of(name.begin() + 3, name.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
        fs::exists(e.path() / "cpufreq" / "scaling_cur_freq", error))
      cpufreq_.push_back(e.path() / "cpufreq");
  }
  if (cpufreq_.empty())
    unavailable_ = "no cpufreq scaling_cur_freq under " + cpus.string() + " (a VM without cpufreq)";
}

roofline::Sensed CoreClocks::mean_hz() const {
  if (cpufreq_.empty()) return roofline::Sensed::missing(unavailable_);
  double khz = 0;
  for (const fs::path& dir : cpufreq_) {
    std::ifstream in(dir / "scaling_cur_freq");
    double value = 0;
    if (!(in >> value))
      return roofline::Sensed::missing("cannot read " + (dir / "scaling_cur_freq").string());
    khz += value;
  }
  return {khz * 1e3 / static_cast<double>(cpufreq_.size()), ""};
}

std::string CoreClocks::powersave() const {
  std::size_t count = 0;
  for (const fs::path& dir : cpufreq_) {
    std::ifstream in(dir / "scaling_governor");
    std::string governor;
    if (in >> governor && governor == "powersave") ++count;
  }
  if (count == 0) return "";
  return "the cpufreq governor is powersave on " + std::to_string(count) + " of " +
         std::to_string(cpufreq_.size()) + " CPUs (clocks may stay low)";
}

}  // namespace probes::cpu
