#pragma once
// The launches of the tensor-core probe: every warp (mma.sync) or warpgroup (wgmma) advances its
// accumulator chains D = A·B + D `iterations` times with every element of A equal to a and of B
// to b, from c, so every accumulator ends at tensor_chain_result(): exactly, while that stays an
// integer below 2^24 (fp32) or 2^31 (int32), or restarted each trip where the matrix unit adds in
// fewer bits (TensorChain). Each thread writes its accumulators, as doubles, to
// out[value × total threads + thread].
#include <cstdint>

#include "probes/cuda/tensor_instruction.hpp"

namespace probes::cuda {

struct TensorOperands {
  double a = 1, b = 1, c = 0;  // small integers: exact in every input type
};

// Accumulator values each thread writes: chains × accumulators per instruction.
int tensor_values_per_thread(TensorInstruction i);

// The value every accumulator ends at after `iterations` instructions per chain.
constexpr double tensor_chain_result(TensorInstruction i, std::int64_t iterations,
                                     const TensorOperands& o) {
  const double step = tensor_shape(i).k * o.a * o.b;  // what one instruction adds
  return tensor_shape(i).chain == TensorChain::accumulates ? o.c + double(iterations) * step
                                                           : kTensorUnroll * step;
}

// Enqueues blocks × threads_per_block threads. `iterations` must be a positive multiple of
// kTensorUnroll; wgmma needs whole warpgroups (threads_per_block a multiple of 128).
void tensor_chains_launch(TensorInstruction i, int blocks, int threads_per_block,
                          std::int64_t iterations, const TensorOperands& operands, double* out);

// The wgmma part, compiled for sm_90a only (tensor_wgmma.cu).
void wgmma_chains_launch(TensorInstruction i, int blocks, int threads_per_block, int trips,
                         const TensorOperands& operands, double* out);

}  // namespace probes::cuda
