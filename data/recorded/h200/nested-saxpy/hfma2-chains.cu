// Experiment 2: HFMA2 / HFMA2.MMA split against ILP, operand order and bf16.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdio>
constexpr int M = 1024, LANES = 4;
template <class L, int ITEMS, int Form>
__global__ void k(L* y, const L* x, size_t vecs, L a) {
  size_t first = blockIdx.x * size_t(blockDim.x) + threadIdx.x,
         stride = size_t(gridDim.x) * blockDim.x;
  for (size_t base = first; base < vecs; base += ITEMS * stride) {
    L t[ITEMS][LANES], y0[ITEMS][LANES];
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
        for (int l = 0; l < LANES; ++l)
          t[i][l] = Form == 0 ? __hfma2(a, t[i][l], y0[i][l]) : __hfma2(t[i][l], a, y0[i][l]);
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
template <class L, int ITEMS, int Form>
void run(const char* name, void* x, void* y, size_t n, int sms, L a) {
  double flops = 2.0 * M * n;
  size_t vecs = n / 8;
  for (int bpsm : {4, 8})
    printf("%s blocks/SM %d: %.1f TFLOP/s\n", name, bpsm, flops / time([&] {
                                                            k<L, ITEMS, Form><<<sms * bpsm, 256>>>(
                                                                (L*)y, (const L*)x, vecs, a);
                                                          }) * 1e-12);
}
int main() {
  size_t n = size_t(1) << 24;
  void *x, *y;
  cudaMalloc(&x, n * 2);
  cudaMalloc(&y, n * 2);
  cudaMemset(x, 0, n * 2);
  cudaMemset(y, 0, n * 2);
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  __half2 h = __float2half2_rn(0.5f);
  __nv_bfloat162 b = __float2bfloat162_rn(0.5f);
  run<__half2, 2, 0>("fp16 items 2", x, y, n, sms, h);
  run<__half2, 4, 0>("fp16 items 4", x, y, n, sms, h);
  run<__half2, 8, 0>("fp16 items 8", x, y, n, sms, h);
  run<__half2, 4, 1>("fp16 items 4 (t,a,y0)", x, y, n, sms, h);
  run<__nv_bfloat162, 4, 0>("bf16 items 4", x, y, n, sms, b);
  run<__nv_bfloat162, 8, 0>("bf16 items 8", x, y, n, sms, b);
  printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
