#pragma once
// Stream kernels on the CPU: the bandwidth probes and the `stream` family both run these.
#include <cstddef>

#include "kernels/cpu/isa.hpp"
#include "kernels/stream.hpp"

namespace kernels::cpu {

using kernels::Store;
using kernels::StreamOp;
using kernels::to_string;

struct StreamCall {
  StreamOp op;
  Store store = Store::temporal;
  int threads = 1;  // OpenMP threads; thread t works on its own contiguous block
  int passes = 1;   // passes over the arrays inside one call (amortizes the parallel region)
  Isa isa = kBaselineIsa;
  // Threads that finish their block take chunks of the others' (ChunkedBlocks), so a slower
  // thread does not hold the pass up. For arrays in DRAM only: in cache, a block must stay with
  // the core whose cache holds it.
  bool balanced = false;
};

// Runs `call` over n elements per array with explicit SIMD of the call's ISA level, in one
// pinned OpenMP parallel region. Returns the last pass's sum for read and dot, 0 otherwise.
// Any n and alignment work; unused arrays may be null. Throws std::invalid_argument for a call
// that cannot run (threads or passes < 1, an ISA level this CPU lacks, a missing array).
double stream_run(const StreamCall& call, float* out, const float* in1, const float* in2,
                  std::size_t n, float s);
double stream_run(const StreamCall& call, double* out, const double* in1, const double* in2,
                  std::size_t n, double s);

// The reference Rooflab must match: the textbook OpenMP STREAM loop (`parallel for
// schedule(static)` over the elements, plain C++ in the body, `simd reduction` for the sums),
// compiled for the call's ISA level. One parallel region per pass; call.store must be temporal
// and the call not balanced.
double stream_plain(const StreamCall& call, float* out, const float* in1, const float* in2,
                    std::size_t n, float s);
double stream_plain(const StreamCall& call, double* out, const double* in1, const double* in2,
                    std::size_t n, double s);

}  // namespace kernels::cpu
