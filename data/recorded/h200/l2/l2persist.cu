// gpu-l2-cache's read shape (1024-thread blocks, each reading one of `slices` 512 KiB slices as 32
// iterations of two 8 KiB runs) run once: by 200000 blocks as gpu-l2-cache does, or by a resident
// grid of 2 blocks per SM looping over the 200000 (persistent); loads through L2 only (__ldcg) or
// plain. Usage: l2persist SLICES persistent(0|1) cg(0|1). For Nsight Compute.
#include <cstdio>
#include <cstdlib>
constexpr int N = 64, BS = 1024;
__global__ void slices_kernel(double* A, const double* __restrict__ B, int blockRun, int vblocks,
                              int cg) {
  double s = 0;
  for (int vb = blockIdx.x; vb < vblocks; vb += gridDim.x)
#pragma unroll
    for (int i = 0; i < N / 2; i++) {
      int idx = (BS * blockRun * i + (vb % blockRun) * BS) * 2 + threadIdx.x;
      s += cg ? __ldcg(B + idx) * __ldcg(B + idx + BS) : B[idx] * B[idx + BS];
    }
  if (threadIdx.x > 1233 || s == 23.12) A[threadIdx.x] += s;
}
int main(int argc, char** argv) {
  if (argc < 4) return 2;
  const int blockRun = atoi(argv[1]), persistent = atoi(argv[2]), cg = atoi(argv[3]);
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  double *A, *B;
  cudaMalloc(&A, 1 << 20);
  cudaMalloc(&B, size_t(blockRun) * N * BS * 8 + 4096);
  cudaMemset(B, 0, size_t(blockRun) * N * BS * 8 + 4096);
  const int vblocks = 200000;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  slices_kernel<<<persistent ? 2 * sms : vblocks, BS>>>(A, B, blockRun, vblocks, cg);
  cudaEventRecord(a);
  slices_kernel<<<persistent ? 2 * sms : vblocks, BS>>>(A, B, blockRun, vblocks, cg);
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms;
  cudaEventElapsedTime(&ms, a, b);
  printf("slices %d persistent %d cg %d: %.2f TB/s (%s)\n", blockRun, persistent, cg,
         double(N) * BS * 8 * vblocks / (ms * 1e-3) * 1e-12,
         cudaGetErrorString(cudaGetLastError()));
}
