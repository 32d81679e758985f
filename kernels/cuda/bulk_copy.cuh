#pragma once
// The copy engine's bulk copies from global to shared memory (PTX cp.async.bulk, sm_90 and
// later): one thread asks for a whole block of bytes to land in shared memory; an mbarrier counts
// the bytes as they land, and the threads wait on it. Or, with no waiting, into the L2 only. Fewer
// instructions per byte than loads, and each request is one long contiguous read. Device code for
// sm_90 and later only.
#include <cuda_runtime.h>

namespace kernels::cuda {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900

__device__ __forceinline__ unsigned shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// One thread, before any copy: `landed` waits for one arrival (bulk_expect's). A barrier of the
// block must follow before others wait on it.
__device__ __forceinline__ void bulk_init(unsigned long long* landed) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(shared_address(landed)) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}

// The thread that will issue the copies: the phase completes once `bytes` have landed.
__device__ __forceinline__ void bulk_expect(unsigned long long* landed, unsigned bytes) {
  asm volatile(
      "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(shared_address(landed)),
      "r"(bytes)
      : "memory");
}

// `bytes` (a multiple of 16; both addresses on 16 bytes) from `global` into `shared`.
__device__ __forceinline__ void bulk_copy(void* shared, const void* global, unsigned bytes,
                                          unsigned long long* landed) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::
          "r"(shared_address(shared)),
      "l"(global), "r"(bytes), "r"(shared_address(landed))
      : "memory");
}

// `bytes` (a multiple of 16; the address on 16 bytes) from `global` into the L2 only, nothing
// waited for: later loads of them find them there. One request for a whole tile.
__device__ __forceinline__ void bulk_prefetch_l2(const void* global, unsigned bytes) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;\n" ::"l"(global), "r"(bytes) : "memory");
}

// Every thread: until the phase of `parity` (0 first) has completed, its bytes in shared memory.
__device__ __forceinline__ void bulk_wait(unsigned long long* landed, unsigned parity) {
  asm volatile(
      "{\n.reg .pred done;\nwait_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@!done bra wait_%=;\n}\n" ::"r"(shared_address(landed)),
      "r"(parity)
      : "memory");
}

#endif

}  // namespace kernels::cuda
