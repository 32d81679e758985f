#pragma once
// Vector loads and stores of 4, 8 or 16 bytes: the CUDA vector type of N elements of T, loaded
// with ld.global.cg (cached in L2 only: streaming data has no reuse in L1, and the L2 probe must
// not be served by L1) and viewed element by element.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace kernels::cuda {

template <class T, int N>
struct VectorOf;
template <>
struct VectorOf<float, 1> {
  using type = float;
};
template <>
struct VectorOf<float, 2> {
  using type = float2;
};
template <>
struct VectorOf<float, 4> {
  using type = float4;
};
template <>
struct VectorOf<double, 1> {
  using type = double;
};
template <>
struct VectorOf<double, 2> {
  using type = double2;
};
template <>
struct VectorOf<__half2, 1> {
  using type = __half2;
};
template <>
struct VectorOf<__half2, 4> {
  using type = uint4;
};
template <>
struct VectorOf<__nv_bfloat162, 1> {
  using type = __nv_bfloat162;
};
template <>
struct VectorOf<__nv_bfloat162, 4> {
  using type = uint4;
};
template <>
struct VectorOf<int, 1> {
  using type = int;
};
template <>
struct VectorOf<int, 4> {
  using type = int4;
};
template <>
struct VectorOf<unsigned, 1> {
  using type = unsigned;
};
template <>
struct VectorOf<unsigned, 4> {
  using type = uint4;
};

template <class T, int N>
struct Vector {
  T v[N];
};

template <class T, int N>
__device__ __forceinline__ Vector<T, N> unpacked(const typename VectorOf<T, N>::type& raw) {
  Vector<T, N> out;
  const T* e = reinterpret_cast<const T*>(&raw);
#pragma unroll
  for (int k = 0; k < N; ++k) out.v[k] = e[k];
  return out;
}

template <class T, int N>
__device__ __forceinline__ Vector<T, N> load(const T* p) {
  using V = typename VectorOf<T, N>::type;
  return unpacked<T, N>(__ldcg(reinterpret_cast<const V*>(p)));
}

// A plain vector load: from shared memory, or from global memory through L1 (ld.global.cg is a
// strong load at GPU scope on sm_90, LDG.E.STRONG.GPU, where this is a weak one).
template <class T, int N>
__device__ __forceinline__ Vector<T, N> load_plain(const T* p) {
  using V = typename VectorOf<T, N>::type;
  return unpacked<T, N>(*reinterpret_cast<const V*>(p));
}

template <class T, int N>
__device__ __forceinline__ typename VectorOf<T, N>::type packed(const Vector<T, N>& value) {
  typename VectorOf<T, N>::type raw;
  T* e = reinterpret_cast<T*>(&raw);
#pragma unroll
  for (int k = 0; k < N; ++k) e[k] = value.v[k];
  return raw;
}

template <class T, int N>
__device__ __forceinline__ void store(T* p, const Vector<T, N>& value) {
  *reinterpret_cast<typename VectorOf<T, N>::type*>(p) = packed(value);
}

// With the streaming hint (st.global.cs): the line is the L2's first to evict.
template <class T, int N>
__device__ __forceinline__ void store_streaming(T* p, const Vector<T, N>& value) {
  __stcs(reinterpret_cast<typename VectorOf<T, N>::type*>(p), packed(value));
}

}  // namespace kernels::cuda
