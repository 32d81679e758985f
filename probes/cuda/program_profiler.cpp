#include "probes/cuda/program_profiler.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "probes/cuda/cupti_metrics.hpp"
#include "roofline/input_error.hpp"

namespace probes::cuda {
namespace {

using nlohmann::json;

std::string demangled(const std::string& symbol) {
  int status = 0;
  char* name = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
  std::string text = status == 0 && name ? name : symbol;
  std::free(name);
  return text;
}

std::array<long long, 3> dims(const json& j) {
  return {j.at(0).get<long long>(), j.at(1).get<long long>(), j.at(2).get<long long>()};
}

void add_file(const std::filesystem::path& path, roofline::ProgramRecording& rec,
              std::set<std::string>& chips) {
  std::ifstream in(path);
  const json doc = json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object())
    throw roofline::InputError("'" + path.string() + "': not valid JSON");
  try {
    if (doc.at("schema") != "rooflab.cupti/1")
      throw roofline::InputError("'" + path.string() + "': schema " + doc.at("schema").dump() +
                                 ", expected \"rooflab.cupti/1\"");
    std::map<std::uint64_t, const json*> counted;
    for (const json& c : doc.at("counted")) counted[c.at("correlation").get<std::uint64_t>()] = &c;
    for (const json& l : doc.at("launches")) {
      roofline::KernelLaunch k;
      k.name = demangled(l.at("name").get<std::string>());
      k.grid = dims(l.at("grid"));
      k.block = dims(l.at("block"));
      const auto it = counted.find(l.at("correlation").get<std::uint64_t>());
      k.counted = it != counted.end();
      if (k.counted) {
        k.count_error = it->second->at("error").get<std::string>();
        for (const auto& [metric, value] : it->second->at("values").items())
          k.counts[metric] = value.get<double>();
      } else {
        const double ns = l.at("end").get<double>() - l.at("start").get<double>();
        if (!(ns > 0)) continue;  // a record without a time: nothing to place
        k.seconds = ns * 1e-9;
      }
      rec.launches.push_back(std::move(k));
    }
    for (const json& c : doc.at("contexts")) {
      if (!c.at("chip").get<std::string>().empty()) chips.insert(c.at("chip").get<std::string>());
      for (const auto& [metric, why] : c.at("unavailable").items())
        rec.unavailable[metric] = why.get<std::string>();
      if (const std::string error = c.at("error"); !error.empty())
        rec.notes.push_back("no kernel counted on " +
                            (c.at("chip").get<std::string>().empty()
                                 ? std::string("a device")
                                 : c.at("chip").get<std::string>()) +
                            ": " + error);
    }
    for (const json& note : doc.at("notes")) rec.notes.push_back(note.get<std::string>());
    if (const auto dropped = doc.at("dropped_records").get<long long>(); dropped > 0)
      rec.notes.push_back(std::to_string(dropped) + " kernel records dropped by CUPTI (process " +
                          doc.at("pid").dump() + ")");
  } catch (const json::exception& e) {
    throw roofline::InputError("'" + path.string() + "': " + e.what());
  }
}

class CudaProgramProfiler final : public roofline::ProgramProfiler {
 public:
  explicit CudaProgramProfiler(std::filesystem::path library) : library_(std::move(library)) {}

  std::vector<std::pair<std::string, std::string>> environment(
      const std::filesystem::path& folder, const roofline::ProgramOptions& options) const override {
    std::string metrics;
    for (const auto& e : cupti_program_events()) metrics += (metrics.empty() ? "" : ",") + e.name;
    return {{"CUDA_INJECTION64_PATH", library_.string()},
            {"ROOFLAB_PROFILE_OUT", folder.string()},
            {"ROOFLAB_PROFILE_METRICS", metrics},
            {"ROOFLAB_PROFILE_SAMPLE", std::to_string(options.sample)},
            {"ROOFLAB_PROFILE_KERNELS", options.kernels}};
  }

  std::vector<roofline::Result> collect(const std::filesystem::path& folder,
                                        const roofline::Device& device,
                                        const roofline::QuantityVerdicts& verdicts,
                                        roofline::ProgramRun& program) const override {
    const roofline::ProgramRecording rec = read_cupti_recordings(folder);
    program.notes.insert(program.notes.end(), rec.notes.begin(), rec.notes.end());
    return roofline::kernel_results(rec, cupti_program_events(), verdicts, device, program);
  }

 private:
  std::filesystem::path library_;
};

}  // namespace

roofline::ProgramRecording read_cupti_recordings(const std::filesystem::path& folder) {
  roofline::ProgramRecording rec;
  std::set<std::string> chips;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("cupti.", 0) == 0 && entry.path().extension() == ".json")
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) add_file(f, rec, chips);
  rec.source = "cupti range profiler";
  for (const std::string& chip : chips) rec.source += " " + chip;
  if (files.empty())
    rec.notes.push_back(
        "no CUDA process recorded anything: the program started no CUDA context, or its "
        "driver did not load the injection (CUDA_INJECTION64_PATH)");
  return rec;
}

std::unique_ptr<roofline::ProgramProfiler> make_cuda_program_profiler(
    std::filesystem::path inject_library) {
  return std::make_unique<CudaProgramProfiler>(std::move(inject_library));
}

}  // namespace probes::cuda
