// Scratch: how often NVML's total-energy counter moves, under load and idle, and how repeatable
// a 2 s window's power is when its ends are taken at arbitrary times vs at the counter's updates.
#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>
typedef int (*init_t)();
typedef int (*handle_t)(unsigned, void**);
typedef int (*energy_t)(void*, unsigned long long*);
static energy_t energy;
static void* dev;
__global__ void burn(float* out, int reps) {
  float a = threadIdx.x * 1e-3f, b = 1.0001f, c[8];
  for (int i = 0; i < 8; ++i) c[i] = a + i;
  for (int r = 0; r < reps; ++r)
#pragma unroll
    for (int i = 0; i < 8; ++i) c[i] = fmaf(c[i], b, 0.5f);
  float s = 0;
  for (int i = 0; i < 8; ++i) s += c[i];
  if (s == 1234.5f) out[0] = s;
}
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
struct P {
  double t;
  unsigned long long e;
};
std::vector<P> poll(double seconds) {
  std::vector<P> v;
  double end = now() + seconds;
  while (now() < end) {
    unsigned long long e;
    energy(dev, &e);
    v.push_back({now(), e});
  }
  return v;
}
void report(const char* what, const std::vector<P>& v) {
  std::vector<double> gaps;
  std::vector<P> ch;
  for (size_t i = 1; i < v.size(); ++i)
    if (v[i].e != v[i - 1].e) ch.push_back(v[i]);
  for (size_t i = 1; i < ch.size(); ++i) gaps.push_back(ch[i].t - ch[i - 1].t);
  std::sort(gaps.begin(), gaps.end());
  double pd = (v.back().t - v.front().t) / v.size();
  printf("%s: %zu polls (%.2f ms each), %zu changes, gap ms min %.1f med %.1f max %.1f\n", what,
         v.size(), pd * 1e3, ch.size(), gaps.empty() ? 0 : gaps.front() * 1e3,
         gaps.empty() ? 0 : gaps[gaps.size() / 2] * 1e3, gaps.empty() ? 0 : gaps.back() * 1e3);
  // 2 s windows at arbitrary ends (every poll ~ every 50 ms) vs aligned ends (change to change).
  auto stats = [&](const char* how, std::vector<double> p) {
    double m = 0;
    for (double x : p) m += x;
    m /= p.size();
    double s = 0;
    for (double x : p) s += (x - m) * (x - m);
    s = std::sqrt(s / p.size());
    std::sort(p.begin(), p.end());
    printf("  2 s windows %s: %zu, mean %.1f W, sd %.2f W, min %.1f max %.1f\n", how, p.size(), m,
           s, p.front(), p.back());
  };
  std::vector<double> arb, al;
  for (size_t i = 0; i < v.size(); i += std::max<size_t>(1, v.size() / 60)) {
    size_t j = i;
    while (j < v.size() && v[j].t - v[i].t < 2.0) ++j;
    if (j >= v.size()) break;
    arb.push_back((v[j].e - v[i].e) * 1e-3 / (v[j].t - v[i].t));
  }
  for (size_t i = 0; i < ch.size(); ++i) {
    size_t j = i;
    while (j < ch.size() && ch[j].t - ch[i].t < 2.0) ++j;
    if (j >= ch.size()) break;
    al.push_back((ch[j].e - ch[i].e) * 1e-3 / (ch[j].t - ch[i].t));
  }
  if (!arb.empty()) stats("arbitrary ends", arb);
  if (!al.empty()) stats("at changes", al);
}
int main() {
  void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
  if (!lib) {
    printf("no nvml\n");
    return 1;
  }
  ((init_t)dlsym(lib, "nvmlInit_v2"))();
  ((handle_t)dlsym(lib, "nvmlDeviceGetHandleByIndex_v2"))(0, &dev);
  energy = (energy_t)dlsym(lib, "nvmlDeviceGetTotalEnergyConsumption");
  float* out;
  cudaMalloc(&out, 4);
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  for (int round = 0; round < 2; ++round) {
    std::atomic<bool> go{true};
    std::thread t([&] {
      while (go) {
        burn<<<sms * 8, 256>>>(out, 1 << 16);
        cudaDeviceSynchronize();
      }
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    report("FFMA load", poll(6.0));
    go = false;
    t.join();
    report("idle right after", poll(3.0));
    std::this_thread::sleep_for(std::chrono::seconds(2));
    report("idle 5 s after", poll(3.0));
  }
}
