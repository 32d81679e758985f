#pragma once
// Asynchronous global → shared copies (PTX cp.async, sm_80 and later) in commit groups, and the
// kernel's dynamic shared memory. A copy of 4, 8 or 16 bytes fills zeros where told to read
// none (cp.async's source size 0), so a tile's edge needs no branch around it. Where cp.async
// is missing (sm_75) and in the host emulation of the kernels (tests/cuda/cuda_emulation.hpp)
// the copy is a plain load and store, complete when it returns, and the waits have nothing to
// wait for.
#include <cuda_runtime.h>

#include <cstdint>

namespace kernels::cuda {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define ROOFLAB_CP_ASYNC 1
#endif

// Copies BYTES (4, 8 or 16; global and shared on that many bytes) from `global` to `shared`:
// `from_bytes` of them, BYTES or 0, the rest zeros (with 0, `global` is not read but must still
// be a valid address). 16 bytes go through L2 only (.cg: a tile is read once per block); 4 and
// 8 through L1 too (.ca, the only form cp.async has for them). EVICT_FIRST (16 bytes): the lines
// read are the first L2 evicts (an L2::evict_first cache policy, what ld.global.cs asks of loads).
template <int BYTES, bool EVICT_FIRST = false>
__device__ __forceinline__ void copy_async(void* shared, const void* global, int from_bytes) {
  static_assert(BYTES == 4 || BYTES == 8 || BYTES == 16);
  static_assert(!EVICT_FIRST || BYTES == 16, "the cache policy is given to 16-byte copies");
#ifdef ROOFLAB_CP_ASYNC
  const auto to = static_cast<unsigned>(__cvta_generic_to_shared(shared));
  if constexpr (EVICT_FIRST) {
    std::uint64_t policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\n" : "=l"(policy));
    asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2, %3;\n" ::"r"(to),
                 "l"(global), "r"(from_bytes), "l"(policy)
                 : "memory");
  } else if constexpr (BYTES == 16) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(to), "l"(global),
                 "r"(from_bytes)
                 : "memory");
  } else {
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(to), "l"(global),
                 "n"(BYTES), "r"(from_bytes)
                 : "memory");
  }
#else
  struct alignas(BYTES) Raw {
    unsigned char bytes[BYTES];
  };
  *static_cast<Raw*>(shared) = from_bytes > 0 ? *static_cast<const Raw*>(global) : Raw{};
#endif
}

// Closes the group of copies issued since the last commit.
__device__ __forceinline__ void commit_copies() {
#ifdef ROOFLAB_CP_ASYNC
  asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

// Waits until at most PENDING of this thread's committed groups are still in flight: the older
// ones have landed in shared memory (visible to other threads after a barrier).
template <int PENDING>
__device__ __forceinline__ void wait_copies() {
#ifdef ROOFLAB_CP_ASYNC
  asm volatile("cp.async.wait_group %0;\n" ::"n"(PENDING) : "memory");
#endif
}

#undef ROOFLAB_CP_ASYNC

// The launch's dynamic shared memory, on 16 bytes. The host emulation runs one block at a time,
// so one static buffer (of the most any sm_80 … sm_90 block may take) stands in for it.
template <class T>
__device__ __forceinline__ T* dynamic_shared() {
#ifdef __CUDACC__
  extern __shared__ __align__(16) unsigned char dynamic_shared_bytes[];
  return reinterpret_cast<T*>(dynamic_shared_bytes);
#else
  alignas(16) static unsigned char emulated[227 * 1024];
  return reinterpret_cast<T*>(emulated);
#endif
}

}  // namespace kernels::cuda
