#pragma once
// The launches of the tensor-core probe: every warp (mma.sync) or warpgroup (wgmma) advances its
// accumulator chains D = A·B + D `iterations` times with every element of A equal to a and of B
// to b, so every accumulator ends at c + iterations · k · a · b, exactly while that stays an
// integer below 2^24 (fp32) or 2^31 (int32). Each thread writes its accumulators, as doubles, to
// out[value × total threads + thread].
#include <cstdint>

#include "probes/cuda/tensor_instruction.hpp"

namespace probes::cuda {

struct TensorOperands {
  double a = 1, b = 1, c = 0;  // small integers: exact in every input type
};

// Accumulator values each thread writes: chains × accumulators per instruction.
int tensor_values_per_thread(TensorInstruction i);

// Enqueues blocks × threads_per_block threads. `iterations` must be a positive multiple of
// kTensorUnroll; wgmma needs whole warpgroups (threads_per_block a multiple of 128).
void tensor_chains_launch(TensorInstruction i, int blocks, int threads_per_block,
                          std::int64_t iterations, const TensorOperands& operands, double* out);

// The wgmma part, compiled for sm_90a only (tensor_wgmma.cu).
void wgmma_chains_launch(TensorInstruction i, int blocks, int threads_per_block, int trips,
                         const TensorOperands& operands, double* out);

}  // namespace probes::cuda
