#pragma once
// libcupti, loaded at run time (dlopen) so that rooflab starts where there is no driver or CUPTI:
// the CUPTI headers give the types, never a link-time dependency. Every call is checked: a failure
// throws CuptiError naming the call and the CUptiResult's name.
#include <cupti_activity.h>
#include <cupti_callbacks.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_target.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace probes::cuda {

struct CuptiError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The CUDA 13 range profiler and profiler host entry points Rooflab calls, and the callback and
// activity entry points the profile injection (probes/cuda/inject) records a program with.
// One entry point per line:
// clang-format off
#define ROOFLAB_CUPTI_FUNCTIONS(X) \
  X(cuptiGetResultString) \
  X(cuptiProfilerInitialize) \
  X(cuptiProfilerDeviceSupported) \
  X(cuptiDeviceGetChipName) \
  X(cuptiProfilerGetCounterAvailability) \
  X(cuptiProfilerHostInitialize) \
  X(cuptiProfilerHostDeinitialize) \
  X(cuptiProfilerHostGetMetricProperties) \
  X(cuptiProfilerHostConfigAddMetrics) \
  X(cuptiProfilerHostGetConfigImageSize) \
  X(cuptiProfilerHostGetConfigImage) \
  X(cuptiProfilerHostGetNumOfPasses) \
  X(cuptiProfilerHostEvaluateToGpuValues) \
  X(cuptiRangeProfilerEnable) \
  X(cuptiRangeProfilerDisable) \
  X(cuptiRangeProfilerGetCounterDataSize) \
  X(cuptiRangeProfilerCounterDataImageInitialize) \
  X(cuptiRangeProfilerSetConfig) \
  X(cuptiRangeProfilerStart) \
  X(cuptiRangeProfilerStop) \
  X(cuptiRangeProfilerDecodeData) \
  X(cuptiRangeProfilerGetCounterDataInfo) \
  X(cuptiSubscribe) \
  X(cuptiEnableCallback) \
  X(cuptiActivityEnable) \
  X(cuptiActivityRegisterCallbacks) \
  X(cuptiActivityFlushAll) \
  X(cuptiActivityGetNextRecord) \
  X(cuptiActivityGetNumDroppedRecords)
// clang-format on

class CuptiLibrary {
 public:
  // Tries each name in turn (dlopen's search path: LD_LIBRARY_PATH, the binary's run path, the
  // system's); the library stays loaded for the process.
  explicit CuptiLibrary(const std::vector<std::string>& names);
  CuptiLibrary(const CuptiLibrary&) = delete;
  CuptiLibrary& operator=(const CuptiLibrary&) = delete;

  bool loaded() const { return error_.empty(); }
  // Why it is not loaded: "dlopen libcupti.so.13: <dlerror>; …", the missing symbol, or an
  // AddressSanitizer build.
  const std::string& error() const { return error_; }

  // "call: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"; privileges get the driver setting that decides
  // them.
  std::string error_text(CUptiResult result, const char* call) const;
  // Throws CuptiError with error_text when result is not CUPTI_SUCCESS.
  void check(CUptiResult result, const char* call) const;

#define ROOFLAB_CUPTI_POINTER(name) decltype(&::name) name = nullptr;
  ROOFLAB_CUPTI_FUNCTIONS(ROOFLAB_CUPTI_POINTER)
#undef ROOFLAB_CUPTI_POINTER

 private:
  std::string error_;
};

// The toolkit's libcupti (libcupti.so.13, then libcupti.so, then libcupti.so.13 in the folders
// of the toolkit Rooflab was built with), loaded once.
const CuptiLibrary& cupti_library();

// CUPTI's parameter structs: the size set, every other field zero.
template <class Params>
Params cupti_params(std::size_t struct_size) {
  Params p{};
  p.structSize = struct_size;
  return p;
}

}  // namespace probes::cuda

// Calls lib.function(&params) and throws CuptiError naming the function when it fails.
#define ROOFLAB_CUPTI(lib, function, params) (lib).check((lib).function(&(params)), #function)
