#include "probes/cuda/cupti_library.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace probes::cuda {
namespace {

// libcupti opens libnvperf_host with RTLD_DEEPBIND, which AddressSanitizer's runtime refuses by
// aborting the process: a sanitizer build reports CUPTI unavailable instead.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

// libcupti opens libnvperf_host by its bare name, which the loader finds only on its own path:
// a toolkit whose folder the loader is not told of (not in ld.so.conf, as one unpacked by a user,
// conda or a container) fails the profiler's first call. Opened first from libcupti's own folder,
// it is the library that name then finds. A library not there is left to the loader.
void preload_beside(void* library, const char* name) {
  Dl_info info{};
  void* symbol = dlsym(library, "cuptiGetResultString");
  if (symbol == nullptr || dladdr(symbol, &info) == 0 || info.dli_fname == nullptr) return;
  const std::filesystem::path beside = std::filesystem::path(info.dli_fname).parent_path() / name;
  std::error_code missing;
  if (std::filesystem::exists(beside, missing)) dlopen(beside.c_str(), RTLD_NOW | RTLD_LOCAL);
}

}  // namespace

CuptiLibrary::CuptiLibrary(const std::vector<std::string>& names) {
  void* handle = nullptr;
  for (const auto& name : names) {
    handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle) break;
    const char* why = dlerror();
    error_ += (error_.empty() ? "" : "; ") + std::string("dlopen ") + name + ": " +
              (why ? why : "failed");
  }
  if (!handle) return;
  error_.clear();
  if (kAddressSanitizer) {
    error_ =
        "not used in an AddressSanitizer build (libcupti opens libnvperf_host with "
        "RTLD_DEEPBIND, which the sanitizer runtime refuses)";
    return;
  }
  preload_beside(handle, "libnvperf_host.so");
#define ROOFLAB_CUPTI_RESOLVE(name)                                           \
  name = reinterpret_cast<decltype(name)>(dlsym(handle, #name));              \
  if (!name && error_.empty())                                                \
    error_ = "dlsym " #name                                                   \
             ": not in this libcupti (the range profiler needs CUDA 12.6 or " \
             "later)";
  ROOFLAB_CUPTI_FUNCTIONS(ROOFLAB_CUPTI_RESOLVE)
#undef ROOFLAB_CUPTI_RESOLVE
}

std::string CuptiLibrary::error_text(CUptiResult result, const char* call) const {
  const char* name = nullptr;
  std::string text = std::string(call) + ": ";
  if (cuptiGetResultString && cuptiGetResultString(result, &name) == CUPTI_SUCCESS && name)
    text += name;
  else
    text += "CUptiResult " + std::to_string(static_cast<int>(result));
  if (result == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
    text +=
        " (GPU performance counters are restricted to administrators: the driver's "
        "NVreg_RestrictProfilingToAdminUsers, RmProfilingAdminOnly in "
        "/proc/driver/nvidia/params)";
  return text;
}

void CuptiLibrary::check(CUptiResult result, const char* call) const {
  if (result != CUPTI_SUCCESS) throw CuptiError(error_text(result, call));
}

const CuptiLibrary& cupti_library() {
  static const CuptiLibrary library([] {
    std::vector<std::string> names = {"libcupti.so.13", "libcupti.so"};
#ifdef ROOFLAB_CUPTI_DIRS
    // The toolkit's folders at build time, where the loader's path names none of them.
    const std::string dirs = ROOFLAB_CUPTI_DIRS;
    for (std::size_t begin = 0; begin < dirs.size();) {
      const std::size_t end = std::min(dirs.find(':', begin), dirs.size());
      names.push_back(dirs.substr(begin, end - begin) + "/libcupti.so.13");
      begin = end + 1;
    }
#endif
    return names;
  }());
  return library;
}

}  // namespace probes::cuda
