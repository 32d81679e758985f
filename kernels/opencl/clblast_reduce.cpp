#include <clblast_c.h>

#include <string>

#include "kernels/opencl/clblast.hpp"
#include "kernels/opencl/reduce_kernel.hpp"

namespace kernels::opencl {

using roofline::Precision;

const char* clblast_routine(ReduceOp op, Precision p) {
  const bool fp32 = p == Precision::fp32;
  if (op == ReduceOp::sum) return fp32 ? "CLBlastSsum" : "CLBlastDsum";
  return fp32 ? "CLBlastSdot" : "CLBlastDdot";
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
  return clblast_timed(runtime_, clblast_routine(op_, precision_of<T>()),
                       [&](cl_command_queue* queue, cl_event* event) {
                         if (op_ == ReduceOp::sum)
                           return (fp32 ? CLBlastSsum : CLBlastDsum)(n_, result_(), 0, x(), 0, 1,
                                                                     queue, event);
                         return (fp32 ? CLBlastSdot : CLBlastDdot)(n_, result_(), 0, x(), 0, 1,
                                                                   (*y)(), 0, 1, queue, event);
                       });
}

template class ClblastReduce<float>;
template class ClblastReduce<double>;

}  // namespace kernels::opencl
