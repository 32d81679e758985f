#pragma once
// The CPU cases of the `reduce` family: the ladder of variants and one case per variant,
// operation, element type and vector length.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kernels/cpu/reduce.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace kernels::cpu {

struct ReduceVariant {
  ReduceCall call;  // its op is set per case
  bool quick;       // part of the quick suite
};

// The ladder on a CPU with `max_threads` threads: the plain loop; every supported ISA level ×
// 1, 2, 4, 8 accumulators × 1, 2, 4, … threads up to max_threads (and max_threads itself); every
// level with 8 accumulators on each of those thread counts above 1 as a persistent team; OpenBLAS
// on 1 thread and on max_threads. The quick suite keeps plain, the best ISA with 1 and 8
// accumulators on one thread, the best ISA with 8 accumulators on max_threads (OpenMP and team),
// and OpenBLAS.
std::vector<ReduceVariant> reduce_ladder(int max_threads);

// The element types a variant runs for call.op: fp32, fp64 and int32 (OpenBLAS: no int32, no
// max, and no sum its self-check found wrong).
std::vector<roofline::Precision> reduce_precisions(const ReduceCall& call);

// "openblas sum fp32: <why>" for each OpenBLAS case the self-check leaves out (the device fact
// reduce_not_offered).
std::vector<std::string> reduce_not_offered();

// One case: call over n elements of precision p, inputs filled by call.threads threads in
// the blocks the kernel reads them in (first touch).
std::unique_ptr<roofline::Case> make_reduce_case(const roofline::Device& device,
                                                 const ReduceCall& call, roofline::Precision p,
                                                 std::size_t n);

}  // namespace kernels::cpu
