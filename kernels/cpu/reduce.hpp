#pragma once
// The reduce family on the CPU (definition in kernels/reduce.hpp): one ladder of variants whose
// steps are the parameters of ReduceCall.
#include <cstddef>
#include <cstdint>
#include <string>

#include "kernels/cpu/isa.hpp"
#include "kernels/reduce.hpp"

namespace kernels::cpu {

using kernels::ReduceOp;

enum class ReduceTechnique {
  plain,     // `s += x[i]` as the compiler emits it: floating point is not reassociated, so the
             // sum is one dependent chain of adds (integers are vectorized: their add associates)
  simd,      // explicit SIMD of the call's ISA level with `accumulators` independent vectors,
             // walking min(accumulators, 4) contiguous segments of each thread's block at once
  openblas,  // OpenBLAS: cblas_?dot, and cblas_?sum (its CBLAS extension) for a sum
};

std::string_view to_string(ReduceTechnique t);

struct ReduceCall {
  ReduceOp op = ReduceOp::sum;
  ReduceTechnique technique = ReduceTechnique::simd;
  Isa isa = kBaselineIsa;  // plain and simd: the level the kernel is compiled for
  int accumulators = 1;    // simd: one of kReduceAccumulators
  // plain and simd: OpenMP threads, pinned (proc_bind close), thread t reducing the t-th
  // contiguous block; one thread runs on the calling thread without a parallel region.
  // openblas: the threads OpenBLAS may use (openblas_set_num_threads).
  int threads = 1;
  // plain and simd with threads > 1: the threads of a persistent Team (kernels/cpu/team.hpp),
  // pinned like OpenMP's, instead of an OpenMP parallel region forked and joined per call.
  bool team = false;
};

inline constexpr int kReduceAccumulators[] = {1, 2, 4, 8};

// The variant's name, from its parameters: "plain_1t", "avx2_8acc_2t", "avx2_8acc_2t_team",
// "openblas_1t".
std::string reduce_variant_name(const ReduceCall& call);

// op over n elements of x (and y for a dot); any n and alignment, y ignored for a sum. int32
// wraps around modulo 2^32. Throws std::invalid_argument for a call that cannot run (threads
// < 1, an accumulator count not in kReduceAccumulators, an ISA level this CPU lacks, OpenBLAS
// with int32, a null array with n > 0).
float reduce_run(const ReduceCall& call, const float* x, const float* y, std::size_t n);
double reduce_run(const ReduceCall& call, const double* x, const double* y, std::size_t n);
std::int32_t reduce_run(const ReduceCall& call, const std::int32_t* x, const std::int32_t* y,
                        std::size_t n);

}  // namespace kernels::cpu
