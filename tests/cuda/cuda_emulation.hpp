#pragma once
// Runs CUDA kernels on the host, so that a GPU-free test can check their indexing, edge guards and
// barriers: a block's threads are std::threads that meet at a std::barrier for __syncthreads();
// a kernel's __shared__ variables become its static locals, one per instantiation, shared by a
// block's threads (blocks run one after another, by one team of threads for the launch). Include it
// before the kernels' headers, in a test that includes no other device code. Not emulated: warp
// primitives, atomics, memory fences, and a thread that returns before a barrier the others
// reach (it would leave them waiting).
#include <cuda_runtime.h>  // dim3, uint3 and the vector types

#include <barrier>
#include <thread>
#include <vector>

namespace cuda_emulation {

inline thread_local uint3 thread_idx, block_idx;
inline thread_local dim3 block_dim, grid_dim;
inline thread_local std::barrier<>* block_barrier = nullptr;

// kernel(args...) over the grid, a block at a time, each of its threads a std::thread. The team
// is started once per launch (starting threads cost more than the kernels they ran) and meets at
// a barrier after each block, so that no thread starts the next block, whose shared variables are
// the same statics, while another still runs this one.
template <class Kernel, class... Args>
void launch(dim3 grid, dim3 block, Kernel kernel, Args... args) {
  const unsigned threads = block.x * block.y * block.z;
  std::barrier<> barrier(threads);
  std::vector<std::jthread> team;
  team.reserve(threads);
  for (unsigned t = 0; t < threads; ++t)
    team.emplace_back([&, t] {
      thread_idx = {t % block.x, t / block.x % block.y, t / (block.x * block.y)};
      block_dim = block;
      grid_dim = grid;
      block_barrier = &barrier;
      for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
          for (unsigned bx = 0; bx < grid.x; ++bx) {
            block_idx = {bx, by, bz};
            kernel(args...);
            barrier.arrive_and_wait();
          }
    });
}  // the team joins here

}  // namespace cuda_emulation

inline void __syncthreads() { cuda_emulation::block_barrier->arrive_and_wait(); }

#undef __shared__
#define __shared__ static
#undef __launch_bounds__
#define __launch_bounds__(...)
#define threadIdx ::cuda_emulation::thread_idx
#define blockIdx ::cuda_emulation::block_idx
#define blockDim ::cuda_emulation::block_dim
#define gridDim ::cuda_emulation::grid_dim
