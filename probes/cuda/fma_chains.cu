#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <climits>
#include <cstring>
#include <stdexcept>
#include <string>

#include "kernels/cuda/common/fma.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/fma_chains.hpp"

namespace probes::cuda {
namespace {

using kernels::cuda::fma_step;  // t·a + b in every precision, paired for 16-bit types

template <class T>
__global__ void fma_chains_kernel(T* state, T a, T b, std::int64_t iterations) {
  const std::size_t threads = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t me = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  T t[kFmaChains];
#pragma unroll
  for (int c = 0; c < kFmaChains; ++c) t[c] = state[c * threads + me];
  // A 32-bit trip count: a 64-bit one takes two more instructions per trip.
  const int trips = static_cast<int>(iterations / kFmaUnroll);
  for (int trip = 0; trip < trips; ++trip) {
#pragma unroll
    for (int u = 0; u < kFmaUnroll; ++u)
#pragma unroll
      for (int c = 0; c < kFmaChains; ++c) t[c] = fma_step(t[c], a, b);
  }
#pragma unroll
  for (int c = 0; c < kFmaChains; ++c) state[c * threads + me] = t[c];
}

template <class T>
void launch(int blocks, int threads, std::int64_t iterations, void* state, T a, T b) {
  fma_chains_kernel<T><<<blocks, threads>>>(static_cast<T*>(state), a, b, iterations);
  kernels::cuda::check_launch("fma_chains_kernel");
}

}  // namespace

void fma_chains_launch(roofline::Precision p, int blocks, int threads, std::int64_t iterations,
                       void* state, double a, double b) {
  if (iterations % kFmaUnroll != 0 || iterations / kFmaUnroll > INT_MAX)
    throw std::invalid_argument("fma chains: iterations " + std::to_string(iterations) +
                                " is not a multiple of " + std::to_string(kFmaUnroll) +
                                " with at most 2^31 - 1 trips");
  switch (p) {
    case roofline::Precision::fp64:
      return launch<double>(blocks, threads, iterations, state, a, b);
    case roofline::Precision::fp32:
      return launch<float>(blocks, threads, iterations, state, float(a), float(b));
    case roofline::Precision::fp16:
      return launch<__half2>(blocks, threads, iterations, state, __float2half2_rn(float(a)),
                             __float2half2_rn(float(b)));
    case roofline::Precision::bf16:
      return launch<__nv_bfloat162>(blocks, threads, iterations, state,
                                    __float2bfloat162_rn(float(a)), __float2bfloat162_rn(float(b)));
    default:
      break;
  }
  throw std::invalid_argument("fma chains: no kernel for " + std::string(to_string(p)));
}

std::vector<double> lane_values(roofline::Precision p, const std::vector<unsigned char>& bytes) {
  std::vector<double> out;
  const std::size_t values = bytes.size() / fma_value_bytes(p);
  for (std::size_t i = 0; i < values; ++i) {
    const unsigned char* raw = bytes.data() + i * fma_value_bytes(p);
    if (p == roofline::Precision::fp64) {
      double v;
      std::memcpy(&v, raw, sizeof v);
      out.push_back(v);
    } else if (p == roofline::Precision::fp32) {
      float v;
      std::memcpy(&v, raw, sizeof v);
      out.push_back(v);
    } else if (p == roofline::Precision::fp16) {
      __half2 v;
      std::memcpy(&v, raw, sizeof v);
      out.push_back(__low2float(v));
      out.push_back(__high2float(v));
    } else {
      __nv_bfloat162 v;
      std::memcpy(&v, raw, sizeof v);
      out.push_back(__low2float(v));
      out.push_back(__high2float(v));
    }
  }
  return out;
}

std::vector<unsigned char> chain_bytes(roofline::Precision p, const std::vector<double>& lanes) {
  const std::size_t values = lanes.size() / fma_lanes(p);
  std::vector<unsigned char> out(values * fma_value_bytes(p));
  for (std::size_t i = 0; i < values; ++i) {
    unsigned char* raw = out.data() + i * fma_value_bytes(p);
    if (p == roofline::Precision::fp64) {
      std::memcpy(raw, &lanes[i], sizeof(double));
    } else if (p == roofline::Precision::fp32) {
      const float v = float(lanes[i]);
      std::memcpy(raw, &v, sizeof v);
    } else if (p == roofline::Precision::fp16) {
      const __half2 v = __floats2half2_rn(float(lanes[2 * i]), float(lanes[2 * i + 1]));
      std::memcpy(raw, &v, sizeof v);
    } else {
      const __nv_bfloat162 v = __floats2bfloat162_rn(float(lanes[2 * i]), float(lanes[2 * i + 1]));
      std::memcpy(raw, &v, sizeof v);
    }
  }
  return out;
}

}  // namespace probes::cuda
