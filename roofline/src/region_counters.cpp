// librooflab_regions.so: what `rooflab profile -d cpu` preloads (LD_PRELOAD) into a program marked
// with roofline/region.hpp. The header finds these two functions at run time and calls them around
// every pass of a region; each outermost pass is counted with PAPI (the provider `rooflab run
// --counters` uses: its default events, per OpenMP thread), and at exit the counts per region go
// to ROOFLAB_PROFILE_OUT/papi.<pid>.json, which the profile reads back.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "roofline/counters.hpp"

namespace {

struct RegionCounts {
  long long passes = 0;
  std::vector<double> sums;  // per event, over the counted passes
  std::vector<long long> counted;
};

class RegionCounters {
 public:
  RegionCounters() : provider_(roofline::make_papi_provider()) {
    events_ = provider_->default_events();
    provider_->open(events_);
    std::atexit([] { instance().write(); });
  }

  static RegionCounters& instance() {
    static RegionCounters* c = new RegionCounters;  // lives until exit, after the handler
    return *c;
  }

  void begin() {
    std::lock_guard lock(mutex_);
    if (depth_++ == 0) provider_->start();
  }

  void end(const char* region) {
    std::lock_guard lock(mutex_);
    if (depth_ == 0 || --depth_ > 0) return;  // a nested pass is part of the outer one's count
    const std::vector<roofline::EventReading> readings = provider_->stop();
    RegionCounts& r = regions_[region];
    r.sums.resize(events_.size());
    r.counted.resize(events_.size());
    ++r.passes;
    for (std::size_t i = 0; i < readings.size() && i < events_.size(); ++i) {
      if (readings[i].value) {
        r.sums[i] += *readings[i].value;
        ++r.counted[i];
      } else {
        unavailable_[events_[i].name] = readings[i].unavailable;
      }
    }
  }

 private:
  void write() {
    const char* folder = std::getenv("ROOFLAB_PROFILE_OUT");
    if (!folder || !*folder) return;
    std::lock_guard lock(mutex_);
    nlohmann::json regions = nlohmann::json::object();
    for (const auto& [name, r] : regions_) {
      nlohmann::json means = nlohmann::json::object();
      for (std::size_t i = 0; i < events_.size(); ++i)
        if (r.counted[i] > 0)
          means[events_[i].name] = r.sums[i] / static_cast<double>(r.counted[i]);
      regions[name] = {{"passes", r.passes}, {"means", means}};
    }
    nlohmann::json sources = nlohmann::json::object();
    for (std::size_t i = 0; i < events_.size(); ++i)
      sources[events_[i].name] = provider_->source(i);
    const nlohmann::json doc = {{"schema", "rooflab.papi-regions/1"},
                                {"sources", sources},
                                {"notes", provider_->notes()},
                                {"unavailable", unavailable_},
                                {"regions", regions}};
    const std::string name = "papi." + std::to_string(getpid()) + ".json";
    const std::filesystem::path tmp = std::filesystem::path(folder) / ("." + name + ".tmp");
    std::ofstream(tmp) << doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                       << "\n";
    std::error_code ec;
    std::filesystem::rename(tmp, std::filesystem::path(folder) / name, ec);
    if (ec) std::fprintf(stderr, "rooflab regions: cannot write %s/%s\n", folder, name.c_str());
  }

  std::unique_ptr<roofline::CounterProvider> provider_;
  std::vector<roofline::EventSpec> events_;
  std::mutex mutex_;
  int depth_ = 0;
  std::map<std::string, RegionCounts> regions_;
  std::map<std::string, std::string> unavailable_;
};

}  // namespace

extern "C" __attribute__((visibility("default"))) void rooflab_region_begin(const char*) {
  RegionCounters::instance().begin();
}

extern "C" __attribute__((visibility("default"))) void rooflab_region_end(const char* region) {
  RegionCounters::instance().end(region);
}
