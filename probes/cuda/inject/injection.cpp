// librooflab_inject.so: what `rooflab profile` puts into a program, unmodified, through the CUDA
// driver's CUDA_INJECTION64_PATH. The driver calls InitializeInjection() once, as CUDA starts in
// the process; from then on
//  - every kernel's execution is an activity record (name, grid, block, stream, start, end), as
//    Nsight Systems records it: cheap, the program's own timing untouched;
//  - the first ROOFLAB_PROFILE_SAMPLE launches of each kernel and shape (whose demangled name
//    matches ROOFLAB_PROFILE_KERNELS, when set) are counted: the range profiler replays that one
//    launch once per pass of ROOFLAB_PROFILE_METRICS, while every other launch of the process
//    waits (one kernel per range, whatever the program's threads and streams do);
//  - at exit, the records go to ROOFLAB_PROFILE_OUT/cupti.<pid>.json (rooflab.cupti/1), which
//    rooflab reads back (probes/cuda/program_recording.cpp). A process the program forks writes
//    its own file.
#include <cuda.h>
#include <cxxabi.h>
#include <regex.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "probes/cuda/cupti_device.hpp"
#include "probes/cuda/cupti_host.hpp"
#include "probes/cuda/cupti_library.hpp"
#include "probes/cuda/cupti_session.hpp"
#include "probes/cuda/inject/launch_call.hpp"

namespace probes::cuda {
namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(sep, begin), text.size());
    if (end > begin) parts.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return parts;
}

std::string demangled(const char* symbol) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> name(
      abi::__cxa_demangle(symbol, nullptr, nullptr, &status), &std::free);
  return status == 0 && name ? name.get() : symbol;
}

// The range profiler of one context: set up at its first counted launch.
struct ContextCounting {
  std::string chip;
  std::unique_ptr<CuptiHost> host;  // configured with the metrics this device can count
  std::map<std::string, std::string> unavailable;  // metric → why not
  std::string error;                               // why nothing is counted here
};

struct Counted {
  std::uint32_t correlation = 0;
  std::vector<double> values;  // per metric of its context's host, in that order
  std::vector<std::string> metrics;
  std::string error;
};

class Recorder {
 public:
  Recorder()
      : out_(env("ROOFLAB_PROFILE_OUT")),
        metrics_(split(env("ROOFLAB_PROFILE_METRICS"), ',')),
        sample_(std::atoi(env("ROOFLAB_PROFILE_SAMPLE").c_str())) {
    const std::string pattern = env("ROOFLAB_PROFILE_KERNELS");
    if (!pattern.empty()) {
      filter_.emplace();
      if (regcomp(&*filter_, pattern.c_str(), REG_EXTENDED | REG_NOSUB) != 0) {
        filter_.reset();
        notes_.push_back("ROOFLAB_PROFILE_KERNELS '" + pattern +
                         "' is no extended regular expression: no launch counted");
        sample_ = 0;
      }
    }
    if (metrics_.empty()) sample_ = 0;
  }

  bool start() {
    if (out_.empty()) {
      std::fprintf(stderr, "rooflab inject: ROOFLAB_PROFILE_OUT is not set: nothing recorded\n");
      return false;
    }
    const CuptiLibrary& lib = cupti_library();
    if (!lib.loaded()) {
      std::fprintf(stderr, "rooflab inject: %s: nothing recorded\n", lib.error().c_str());
      return false;
    }
    try {
      lib.check(lib.cuptiActivityRegisterCallbacks(&buffer_requested, &buffer_completed),
                "cuptiActivityRegisterCallbacks");
      lib.check(lib.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL),
                "cuptiActivityEnable(CONCURRENT_KERNEL)");
      CUpti_SubscriberHandle subscriber = nullptr;
      lib.check(lib.cuptiSubscribe(&subscriber, &on_callback, this), "cuptiSubscribe");
      for (const CUpti_CallbackId id : launch_callback_ids())
        lib.check(lib.cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API, id),
                  "cuptiEnableCallback");
    } catch (const std::exception& e) {
      std::fprintf(stderr, "rooflab inject: %s: nothing recorded\n", e.what());
      return false;
    }
    return true;
  }

  // Flushes the activity buffers and writes the records (temporary file, then rename).
  void write() {
    const CuptiLibrary& lib = cupti_library();
    lib.cuptiActivityFlushAll(1);
    std::size_t dropped = 0;
    lib.cuptiActivityGetNumDroppedRecords(nullptr, 0, &dropped);
    std::lock_guard lock(state_);
    nlohmann::json counted = nlohmann::json::array();
    for (const Counted& c : counted_) {
      nlohmann::json values = nlohmann::json::object();
      for (std::size_t i = 0; i < c.metrics.size() && i < c.values.size(); ++i)
        values[c.metrics[i]] = c.values[i];
      counted.push_back({{"correlation", c.correlation}, {"values", values}, {"error", c.error}});
    }
    nlohmann::json contexts = nlohmann::json::array();
    for (const auto& [ctx, c] : contexts_)
      contexts.push_back({{"chip", c.chip}, {"unavailable", c.unavailable}, {"error", c.error}});
    const nlohmann::json doc = {
        {"schema", "rooflab.cupti/1"}, {"pid", getpid()},       {"metrics", metrics_},
        {"sample", sample_},           {"notes", notes_},       {"contexts", contexts},
        {"dropped_records", dropped},  {"launches", launches_}, {"counted", counted}};
    const std::filesystem::path dir(out_);
    const std::string name = "cupti." + std::to_string(getpid()) + ".json";
    const std::filesystem::path tmp = dir / ("." + name + ".tmp");
    {
      std::ofstream file(tmp);
      file << doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      if (!file) {
        std::fprintf(stderr, "rooflab inject: cannot write %s\n", tmp.c_str());
        return;
      }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, dir / name, ec);
    if (ec) std::fprintf(stderr, "rooflab inject: cannot write %s\n", (dir / name).c_str());
  }

 private:
  static constexpr std::size_t kBufferBytes = 8 << 20;

  static void CUPTIAPI buffer_requested(std::uint8_t** buffer, std::size_t* size,
                                        std::size_t* max_records) {
    *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(8, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *max_records = 0;
  }

  static void CUPTIAPI buffer_completed(CUcontext, std::uint32_t, std::uint8_t* buffer, std::size_t,
                                        std::size_t valid);

  static void CUPTIAPI on_callback(void* self, CUpti_CallbackDomain, CUpti_CallbackId id,
                                   const void* data) {
    static_cast<Recorder*>(self)->on_launch(id, *static_cast<const CUpti_CallbackData*>(data));
  }

  // Every launch takes the launch lock from its API call's entry to its exit while counting may
  // still be wanted, so that a counted launch's range holds its kernel alone.
  void on_launch(CUpti_CallbackId id, const CUpti_CallbackData& cb) {
    if (sample_ <= 0) return;
    thread_local std::unique_lock<std::mutex> held;
    thread_local std::unique_ptr<CuptiSession> session;
    thread_local ContextCounting* counting = nullptr;
    if (cb.callbackSite == CUPTI_API_ENTER) {
      const std::optional<LaunchCall> call = launch_call(id, cb.functionParams);
      if (!call) return;
      held = std::unique_lock(launch_);
      if (!wanted(cb.symbolName ? cb.symbolName : "", *call)) return;
      CUstreamCaptureStatus capture = CU_STREAM_CAPTURE_STATUS_NONE;
      if (cuStreamIsCapturing(call->stream, &capture) != CUDA_SUCCESS ||
          capture != CU_STREAM_CAPTURE_STATUS_NONE)
        return;  // a launch into a graph being captured runs later, outside this call
      counting = &context(cb.context);
      if (!counting->host) return;
      try {
        session = std::make_unique<CuptiSession>(cupti_library(), cb.context, *counting->host);
      } catch (const std::exception& e) {
        record(cb.correlationId, {}, {}, e.what());
      }
      return;
    }
    if (session) {
      std::vector<double> values;
      std::string error;
      try {
        if (cuCtxSynchronize() != CUDA_SUCCESS) throw CuptiError("cuCtxSynchronize failed");
        values = session->stop(*counting->host);
      } catch (const std::exception& e) {
        error = e.what();
      }
      session.reset();
      record(cb.correlationId, counting->host->metrics(), std::move(values), error);
    }
    if (held.owns_lock()) held.unlock();
  }

  // Whether this launch is among the first `sample_` of its kernel and shape to count, and
  // matches the filter; counts it as taken.
  bool wanted(const std::string& symbol, const LaunchCall& call) {
    std::lock_guard lock(state_);
    const auto key = std::make_tuple(symbol, call.grid, call.block);
    auto it = taken_.find(key);
    if (it == taken_.end()) {
      bool match = true;
      if (filter_)
        match = regexec(&*filter_, demangled(symbol.c_str()).c_str(), 0, nullptr, 0) == 0;
      it = taken_.emplace(key, match ? 0 : sample_).first;
    }
    if (it->second >= sample_) return false;
    ++it->second;
    return true;
  }

  ContextCounting& context(CUcontext ctx) {
    std::lock_guard lock(state_);
    auto [it, fresh] = contexts_.try_emplace(ctx);
    ContextCounting& c = it->second;
    if (!fresh) return c;
    try {
      CUdevice device = 0;
      if (cuCtxGetDevice_v2(&device, ctx) != CUDA_SUCCESS)
        throw CuptiError("cuCtxGetDevice_v2 failed");
      const CuptiLibrary& lib = cupti_library();
      CuptiDevice d = cupti_device(lib, ctx, device, static_cast<int>(device));
      c.chip = d.chip;
      CuptiHost checker(lib, d.chip, d.availability);
      std::vector<std::string> countable;
      for (const std::string& m : metrics_) {
        if (std::string why = checker.check(m); !why.empty())
          c.unavailable[m] = why;
        else
          countable.push_back(m);
      }
      if (countable.empty()) throw CuptiError("none of the metrics can be counted on " + d.chip);
      c.host = std::make_unique<CuptiHost>(lib, d.chip, d.availability);
      c.host->configure(countable);
    } catch (const std::exception& e) {
      c.host.reset();
      c.error = e.what();
    }
    return c;
  }

  void record(std::uint32_t correlation, std::vector<std::string> metrics,
              std::vector<double> values, const std::string& error) {
    std::lock_guard lock(state_);
    counted_.push_back({correlation, std::move(values), std::move(metrics), error});
  }

  void add_launches(std::uint8_t* buffer, std::size_t valid) {
    const CuptiLibrary& lib = cupti_library();
    CUpti_Activity* record = nullptr;
    std::lock_guard lock(state_);
    while (lib.cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
      if (record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) continue;
      const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
      launches_.push_back({{"name", k->name ? k->name : "?"},
                           {"correlation", k->correlationId},
                           {"device", k->deviceId},
                           {"stream", k->streamId},
                           {"graph", k->graphId},
                           {"grid", {k->gridX, k->gridY, k->gridZ}},
                           {"block", {k->blockX, k->blockY, k->blockZ}},
                           {"registers", k->registersPerThread},
                           {"shared_bytes", k->staticSharedMemory + k->dynamicSharedMemory},
                           {"start", k->start},
                           {"end", k->end}});
    }
  }

  std::string out_;
  std::vector<std::string> metrics_;
  int sample_ = 0;
  std::optional<regex_t> filter_;
  std::vector<std::string> notes_;

  std::mutex launch_;  // held by the thread whose launch is in its API call
  std::mutex state_;   // guards what follows
  std::map<std::tuple<std::string, std::array<unsigned, 3>, std::array<unsigned, 3>>, int> taken_;
  std::map<CUcontext, ContextCounting> contexts_;
  std::vector<Counted> counted_;
  nlohmann::json launches_ = nlohmann::json::array();

  friend Recorder& recorder();
};

Recorder& recorder() {
  static Recorder* r = new Recorder;  // never destroyed: CUPTI may call in until the very end
  return *r;
}

void CUPTIAPI Recorder::buffer_completed(CUcontext, std::uint32_t, std::uint8_t* buffer,
                                         std::size_t, std::size_t valid) {
  recorder().add_launches(buffer, valid);
  std::free(buffer);
}

}  // namespace
}  // namespace probes::cuda

extern "C" __attribute__((visibility("default"))) int InitializeInjection() {
  static std::atomic<bool> started{false};
  if (started.exchange(true)) return 1;
  if (probes::cuda::recorder().start()) std::atexit([] { probes::cuda::recorder().write(); });
  return 1;
}
