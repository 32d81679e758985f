#pragma once
// The reduce family's baseline: OpenBLAS (Debian's libopenblas, its own pthreads). A sum calls
// cblas_?sum, OpenBLAS's CBLAS extension that adds the elements as they are, rather than
// cblas_?asum (the sum of |x|, the same result only for non-negative inputs) or a dot with a
// vector of ones (which reads twice the bytes): it is the same operation on the same bytes.
#include <cstddef>
#include <string>

#include "kernels/reduce.hpp"

namespace kernels::cpu {

// op over n elements with OpenBLAS limited to `threads` threads. Throws std::invalid_argument
// for n beyond OpenBLAS's int index or threads < 1.
float openblas_reduce(ReduceOp op, int threads, const float* x, const float* y, std::size_t n);
double openblas_reduce(ReduceOp op, int threads, const double* x, const double* y, std::size_t n);

// "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Zen MAX_THREADS=64": the build and the kernel set
// chosen for this CPU.
std::string openblas_config();

}  // namespace kernels::cpu
