#pragma once
// A warp's span of a tile in two arrangements, exchanged through the warp's own slice of shared
// memory (CUB's BLOCK_LOAD_WARP_TRANSPOSE / BLOCK_STORE_WARP_TRANSPOSE, with 16-byte vectors):
//   warp-striped: vector i·32 + l of the span is lane l's i-th, so each of a warp's Loads load or
//                 store instructions moves 512 contiguous bytes (what DRAM wants);
//   blocked:      lane l holds vectors l·Loads … l·Loads + Loads − 1, consecutive elements (what a
//                 thread's serial scan wants).
// Only the warp's own lanes touch its slice, so a __syncwarp() orders the exchange. A span may also
// be staged there whole: copied in warp-striped by cp.async (no registers hold it in flight),
// worked on blocked in place, and stored from there.
//
// Banks: exchange_slot.hpp.
#include <cstddef>

#include "kernels/cuda/async_copy.cuh"
#include "kernels/cuda/common/exchange_slot.hpp"
#include "kernels/cuda/common/memory_hint.hpp"
#include "kernels/cuda/vector.cuh"

namespace kernels::cuda {

// A 16-byte vector loaded from global memory with the hint H.
template <LoadHint H, class V>
__device__ __forceinline__ V load_vector(const V* p) {
  static_assert(sizeof(V) == 16, "16-byte vectors");
  if constexpr (H == LoadHint::cg) {
    return __ldcg(p);
  } else if constexpr (H == LoadHint::cs) {
    return __ldcs(p);
  } else {
    // No intrinsic has the L1 qualifier: inline PTX, not volatile, so the loads still schedule
    // freely (the input is read-only for the kernel's life, what .nc requires).
    uint4 r;
    asm("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
        : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
        : "l"(p));
    V v;
    static_assert(sizeof(v) == sizeof(r));
    __builtin_memcpy(&v, &r, sizeof(v));
    return v;
  }
}

// A value (a vector, or one element of a partial span) stored with the hint H.
template <StoreHint H, class V>
__device__ __forceinline__ void store_value(V* p, const V& v) {
  if constexpr (H == StoreHint::cs)
    __stcs(p, v);
  else
    *p = v;
}

// A warp's span: 32 × Loads vectors of 16 bytes of T, moved as the CUDA vector type (float4,
// uint4, double2) so that global and shared accesses are 16 bytes wide.
template <class T, int Loads>
struct WarpSpan {
  static constexpr int kVector = 16 / sizeof(T);  // elements per vector
  static constexpr int kItems = Loads * kVector;  // elements per thread
  static constexpr int kElements = 32 * kItems;
  using Raw = typename VectorOf<T, kVector>::type;

  static __device__ __forceinline__ T& at(Raw& r, int k) { return reinterpret_cast<T*>(&r)[k]; }
};

// Loads the warp's span at `span` (16-byte aligned) warp-striped into `raw`, all Loads vectors in
// flight before any is used (by default ld.global.cg: streamed data has no reuse in L1). `valid`
// elements of the span are read (a partial span: element by element, the rest zero).
template <int Loads, LoadHint H = LoadHint::cg, class T>
__device__ __forceinline__ void load_striped(const T* span, std::size_t valid,
                                             typename WarpSpan<T, Loads>::Raw (&raw)[Loads]) {
  using S = WarpSpan<T, Loads>;
  using Raw = typename S::Raw;
  const unsigned lane = threadIdx.x % 32;
  if (valid >= static_cast<std::size_t>(S::kElements)) {
#pragma unroll
    for (int i = 0; i < Loads; ++i)
      raw[i] = load_vector<H>(reinterpret_cast<const Raw*>(span) + i * 32 + lane);
  } else {
#pragma unroll
    for (int i = 0; i < Loads; ++i)
#pragma unroll
      for (int k = 0; k < S::kVector; ++k) {
        const std::size_t e = (i * 32 + lane) * S::kVector + k;
        S::at(raw[i], k) = e < valid ? span[e] : T{};
      }
  }
}

// Lane l's j-th blocked vector in the slice (elements l·kItems + j·kVector …).
template <int Loads, class T>
__device__ __forceinline__ typename WarpSpan<T, Loads>::Raw& blocked_vector(T* slice, int j) {
  using Raw = typename WarpSpan<T, Loads>::Raw;
  return reinterpret_cast<Raw*>(slice)[exchange_slot<Loads>((threadIdx.x % 32) * Loads + j)];
}

// Hands lane l its kItems consecutive elements of the warp-striped vectors in `raw`, through
// `slice`: the warp's kElements values of shared memory, 16-byte aligned. The slice may still be
// read by an earlier store_blocked's lanes at the same slots only (each lane its own).
template <int Loads, class T>
__device__ __forceinline__ void striped_to_blocked(typename WarpSpan<T, Loads>::Raw (&raw)[Loads],
                                                   T* slice,
                                                   T (&items)[WarpSpan<T, Loads>::kItems]) {
  using S = WarpSpan<T, Loads>;
  using Raw = typename S::Raw;
  const unsigned lane = threadIdx.x % 32;
  Raw* vectors = reinterpret_cast<Raw*>(slice);
#pragma unroll
  for (int i = 0; i < Loads; ++i) vectors[exchange_slot<Loads>(i * 32 + lane)] = raw[i];
  __syncwarp();
#pragma unroll
  for (int j = 0; j < Loads; ++j) {
    Raw b = blocked_vector<Loads>(slice, j);
#pragma unroll
    for (int k = 0; k < S::kVector; ++k) items[j * S::kVector + k] = S::at(b, k);
  }
}

// Both: the warp's span loaded and handed out blocked.
template <int Loads, LoadHint H = LoadHint::cg, class T>
__device__ __forceinline__ void load_blocked(const T* span, std::size_t valid, T* slice,
                                             T (&items)[WarpSpan<T, Loads>::kItems]) {
  typename WarpSpan<T, Loads>::Raw raw[Loads];
  load_striped<Loads, H>(span, valid, raw);
  striped_to_blocked<Loads>(raw, slice, items);
}

// Copies the warp's span at `span` (16-byte aligned) into its slice warp-striped, each vector to
// the slot the exchange keeps it in, by 16-byte cp.async through L2 only (H: cg, or cs for lines
// L2 evicts first), committed as one group (wait_copies, then a __syncwarp(), before the slice is
// read). `valid` elements of the span are read: whole vectors by copies, a partial one element by
// element (a 16-byte copy told to read fewer bytes is still a 16-byte access to memcheck), the
// rest zero.
template <int Loads, LoadHint H = LoadHint::cg, class T>
__device__ __forceinline__ void copy_striped_async(const T* span, std::size_t valid, T* slice) {
  static_assert(H != LoadHint::nc, "cp.async has no read-only path");
  using S = WarpSpan<T, Loads>;
  using Raw = typename S::Raw;
  const unsigned lane = threadIdx.x % 32;
  Raw* vectors = reinterpret_cast<Raw*>(slice);
#pragma unroll
  for (int i = 0; i < Loads; ++i) {
    const unsigned v = i * 32 + lane;
    const std::size_t e = std::size_t{v} * S::kVector;
    Raw* to = vectors + exchange_slot<Loads>(v);
    if (valid >= static_cast<std::size_t>(S::kElements) || valid >= e + S::kVector) {
      copy_async<16, H == LoadHint::cs>(to, span + e, 16);
    } else {  // the span's last partial vector and past it: element by element, zero-padded
      Raw b;
#pragma unroll
      for (int k = 0; k < S::kVector; ++k) S::at(b, k) = e + k < valid ? span[e + k] : T{};
      *to = b;
    }
  }
  commit_copies();
}

// The slice's vectors stored warp-striped at `span`, the first `valid` elements only, with the
// hint H. The lanes' writes to the slice come first, then a __syncwarp().
template <int Loads, StoreHint H = StoreHint::wb, class T>
__device__ __forceinline__ void store_striped(T* span, std::size_t valid, const T* slice) {
  using S = WarpSpan<T, Loads>;
  using Raw = typename S::Raw;
  const unsigned lane = threadIdx.x % 32;
  const Raw* vectors = reinterpret_cast<const Raw*>(slice);
  if (valid >= static_cast<std::size_t>(S::kElements)) {
#pragma unroll
    for (int i = 0; i < Loads; ++i)
      store_value<H>(reinterpret_cast<Raw*>(span) + i * 32 + lane,
                     vectors[exchange_slot<Loads>(i * 32 + lane)]);
  } else {
#pragma unroll
    for (int i = 0; i < Loads; ++i) {
      Raw b = vectors[exchange_slot<Loads>(i * 32 + lane)];
#pragma unroll
      for (int k = 0; k < S::kVector; ++k) {
        const std::size_t e = (i * 32 + lane) * S::kVector + k;
        if (e < valid) store_value<H>(span + e, S::at(b, k));
      }
    }
  }
}

// The way back: lane l's kItems consecutive elements through the slice, then stored warp-striped
// at `span`, the first `valid` elements only, with the hint H. The slice may still be read by
// load_blocked's lanes: a __syncwarp() comes first.
template <int Loads, StoreHint H = StoreHint::wb, class T>
__device__ __forceinline__ void store_blocked(T* span, std::size_t valid, T* slice,
                                              const T (&items)[WarpSpan<T, Loads>::kItems]) {
  using S = WarpSpan<T, Loads>;
  __syncwarp();
#pragma unroll
  for (int j = 0; j < Loads; ++j) {
    typename S::Raw& b = blocked_vector<Loads>(slice, j);
#pragma unroll
    for (int k = 0; k < S::kVector; ++k) S::at(b, k) = items[j * S::kVector + k];
  }
  __syncwarp();
  store_striped<Loads, H>(span, valid, slice);
}

}  // namespace kernels::cuda
