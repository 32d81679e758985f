#include <clblast_c.h>

#include <tuple>
#include <type_traits>

#include "kernels/opencl/clblast.hpp"
#include "kernels/opencl/gemm_kernel.hpp"
#include "kernels/precision_dispatch.hpp"

namespace kernels::opencl {

const char* clblast_gemm_routine(roofline::Precision p) {
  return p == roofline::Precision::fp32 ? "CLBlastSgemm" : "CLBlastDgemm";
}

template <class T>
ClblastGemm<T>::ClblastGemm(Runtime& runtime, const GemmClConfig&, const GemmShape& s)
    : runtime_(runtime), s_(s) {}

template <class T>
double ClblastGemm<T>::launch(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& x) {
  const auto m = static_cast<std::size_t>(s_.m), n = static_cast<std::size_t>(s_.n),
             k = static_cast<std::size_t>(s_.k);
  return clblast_timed(runtime_, clblast_gemm_routine(precision_of<T>()),
                       [&](cl_command_queue* queue, cl_event* event) {
                         const auto args = std::make_tuple(
                             CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, m, n, k,
                             T{1}, a(), std::size_t{0}, k, b(), std::size_t{0}, n, T{0}, x(),
                             std::size_t{0}, n, queue, event);
                         if constexpr (std::is_same_v<T, float>)
                           return std::apply(CLBlastSgemm, args);
                         else
                           return std::apply(CLBlastDgemm, args);
                       });
}

template class ClblastGemm<float>;
template class ClblastGemm<double>;

}  // namespace kernels::opencl
