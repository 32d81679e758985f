#pragma once
// OpenBLAS (Debian's libopenblas, its own pthreads), the baseline of the reduce and gemm
// families: its threads, its build, and the reduce family's calls. A sum calls
// cblas_?sum, OpenBLAS's CBLAS extension that adds the elements as they are, rather than
// cblas_?asum (the sum of |x|, the same result only for non-negative inputs) or a dot with a
// vector of ones (which reads twice the bytes): it is the same operation on the same bytes.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "kernels/cpu/isa.hpp"
#include "kernels/reduce.hpp"

namespace kernels::cpu {

// op over n elements with OpenBLAS limited to `threads` threads. Throws std::invalid_argument
// for n beyond OpenBLAS's int index or threads < 1.
float openblas_reduce(ReduceOp op, int threads, const float* x, const float* y, std::size_t n);
double openblas_reduce(ReduceOp op, int threads, const double* x, const double* y, std::size_t n);

// Limits OpenBLAS to `threads` threads (starting the workers it lacks, free to run on every core
// of the process). Every OpenBLAS call of the suite goes through it. Throws std::invalid_argument
// for threads < 1.
void openblas_use_threads(int threads);

// "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Zen MAX_THREADS=64": the build and the kernel set
// chosen for this CPU, and "OPENBLAS_CORETYPE=..." when the environment chose it.
std::string openblas_config();

// Why OpenBLAS's sum of precision p is no baseline here, or nothing when it is one: a self-check,
// run once, on 1024 multiples of 1/4 whose sum is exact in any order. The SkylakeX kernels of
// Debian's 0.3.21 return wrong single-precision sums from 16 elements on (cblas_ssum of 64
// elements: 6.5 for 12.75; seen on Skylake-SP and Emerald Rapids).
std::optional<std::string> openblas_sum_defect(roofline::Precision p);

// A DYNAMIC_ARCH OpenBLAS that does not know the CPU's model (0.3.21 on the Emerald Rapids
// guests of the GPU machines) falls back to its generic "Prescott" kernels, which do not thread
// ?dot or ?sum: a baseline far below the library's own. This names the kernel set for the ISA
// instead ("SkylakeX" for AVX-512, "Haswell" for AVX2), or "" where the library's choice stands.
std::string openblas_coretype_for(std::string_view chosen_core, Isa best);

// Sets OPENBLAS_CORETYPE as above unless the user has set it, and says whether it did. OpenBLAS
// reads it once, as it loads: the program must restart for it to take effect.
bool set_openblas_coretype();

}  // namespace kernels::cpu
