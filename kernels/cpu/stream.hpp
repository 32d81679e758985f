#pragma once
// Stream kernels on the CPU: the bandwidth probes and the `stream` family both run these.
#include <cstddef>
#include <string_view>

#include "kernels/cpu/isa.hpp"

namespace kernels::cpu {

enum class StreamOp {
  read,   // return Σ in1
  dot,    // return Σ in1·in2
  write,  // out = s
  copy,   // out = in1
  scale,  // out = s·in1
  add,    // out = in1 + in2
  triad,  // out = in1 + s·in2
};

enum class Store {
  temporal,     // ordinary stores (write-allocate)
  nontemporal,  // streaming stores that bypass the caches
};

std::string_view to_string(StreamOp op);
std::string_view to_string(Store store);

struct StreamCall {
  StreamOp op;
  Store store = Store::temporal;
  int threads = 1;  // OpenMP threads; thread t always works on the same contiguous block
  int passes = 1;   // passes over the arrays inside one call (amortizes the parallel region)
  Isa isa = Isa::baseline;
};

// Runs `call` over n elements per array. Returns the last pass's sum for read and dot, 0 otherwise.
// Arrays are 64-byte aligned; unused arrays may be null.
double stream_run(const StreamCall& call, float* out, const float* in1, const float* in2,
                  std::size_t n, float s);
double stream_run(const StreamCall& call, double* out, const double* in1, const double* in2,
                  std::size_t n, double s);

}  // namespace kernels::cpu
