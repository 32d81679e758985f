// Scratch: L2 read shapes at 1024-thread blocks against gpu-l2-cache's. Virtual block vb reads
// slice vb % S of a set of S slices; a slice is K steps, step i at (S*i + slice) * 1024 vectors
// (gpu-l2-cache's layout: its two 8 KiB runs are two steps here). Phase: block vb starts its K
// steps at (vb / S) * P % K so co-readers of a slice are out of phase. Loads per group G in flight.
// Usage: l2gap time | l2gap ncu NAME_SUBSTR MIB
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

enum Op { plain, cg, nc, nc_na, cs, lu };
static const char* op_name[] = {"plain", "cg", "nc", "nc_na", "cs", "lu"};

template <Op O>
__device__ __forceinline__ double2 ld2(const double2* p) {
  double2 v;
  if constexpr (O == plain)
    asm volatile("ld.global.v2.f64 {%0,%1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p));
  if constexpr (O == cg)
    asm volatile("ld.global.cg.v2.f64 {%0,%1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p));
  if constexpr (O == nc)
    asm volatile("ld.global.nc.v2.f64 {%0,%1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p));
  if constexpr (O == nc_na)
    asm volatile("ld.global.nc.L1::no_allocate.v2.f64 {%0,%1}, [%2];"
                 : "=d"(v.x), "=d"(v.y)
                 : "l"(p));
  if constexpr (O == cs)
    asm volatile("ld.global.cs.v2.f64 {%0,%1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p));
  if constexpr (O == lu)
    asm volatile("ld.global.lu.v2.f64 {%0,%1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p));
  return v;
}
template <Op O>
__device__ __forceinline__ double ld1(const double* p) {
  double v;
  if constexpr (O == plain) asm volatile("ld.global.f64 %0, [%1];" : "=d"(v) : "l"(p));
  if constexpr (O == cg) asm volatile("ld.global.cg.f64 %0, [%1];" : "=d"(v) : "l"(p));
  if constexpr (O == nc) asm volatile("ld.global.nc.f64 %0, [%1];" : "=d"(v) : "l"(p));
  if constexpr (O == nc_na)
    asm volatile("ld.global.nc.L1::no_allocate.f64 %0, [%1];" : "=d"(v) : "l"(p));
  if constexpr (O == cs) asm volatile("ld.global.cs.f64 %0, [%1];" : "=d"(v) : "l"(p));
  if constexpr (O == lu) asm volatile("ld.global.lu.f64 %0, [%1];" : "=d"(v) : "l"(p));
  return v;
}

// One partial per block (atomics to one address had bounded the first version at ~9.2 TB/s).
__device__ __forceinline__ void block_out(double s, double* out) {
  __shared__ double w[32];
  for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(~0u, s, o);
  if (threadIdx.x % 32 == 0) w[threadIdx.x / 32] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    double t = 0;
    for (int i = 0; i < blockDim.x / 32; ++i) t += w[i];
    out[blockIdx.x] = t;
  }
}
// W: 8 or 16 bytes per load; K steps per block; G loads in flight.
template <int W, int K, int G, Op O, int MinB, int BS>
__global__ void __launch_bounds__(BS, MinB)
    l2_slices(const double* __restrict__ B, int S, int vblocks, int phase, double* out) {
  double s = 0;
  for (int vb = blockIdx.x; vb < vblocks; vb += gridDim.x) {
    const int slice = vb % S;
    const int first = phase > 0 ? (vb / S) * phase % K : 0;
    const bool rev = phase < 0 && (vb / S) % 2;
    const long long step = rev ? -(long long)S * BS : (long long)S * BS;
    const long long base =
        (long long)slice * BS + threadIdx.x + (rev ? (long long)(K - 1) * S * BS : 0);
#pragma unroll
    for (int g = 0; g < K; g += G) {
      double v[G * (W / 8)];
#pragma unroll
      for (int j = 0; j < G; ++j) {
        int i = g + j;
        if (phase > 0) i = i + first >= K ? i + first - K : i + first;
        const long long vec = base + i * step;
        if constexpr (W == 16) {
          const double2 d = ld2<O>(reinterpret_cast<const double2*>(B) + vec);
          v[2 * j] = d.x, v[2 * j + 1] = d.y;
        } else {
          v[j] = ld1<O>(B + vec);
        }
      }
#pragma unroll
      for (int j = 0; j < G * (W / 8); ++j) s += v[j];
    }
  }
  block_out(s, out);
}

// Resident grid stride, 16 B, Items in flight (Rooflab's read shape), passes over n vectors.
template <int Items, Op O>
__global__ void l2_stride(const double* __restrict__ B, size_t nvec, int passes, double* out) {
  double s = 0;
  const size_t first = blockIdx.x * size_t(blockDim.x) + threadIdx.x,
               st = size_t(gridDim.x) * blockDim.x;
  const double2* d = reinterpret_cast<const double2*>(B);
  for (int p = 0; p < passes; ++p)
    for (size_t b = first; b < nvec; b += Items * st) {
      double2 v[Items];
#pragma unroll
      for (int k = 0; k < Items; ++k)
        v[k] = b + k * st < nvec ? ld2<O>(d + b + k * st) : make_double2(0, 0);
#pragma unroll
      for (int k = 0; k < Items; ++k) s += v[k].x + v[k].y;
    }
  block_out(s, out);
}

// One reader per line (a resident grid; block b owns steps b, b+G, ... of T vectors, G the grid),
// each block starting its pass at its own rotation of its steps: the grid stride's lines with the
// lockstep broken. rot: the rotation's multiplier (0: the grid stride's order); Items in flight.
template <int Items, Op O>
__global__ void l2_rot(const double* __restrict__ B, size_t nvec, int passes, int rot,
                       double* out) {
  double s = 0;
  const double2* d = reinterpret_cast<const double2*>(B);
  const size_t T = blockDim.x, G = gridDim.x, U = nvec / T;
  const long long own = U > blockIdx.x ? (U - blockIdx.x + G - 1) / G : 0;
  const long long r = own ? (long long)blockIdx.x * rot % own : 0;
  const double2* mine = d + blockIdx.x * T + threadIdx.x;
  for (int p = 0; p < passes; ++p) {
    for (long long j0 = 0; j0 < own; j0 += Items) {
      double2 v[Items];
#pragma unroll
      for (int k = 0; k < Items; ++k) {
        long long j = j0 + k + r;
        j = j >= own ? j - own : j;
        v[k] = j0 + k < own ? ld2<O>(mine + j * G * T) : make_double2(0, 0);
      }
#pragma unroll
      for (int k = 0; k < Items; ++k) s += v[k].x + v[k].y;
    }
  }
  block_out(s, out);
}

#define CK(x)                                                     \
  do {                                                            \
    cudaError_t e = (x);                                          \
    if (e != cudaSuccess) {                                       \
      printf("CUDA %s at %d\n", cudaGetErrorString(e), __LINE__); \
      exit(1);                                                    \
    }                                                             \
  } while (0)

struct Variant {
  std::string name;
  double bytes;  // per launch
  double expect;
  int blocks;
  std::function<void()> launch;
};

int main(int argc, char** argv) {
  const bool ncu = argc > 1 && !strcmp(argv[1], "ncu");
  const char* only = ncu && argc > 2 ? argv[2] : nullptr;
  std::vector<double> mibs = {15};
  if (!ncu) mibs = {1, 3.75, 7.5, 15, 30, 45};
  if (ncu && argc > 3) mibs = {atof(argv[3])};
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const size_t maxbytes = size_t(48) << 20;
  std::vector<double> h(maxbytes / 8);
  for (size_t i = 0; i < h.size(); ++i) h[i] = double((i * 2654435761u >> 7) % 13 + 1);
  double *B, *out;
  CK(cudaMalloc(&B, maxbytes));
  CK(cudaMalloc(&out, 8 * 200000));
  std::vector<double> parts(200000);
  CK(cudaMemcpy(B, h.data(), maxbytes, cudaMemcpyHostToDevice));
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  printf("%-40s %7s %9s %9s %s\n", "variant", "MiB", "TB/s", "best", "check");
  for (double mib : mibs) {
    const int vblocks = 200000;
    std::vector<Variant> vs;
    // A slices variant: W bytes per load, K steps; slice bytes = K * BS * W.
    auto add_slices = [&]<int W, int K, int G, Op O, int MinB, int BS = 1024>(int phase) {
      const double slice_bytes = double(K) * BS * W;
      const int S = int(mib * 1048576 / slice_bytes + 0.5);
      std::vector<double> ssum(S, 0);
      for (int sl = 0; sl < S; ++sl)
        for (int i = 0; i < K; ++i)
          for (int t = 0; t < BS * W / 8; ++t)
            ssum[sl] += h[((size_t(S) * i + sl) * BS) * (W / 8) + t];
      double e = 0;
      for (int vb = 0; vb < vblocks; ++vb) e += ssum[vb % S];
      char nm[100];
      snprintf(nm, sizeof nm, "slices_t%d_w%d_k%d_g%d_%s_b%d_p%d", BS, W, K, G, op_name[O], MinB,
               phase);
      vs.push_back({nm, slice_bytes * vblocks, e, vblocks, [=] {
                      l2_slices<W, K, G, O, MinB, BS><<<vblocks, BS>>>(B, S, vblocks, phase, out);
                    }});
    };
    auto add_stride = [&]<int Items, Op O>(int threads, int bpsm) {
      const size_t nvec = size_t(mib * 1048576 / 16);
      double one = 0;
      for (size_t i = 0; i < nvec * 2; ++i) one += h[i];
      const int passes = int(100e9 / (nvec * 16.0));
      char nm[100];
      snprintf(nm, sizeof nm, "stride_%dx%d_i%d_%s", threads, bpsm, Items, op_name[O]);
      vs.push_back({nm, double(nvec) * 16 * passes, one * passes, sms * bpsm,
                    [=] { l2_stride<Items, O><<<sms * bpsm, threads>>>(B, nvec, passes, out); }});
    };
    add_slices.template operator()<16, 16, 8, cg, 2>(0);
    add_slices.template operator()<16, 32, 8, cg, 2>(0);
    add_slices.template operator()<16, 64, 8, cg, 2>(0);
    add_slices.template operator()<16, 32, 8, cg, 2>(-1);
    add_slices.template operator()<16, 64, 8, cg, 2>(-1);
    add_slices.template operator()<16, 32, 4, cg, 2>(0);
    add_slices.template operator()<16, 64, 4, cg, 2>(0);
    add_slices.template operator()<16, 64, 8, cg, 8, 256>(0);
    add_slices.template operator()<16, 64, 8, cg, 8, 256>(-1);
    add_slices.template operator()<16, 32, 8, cg, 8, 256>(0);
    add_slices.template operator()<16, 64, 4, cg, 8, 256>(0);
    add_stride.template operator()<4, cg>(256, 8);
    auto add_rot = [&]<int Items, Op O>(int threads, int bpsm, int rot) {
      const size_t nvec = size_t(mib * 1048576 / 16) / threads * threads;
      double one = 0;
      for (size_t i = 0; i < nvec * 2; ++i) one += h[i];
      const int passes = int(100e9 / (nvec * 16.0));
      char nm[100];
      snprintf(nm, sizeof nm, "rot_%dx%d_i%d_%s_r%d", threads, bpsm, Items, op_name[O], rot);
      vs.push_back({nm, double(nvec) * 16 * passes, one * passes, sms * bpsm,
                    [=] { l2_rot<Items, O><<<sms * bpsm, threads>>>(B, nvec, passes, rot, out); }});
    };
    add_rot.template operator()<4, cg>(256, 8, 0);
    add_rot.template operator()<4, cg>(256, 8, 7);
    add_rot.template operator()<8, cg>(256, 8, 7);
    add_rot.template operator()<8, cg>(1024, 2, 7);
    add_rot.template operator()<4, cg>(256, 8, 1);
    add_rot.template operator()<4, cg>(512, 4, 7);
    for (Variant& v : vs) {
      if (only && v.name.find(only) == std::string::npos) continue;
      double got = 0;
      float best = 1e30, ms;
      std::vector<float> t;
      const int reps = ncu ? 1 : 6;
      for (int r = 0; r < reps; ++r) {
        cudaEventRecord(a);
        v.launch();
        cudaEventRecord(b);
        CK(cudaEventSynchronize(b));
        CK(cudaGetLastError());
        CK(cudaEventElapsedTime(&ms, a, b));
        CK(cudaMemcpy(parts.data(), out, 8 * v.blocks, cudaMemcpyDeviceToHost));
        got = 0;
        for (int i = 0; i < v.blocks; ++i) got += parts[i];
        if (got != v.expect) {
          printf("%s: WRONG %.17g vs %.17g\n", v.name.c_str(), got, v.expect);
          break;
        }
        if (r > 0) t.push_back(ms);
        best = ms < best ? ms : best;
      }
      std::sort(t.begin(), t.end());
      const double med = t.empty() ? best : t[t.size() / 2];
      printf("%-40s %7.2f %9.3f %9.3f %s\n", v.name.c_str(), mib, v.bytes / med * 1e-9,
             v.bytes / best * 1e-9, got == v.expect ? "ok" : "FAIL");
    }
  }
}
