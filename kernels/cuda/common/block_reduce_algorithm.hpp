#pragma once
// How a block combines its threads' values (CUB's BlockReduceAlgorithm, by technique): the
// template parameter of block_reduce (block_reduce.cuh), in a header host code can include too.

namespace kernels::cuda {

enum class BlockReduceAlgorithm {
  gmem_tree,       // log-step tree in a device-memory scratch array (one slice per block)
  smem_tree,       // log-step tree in shared memory down to one value
  smem_tree_shfl,  // the shared-memory tree down to 64 values, shuffles for the last 32 lanes
  warp_shfl,       // each warp reduces with __shfl_xor_sync, warp 0 reduces the warps' sums
  warp_cg,         // as warp_shfl with cooperative groups' cg::reduce over a 32-thread tile
  warp_redux,      // as warp_shfl with __reduce_add/max_sync (32-bit integers, sm_80 and later)
  raking,          // values to shared memory; the first warp combines segments serially, then
                   // shuffles (CUB's BLOCK_REDUCE_RAKING)
};

}  // namespace kernels::cuda
