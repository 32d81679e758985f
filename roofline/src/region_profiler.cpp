#include <algorithm>
#include <fstream>
#include <string>

#include "roofline/input_error.hpp"
#include "roofline/json_io.hpp"
#include "roofline/program.hpp"
#include "roofline/src/papi_events.hpp"

namespace roofline {
namespace {

constexpr char kCounterLibrary[] = "librooflab_regions.so";

// libasan must be the first library of a process it is in: a sanitizer build's counter library
// cannot be preloaded into a program built without it.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

// The PAPI counts per region of every papi.<pid>.json in `folder`: region → event → mean per
// pass, with each event's source, and why events could not be counted.
struct RegionCounts {
  std::map<std::string, std::map<std::string, double>> means;
  std::map<std::string, std::string> sources, unavailable;
  std::vector<std::string> notes;
};

RegionCounts read_counts(const std::vector<std::filesystem::path>& files) {
  RegionCounts c;
  for (const auto& file : files) {
    std::ifstream in(file);
    const nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
    if (doc.is_discarded() || doc.value("schema", "") != "rooflab.papi-regions/1")
      throw InputError("'" + file.string() + "': not a rooflab.papi-regions/1 file");
    try {
      for (const auto& [region, r] : doc.at("regions").items())
        for (const auto& [event, mean] : r.at("means").items()) c.means[region][event] = mean;
      for (const auto& [event, source] : doc.at("sources").items()) c.sources[event] = source;
      for (const auto& [event, why] : doc.at("unavailable").items()) c.unavailable[event] = why;
      for (const auto& note : doc.at("notes")) c.notes.push_back(note);
    } catch (const nlohmann::json::exception& e) {
      throw InputError("'" + file.string() + "': " + e.what());
    }
  }
  return c;
}

// A region's PAPI counts as its counters, and its FLOPs and bytes (from events whose calibration
// did not disagree) as its measured work; it stays placed with the work it declares.
void add_counts(Result& r, const RegionCounts& counts, const QuantityVerdicts& verdicts) {
  const auto means = counts.means.find(r.variant);
  MeasuredWork measured;
  for (const auto& [event, source] : counts.sources) {
    const EventSpec spec = papi::known_meaning(event);
    Counter c{std::nullopt, source, Verdict::unavailable, ""};
    if (means != counts.means.end() && means->second.contains(event)) {
      c.value = means->second.at(event);
      const auto v = verdicts.find(spec.quantity);
      c.verdict = v != verdicts.end() ? v->second.first : Verdict::uncalibrated;
      c.note = v != verdicts.end() ? v->second.second : "shown only";
      if (c.verdict != Verdict::disagrees && spec.quantity == kFlops)
        measured.flops = measured.flops.value_or(0) + spec.weight * *c.value;
      if (c.verdict != Verdict::disagrees && !level_of_quantity(spec.quantity).empty())
        measured.bytes[level_of_quantity(spec.quantity)] += spec.weight * *c.value;
    } else {
      const auto why = counts.unavailable.find(event);
      c.note = why != counts.unavailable.end() ? why->second : "not counted";
    }
    r.counters[event] = c;
  }
  if (!measured.flops && measured.bytes.empty()) return;
  for (const auto& [level, bytes] : measured.bytes)
    if (measured.flops && bytes > 0) measured.ai[level] = *measured.flops / bytes;
  r.measured = measured;
}

// Regions a program marked with roofline/region.hpp: with ROOFLAB_PROFILE_OUT set, Regions::write
// leaves a copy in that folder (regions.<time>-<k>.json), and the preloaded counter library its
// PAPI counts per region (papi.<pid>.json); this reads both back.
class RegionProfiler final : public ProgramProfiler {
 public:
  std::vector<std::pair<std::string, std::string>> environment(
      const std::filesystem::path& folder, const ProgramOptions&) const override {
    std::vector<std::pair<std::string, std::string>> env = {
        {"ROOFLAB_PROFILE_OUT", folder.string()}};
    const std::filesystem::path library = library_beside_rooflab(kCounterLibrary);
    if (!kAddressSanitizer && !library.empty()) {
      const char* preload = std::getenv("LD_PRELOAD");
      env.push_back({"LD_PRELOAD",
                     library.string() + (preload && *preload ? std::string(":") + preload : "")});
    }
    return env;
  }

  std::vector<Result> collect(const std::filesystem::path& folder, const Device& device,
                              const QuantityVerdicts& verdicts,
                              ProgramRun& program) const override {
    std::vector<std::filesystem::path> files, papi;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind("regions.", 0) == 0) files.push_back(entry.path());
      if (name.rfind("papi.", 0) == 0) papi.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    const RegionCounts counts = read_counts(papi);
    if (papi.empty())
      program.notes.push_back(kAddressSanitizer
                                  ? "regions not counted: a sanitizer build's counter library "
                                    "cannot be preloaded"
                                  : "regions not counted: the counter library was not loaded "
                                    "(" +
                                        std::string(kCounterLibrary) + " beside rooflab)");
    for (const std::string& note : counts.notes) program.notes.push_back("PAPI: " + note);
    if (files.empty())
      program.notes.push_back(
          "no region was written: the program marks none with roofline/region.hpp, or never "
          "calls Regions::write");
    const bool counted = std::any_of(verdicts.begin(), verdicts.end(), [](const auto& v) {
      return v.second.first == Verdict::agrees && v.first != kCpuSeconds;
    });
    const std::string counting =
        counted ? "declared by the program; its PAPI counts are measured work beside it"
                : "declared by the program: PAPI counts no FLOPs or bytes on this machine "
                  "(its counters say why)";
    std::vector<Result> results;
    for (const auto& file : files)
      for (Result& r : results_from_json(read_json_file(file)).results) {
        r.device = device.id;
        KernelLaunches k;
        k.launches = static_cast<long long>(r.samples.size());
        for (const double s : r.samples) k.total_seconds += s;
        k.counting = counting;
        k.counted = counts.means.contains(r.variant) ? k.launches : 0;
        r.launches = k;
        add_counts(r, counts, verdicts);
        results.push_back(std::move(r));
      }
    program.kernel_seconds = 0;
    program.launches = program.counted = 0;
    for (const Result& r : results) {
      program.kernel_seconds += r.launches->total_seconds;
      program.launches += r.launches->launches;
      program.counted += r.launches->counted;
    }
    for (Result& r : results) {
      if (program.kernel_seconds > 0)
        r.launches->share = r.launches->total_seconds / program.kernel_seconds;
      place_on(r, device);
    }
    sort_by_total_time(results);
    return results;
  }
};

}  // namespace

std::unique_ptr<ProgramProfiler> make_region_profiler() {
  return std::make_unique<RegionProfiler>();
}

}  // namespace roofline
