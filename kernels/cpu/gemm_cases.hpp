#pragma once
// The CPU cases of the `gemm` family: the ladder of variants, the sizes each one runs, and one
// case per variant, element type and shape.
#include <cstddef>
#include <memory>
#include <vector>

#include "kernels/cpu/gemm.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cpu {

struct GemmVariant {
  GemmCall call;
  bool quick;  // part of the quick suite
  // The square sizes it runs (quick and full): each variant only those it finishes in seconds
  // per call on a small host (gemm_ladder says which).
  std::vector<std::size_t> quick_sizes, full_sizes;
  bool quick_rectangle = true;   // the small rectangular shape in the quick suite too
  bool large_rectangle = false;  // the large one in a full run
};

// The ladder on a CPU with `max_threads` threads: naive on one thread at the best ISA level;
// interchanged at every supported level on 1, 2, 4, … threads up to max_threads (and
// max_threads itself); blocked likewise; OpenBLAS on 1 thread and on max_threads. The quick suite
// keeps naive, the best level's interchanged loop on max_threads, its blocked GEMM and OpenBLAS
// on 1 and max_threads threads (under 2 minutes on a 2-core host).
std::vector<GemmVariant> gemm_ladder(int max_threads);

// The traffic the call's loops imply (its Work::algorithm_bytes), from main memory when every
// block stays in the cache it is sized for: see each technique's model in gemm_cases.cpp.
GemmTraffic gemm_traffic(const GemmCall& call, roofline::Precision p, const GemmShape& s);

// One case: call on shape s in precision p, the matrices filled by call.threads threads in
// blocks of rows (first touch).
std::unique_ptr<roofline::Case> make_gemm_case(const roofline::Device& device, const GemmCall& call,
                                               roofline::Precision p, const GemmShape& s);

}  // namespace kernels::cpu
