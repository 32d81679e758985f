// The reference for Rooflab's launch latency: a plain loop of the same calls, an empty one-thread
// kernel launched on a non-blocking stream and waited for (cudaStreamSynchronize), and the same
// kernel as a one-node CUDA graph; per call, the median of 15 runs of 2000 calls, host clock.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
__global__ void empty_kernel() {}
template <class F>
double per_call_us(F f) {
  std::vector<double> runs;
  for (int r = 0; r < 15; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 2000; ++i) f();
    runs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() /
                   2000 * 1e6);
  }
  std::sort(runs.begin(), runs.end());
  return runs[runs.size() / 2];
}
int main() {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaGraph_t g;
  cudaGraphExec_t e;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
  empty_kernel<<<1, 1, 0, s>>>();
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiate(&e, g, 0);
  const double round_trip = per_call_us([&] {
    empty_kernel<<<1, 1, 0, s>>>();
    cudaStreamSynchronize(s);
  });
  const double graph = per_call_us([&] {
    cudaGraphLaunch(e, s);
    cudaStreamSynchronize(s);
  });
  std::printf("plain loop: launch round trip %.3f us, graph launch %.3f us (%s)\n", round_trip,
              graph, cudaGetErrorString(cudaGetLastError()));
}
