// Experiment: why the nested SAXPY's HFMA2 runs at half the probe's rate.
#include <cuda_fp16.h>

#include <cstdio>
#include <vector>
constexpr int M = 1024, ITEMS = 4, LANES = 4;
template <int Variant>
__global__ void k(__half2* y, const __half2* x, size_t vecs, __half a1, __half2 a2) {
  __half2 a = Variant == 1 ? a2 : __half2half2(a1);
  size_t first = blockIdx.x * size_t(blockDim.x) + threadIdx.x,
         stride = size_t(gridDim.x) * blockDim.x;
  for (size_t base = first; base < vecs; base += ITEMS * stride) {
    __half2 t[ITEMS][LANES], y0[ITEMS][LANES];
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
      size_t v = base + i * stride;
      if (v >= vecs) v = base;
      uint4 xa = *reinterpret_cast<const uint4*>(x + v * LANES),
            ya = *reinterpret_cast<const uint4*>(y + v * LANES);
      memcpy(t[i], &xa, 16);
      memcpy(y0[i], &ya, 16);
    }
#pragma unroll 32
    for (int s = 0; s < M; ++s)
#pragma unroll
      for (int i = 0; i < ITEMS; ++i)
#pragma unroll
        for (int l = 0; l < LANES; ++l) {
          if (Variant == 2)
            t[i][l] = __hfma2(t[i][l], a, y0[i][l]);
          else if (Variant == 3)
            t[i][l] = __hfma2(t[i][l], a, a2);
          else
            t[i][l] = __hfma2(a, t[i][l], y0[i][l]);
        }
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
      size_t v = base + i * stride;
      if (v < vecs) {
        uint4 o;
        memcpy(&o, t[i], 16);
        *reinterpret_cast<uint4*>(y + v * LANES) = o;
      }
    }
  }
}
// float reference of the same shape
__global__ void kf(float4* y, const float4* x, size_t vecs, float a) {
  size_t first = blockIdx.x * size_t(blockDim.x) + threadIdx.x,
         stride = size_t(gridDim.x) * blockDim.x;
  for (size_t base = first; base < vecs; base += ITEMS * stride) {
    float4 t[ITEMS], y0[ITEMS];
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
      size_t v = base + i * stride;
      if (v >= vecs) v = base;
      t[i] = x[v];
      y0[i] = y[v];
    }
#pragma unroll 32
    for (int s = 0; s < M; ++s)
#pragma unroll
      for (int i = 0; i < ITEMS; ++i) {
        t[i].x = fmaf(a, t[i].x, y0[i].x);
        t[i].y = fmaf(a, t[i].y, y0[i].y);
        t[i].z = fmaf(a, t[i].z, y0[i].z);
        t[i].w = fmaf(a, t[i].w, y0[i].w);
      }
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
      size_t v = base + i * stride;
      if (v < vecs) y[v] = t[i];
    }
  }
}
template <class F>
double time(F f) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  f();
  cudaDeviceSynchronize();
  float best = 1e30;
  for (int r = 0; r < 5; ++r) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    if (ms < best) best = ms;
  }
  return best * 1e-3;
}
int main() {
  size_t n = size_t(1) << 24;  // elements
  void *x, *y;
  cudaMalloc(&x, n * 4);
  cudaMalloc(&y, n * 4);
  cudaMemset(x, 0, n * 4);
  cudaMemset(y, 0, n * 4);
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  double flops = 2.0 * M * n;
  for (int bpsm : {4, 8, 16}) {
    int blocks = sms * bpsm, threads = 256;
    size_t hv = n / 8;
    printf("blocks/SM %d: ", bpsm);
    printf("v0 %.1f ", flops / time([&] {
                         k<0><<<blocks, threads>>>((__half2*)y, (const __half2*)x, hv,
                                                   __float2half(0.5f), __float2half2_rn(0.5f));
                       }) * 1e-12);
    printf("v1(param a2) %.1f ", flops / time([&] {
                                   k<1><<<blocks, threads>>>((__half2*)y, (const __half2*)x, hv,
                                                             __float2half(0.5f),
                                                             __float2half2_rn(0.5f));
                                 }) * 1e-12);
    printf("v2(t,a,y0) %.1f ", flops / time([&] {
                                 k<2><<<blocks, threads>>>((__half2*)y, (const __half2*)x, hv,
                                                           __float2half(0.5f),
                                                           __float2half2_rn(0.5f));
                               }) * 1e-12);
    printf("v3(t,a,c) %.1f ", flops / time([&] {
                                k<3><<<blocks, threads>>>((__half2*)y, (const __half2*)x, hv,
                                                          __float2half(0.5f),
                                                          __float2half2_rn(0.5f));
                              }) * 1e-12);
    printf("fp32 %.1f\n", flops / time([&] {
                            kf<<<blocks, threads>>>((float4*)y, (const float4*)x, n / 4, 0.5f);
                          }) * 1e-12);
  }
  printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
