#include "kernels/opencl/clblast.hpp"

#include <clblast_c.h>

#include <stdexcept>

namespace kernels::opencl {
namespace {

std::string status_name(int status) {
  // CLBlast passes OpenCL's codes on; its own are from -1024 down.
  return status > -1000 ? error_name(status) : "CLBlast status " + std::to_string(status);
}

}  // namespace

std::string clblast_version() {
  return "CLBlast " + std::to_string(CLBLAST_VERSION_MAJOR) + "." +
         std::to_string(CLBLAST_VERSION_MINOR) + "." + std::to_string(CLBLAST_VERSION_PATCH);
}

double clblast_timed(Runtime& runtime, const std::string& routine,
                     const std::function<int(cl_command_queue*, cl_event*)>& call) {
  cl_command_queue queue = runtime.queue()();
  cl::Event before, last;
  // From a marker's end: CLBlast may enqueue helper kernels before its last one. Back to back
  // only the span's first call needs one.
  const bool marked = runtime.starts_span();
  if (marked) checked([&] { runtime.queue().enqueueMarkerWithWaitList(nullptr, &before); });
  cl_event event = nullptr;
  const int status = call(&queue, &event);
  if (status != CLBlastSuccess)
    throw std::runtime_error(routine + " failed: " + status_name(status));
  last = cl::Event(event);  // takes the reference CLBlast returned
  // Calls back to back are checked below on their first call, which the harness times alone.
  if (runtime.in_back_to_back())
    return runtime.timed(marked ? before : last, last, CL_PROFILING_COMMAND_END);
  return checked([&] {
    last.wait();
    const cl_ulong from = before.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    const cl_ulong start = last.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const cl_ulong to = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    // The marker's timestamp shares the kernels' clock on a conforming device; a marker that
    // ends after CLBlast's last kernel started would not, and its time would be wrong.
    if (from > start)
      throw std::runtime_error("the marker before " + routine +
                               " ended after its last kernel started: no usable time");
    return static_cast<double>(to - from) * 1e-9;
  });
}

}  // namespace kernels::opencl
