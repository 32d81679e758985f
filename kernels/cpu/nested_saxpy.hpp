#pragma once
// Nested SAXPY on the CPU (definition in kernels/nested_saxpy.hpp): one kernel per depth m of the
// sweep and per ISA level, m a compile-time constant.
#include <cstddef>
#include <string>

#include "kernels/cpu/isa.hpp"

namespace kernels::cpu {

struct NestedSaxpyCall {
  int m = 1;        // one of kernels::kNestedSaxpyDepths
  int threads = 1;  // OpenMP threads, pinned; thread t always works on the same contiguous block
  Isa isa = kBaselineIsa;
  bool prefetch = false;  // software prefetch of the lines 2 KiB ahead of every block
};

// y[i] = a(…(a·x[i] + y[i])…) + y[i] with call.m FMAs, for i < n; any n and alignment. Throws
// std::invalid_argument for a depth outside the sweep, threads < 1 or an ISA this CPU lacks.
void nested_saxpy_run(const NestedSaxpyCall& call, float* y, const float* x, std::size_t n,
                      float a);
void nested_saxpy_run(const NestedSaxpyCall& call, double* y, const double* x, std::size_t n,
                      double a);

// Independent vectors the kernel of an ISA level keeps in flight: chains ≥ FMA latency × pipes.
int nested_saxpy_chains(Isa isa);

// The variant's name in results: "<isa>_<chains>chain", with "_prefetch" for software prefetch.
std::string nested_saxpy_variant_name(const NestedSaxpyCall& call);

}  // namespace kernels::cpu
