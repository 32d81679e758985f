#pragma once
// How a block scans its threads' values (the block-wide step of every scan variant): the template
// parameter of block_exclusive_scan (block_scan.cuh), in a header host code can include too.

namespace kernels::cuda {

enum class BlockScanAlgorithm {
  warp_shfl,  // each warp scans with __shfl_up_sync; every thread adds the sums of the warps before
              // its own, read from shared memory (CUB's BLOCK_SCAN_WARP_SCANS)
  smem,       // Kogge-Stone over all the block's threads in shared memory, double-buffered: log2
              // (threads) steps, a barrier each (CUDA Handbook ch. 13's scanBlock)
};

}  // namespace kernels::cuda
