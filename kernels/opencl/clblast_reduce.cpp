#include <clblast_c.h>

#include <stdexcept>
#include <string>

#include "kernels/opencl/reduce_kernel.hpp"

namespace kernels::opencl {
namespace {

using roofline::Precision;

std::string status_name(CLBlastStatusCode status) {
  // CLBlast passes OpenCL's codes on; its own are from -1024 down.
  return status > -1000 ? error_name(status) : "CLBlast status " + std::to_string(status);
}

}  // namespace

const char* clblast_routine(ReduceOp op, Precision p) {
  const bool fp32 = p == Precision::fp32;
  if (op == ReduceOp::sum) return fp32 ? "CLBlastSsum" : "CLBlastDsum";
  return fp32 ? "CLBlastSdot" : "CLBlastDdot";
}

std::string clblast_version() {
  return "CLBlast " + std::to_string(CLBLAST_VERSION_MAJOR) + "." +
         std::to_string(CLBLAST_VERSION_MINOR) + "." + std::to_string(CLBLAST_VERSION_PATCH);
}

template <class T>
ClblastReduce<T>::ClblastReduce(Runtime& runtime, ReduceOp op, std::size_t n)
    : runtime_(runtime), op_(op), n_(n) {
  result_ =
      runtime.buffer(sizeof(T), std::string(clblast_routine(op, precision_of<T>())) + " result");
}

template <class T>
double ClblastReduce<T>::launch(const cl::Buffer& x, const cl::Buffer* y) {
  constexpr bool fp32 = std::is_same_v<T, float>;
  cl_command_queue queue = runtime_.queue()();
  cl::Event before, last;
  checked([&] { runtime_.queue().enqueueMarkerWithWaitList(nullptr, &before); });
  CLBlastStatusCode status;
  cl_event event = nullptr;
  if (op_ == ReduceOp::sum) {
    status = (fp32 ? CLBlastSsum : CLBlastDsum)(n_, result_(), 0, x(), 0, 1, &queue, &event);
  } else {
    status = (fp32 ? CLBlastSdot : CLBlastDdot)(n_, result_(), 0, x(), 0, 1, (*y)(), 0, 1, &queue,
                                                &event);
  }
  if (status != CLBlastSuccess)
    throw std::runtime_error(std::string(clblast_routine(op_, precision_of<T>())) +
                             " failed: " + status_name(status));
  last = cl::Event(event);  // takes the reference CLBlast returned
  return checked([&] {
    last.wait();
    const cl_ulong from = before.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    const cl_ulong start = last.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const cl_ulong to = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    // The marker's timestamp shares the kernels' clock on a conforming device; a marker that
    // ends after CLBlast's last kernel started would not, and its time would be wrong.
    if (from > start)
      throw std::runtime_error("the marker before " +
                               std::string(clblast_routine(op_, precision_of<T>())) +
                               " ended after its last kernel started: no usable time");
    return static_cast<double>(to - from) * 1e-9;
  });
}

template class ClblastReduce<float>;
template class ClblastReduce<double>;

}  // namespace kernels::opencl
