#pragma once
// Your own code on the roofline, the habit of likwid's marker API: name a region, declare the
// work one pass of it does (FLOPs, bytes moved as referenced, precision, threads), mark each pass
// with start() and stop(), and write the passes as a rooflab.results/1 file (family "region").
// `rooflab report machine.json regions.json` places each region under the roofs of the profile,
// those measured with the region's thread count where the profile has them.
//
//   rooflab::Regions regions;
//   rooflab::Region& triad = regions.add("triad", {.flops = 2.0 * n, .bytes = 24.0 * n});
//   for (int pass = 0; pass < 10; ++pass) {
//     triad.start();
//     run_triad();
//     triad.stop();
//   }
//   regions.write("regions.json");
//
// Header-only: the C++20 standard library and POSIX's dlsym. Rooflab computes the statistics of
// the passes (median, its 95% CI) when it reads the file; a region is not verified by Rooflab and
// says so. Under `rooflab profile -d cpu`, which preloads its counter library, every outermost
// pass is also counted with PAPI (the library's rooflab_region_begin/end, found with dlsym; absent,
// a pass costs two clock reads as before).
#include <dlfcn.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace rooflab {

// The work of one pass of a region.
struct RegionWork {
  double flops = 0;  // floating-point operations
  double bytes = 0;  // bytes moved to and from memory, as referenced (the STREAM convention)
  const char* precision = "fp64";  // fp16, bf16, fp32 or fp64: whose compute roof applies
  int threads = 1;                 // threads that run it: whose roofs apply
  double working_set = 0;          // bytes it touches: picks the memory level (0: the slowest)
};

class Region {
 public:
  Region(std::string name, RegionWork work) : name_(std::move(name)), work_(work) {
    if (name_.empty()) throw std::invalid_argument("rooflab::Region: the name is empty");
    if (!(work_.flops >= 0) || !(work_.bytes >= 0) || !(work_.working_set >= 0) ||
        !std::isfinite(work_.flops + work_.bytes + work_.working_set))
      throw std::invalid_argument("rooflab::Region '" + name_ +
                                  "': flops, bytes and working_set must be finite and >= 0");
    if (work_.threads < 1)
      throw std::invalid_argument("rooflab::Region '" + name_ + "': threads is " +
                                  std::to_string(work_.threads) + ", expected 1 or more");
    const std::string p = work_.precision;
    if (p != "fp16" && p != "bf16" && p != "fp32" && p != "fp64")
      throw std::invalid_argument("rooflab::Region '" + name_ + "': precision '" + p +
                                  "' is not fp16, bf16, fp32 or fp64");
  }

  void start() {
    if (const Hooks& h = hooks(); h.begin) h.begin(name_.c_str());
    begin_ = Clock::now();
  }
  void stop() {
    samples_.push_back(std::chrono::duration<double>(Clock::now() - begin_).count());
    if (const Hooks& h = hooks(); h.end) h.end(name_.c_str());
  }

  const std::string& name() const { return name_; }
  const RegionWork& work() const { return work_; }
  const std::vector<double>& samples() const { return samples_; }  // seconds per pass

 private:
  using Clock = std::chrono::steady_clock;
  // rooflab profile's counter library, where it is loaded.
  struct Hooks {
    void (*begin)(const char*) = nullptr;
    void (*end)(const char*) = nullptr;
  };
  static const Hooks& hooks() {
    static const Hooks h{
        reinterpret_cast<void (*)(const char*)>(dlsym(RTLD_DEFAULT, "rooflab_region_begin")),
        reinterpret_cast<void (*)(const char*)>(dlsym(RTLD_DEFAULT, "rooflab_region_end"))};
    return h;
  }
  std::string name_;
  RegionWork work_;
  std::vector<double> samples_;
  Clock::time_point begin_{};
};

class Regions {
 public:
  // A new region; the reference stays valid while this object lives.
  Region& add(std::string name, RegionWork work) {
    return regions_.emplace_back(std::move(name), work);
  }

  // The regions as a rooflab.results/1 file, on the CPU device: their ceilings come from the
  // machine profile given to `rooflab report` beside it. Under `rooflab profile -d cpu` (which
  // sets ROOFLAB_PROFILE_OUT), a copy also goes to that folder for the profile. Throws
  // std::runtime_error when a file cannot be written.
  void write(const std::string& path) const {
    const std::string text = document();
    save(path, text);
    if (const char* folder = std::getenv("ROOFLAB_PROFILE_OUT"); folder && *folder) {
      static int written = 0;
      std::string copy = folder;
      copy += "/regions.";
      copy += std::to_string(std::chrono::system_clock::now().time_since_epoch().count());
      copy += '-';
      copy += std::to_string(++written);
      copy += ".json";
      save(copy, text);
    }
  }

 private:
  static void save(const std::string& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
    out.close();
    if (!out) throw std::runtime_error("rooflab::Regions: cannot write '" + path + "'");
  }

  std::string document() const {
    std::string doc =
        std::string("{\"schema\":\"rooflab.results/1\",\"provenance\":") + provenance() +
        ",\"machine\":{\"schema\":\"rooflab.machine/1\",\"provenance\":" + provenance() +
        ",\"devices\":[{\"id\":\"cpu\",\"backend\":\"cpu\",\"name\":\"\","
        "\"vendor\":\"\",\"driver\":\"\",\"compute_units\":0,\"clock_hz\":0,"
        "\"memory_bytes\":0,\"caches\":[],\"facts\":{},\"theoretical\":{"
        "\"compute\":[],\"memory\":[]},\"ceilings\":{\"compute\":[],\"memory\":"
        "[]},\"sweep\":[]}]},\"results\":[";
    for (std::size_t i = 0; i < regions_.size(); ++i) {
      if (i > 0) doc += ',';
      doc += result(regions_[i]);
    }
    return doc + "]}\n";
  }

  static std::string quoted(const std::string& text) {
    std::string q = "\"";
    for (const char c : text) {
      if (c == '"' || c == '\\') {
        q += '\\';
        q += c;
      } else if (static_cast<unsigned char>(c) < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
        q += escaped;
      } else {
        q += c;
      }
    }
    return q + "\"";
  }
  static std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
  }
  static std::string provenance() {
    return "{\"version\":\"\",\"git_hash\":\"\",\"compiler\":\"\",\"flags\":\"\",\"build_type\":"
           "\"\",\"host\":\"\",\"os\":\"\",\"cpu_model\":\"\",\"threads\":0,\"thread_binding\":"
           "\"\",\"affinity\":[],\"time\":\"\",\"command\":\"rooflab::Regions\"}";
  }
  // The record of one region: its passes as samples; the time summary (null here) and the level
  // are filled in by Rooflab when it reads the file and places it.
  static std::string result(const Region& r) {
    const RegionWork& w = r.work();
    std::string samples;
    for (const double s : r.samples()) {
      if (!samples.empty()) samples += ',';
      samples += number(s);
    }
    const bool timed = !r.samples().empty();
    return std::string("{\"family\":\"region\",\"variant\":") + quoted(r.name()) +
           ",\"backend\":\"cpu\",\"device\":\"cpu\",\"params\":{\"threads\":" +
           std::to_string(w.threads) + ",\"roof_threads\":" + std::to_string(w.threads) +
           ",\"source\":\"rooflab/region.hpp\"},\"work\":{\"precision\":" + quoted(w.precision) +
           ",\"flops\":" + number(w.flops) + ",\"bytes\":" + number(w.bytes) +
           ",\"bytes_write_allocate\":" + number(w.bytes) +
           ",\"working_set\":" + number(w.working_set) +
           "},\"level\":\"\",\"verification\":{\"status\":\"passed\",\"max_error\":0,"
           "\"tolerance\":0,\"message\":\"not verified by Rooflab: a marked region\"},\"error\":" +
           quoted(timed ? "" : "no pass was marked (start/stop)") + ",\"samples\":[" + samples +
           "],\"time\":null,\"placement\":null}";
  }

  std::deque<Region> regions_;
};

}  // namespace rooflab
