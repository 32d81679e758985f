#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/cuda/element_check.cuh"
#include "kernels/cuda/stream_check.hpp"
#include "kernels/inputs.hpp"
#include "kernels/stream_exact.hpp"

namespace kernels::cuda {
namespace {

constexpr int kSumThreads = 256;
constexpr unsigned kSumBlocks = 1024;

// One element's inputs regenerated; those the operation does not read are 0.
template <class T>
struct StreamInputs {
  StreamOp op;
  StreamSeeds seeds;
  __host__ __device__ double in1(std::size_t i) const {
    return stream_inputs(op) >= 1 ? input_as<T>(seeds.in1, i) : 0;
  }
  __host__ __device__ double in2(std::size_t i) const {
    return stream_inputs(op) >= 2 ? input_as<T>(seeds.in2, i) : 0;
  }
  __host__ __device__ double out0(std::size_t i) const {
    return stream_in_place(op) ? input_as<T>(seeds.out0, i) : 0;
  }
};

template <class T>
struct StreamReference {
  StreamInputs<T> inputs;
  double s;
  __host__ __device__ ExactValue operator()(std::size_t i) const {
    return exact_stream_element(inputs.op, s, inputs.in1(i), inputs.in2(i), inputs.out0(i));
  }
};

// A double-double sum (hi + lo) and Σ|terms| of each block's share of the read or dot terms.
struct SumPart {
  double hi, lo, magnitude;
};

__device__ void add_exact(SumPart& part, double term) {
  double error;
  two_sum(part.hi, term, part.hi, error);
  part.lo += error;
  part.magnitude += fabs(term);
}

template <class T>
__global__ void exact_sum_kernel(StreamInputs<T> inputs, std::size_t n, SumPart* parts) {
  SumPart part{0, 0, 0};
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n;
       i += std::size_t{gridDim.x} * blockDim.x) {
    const double a = inputs.in1(i);
    if (inputs.op == StreamOp::dot) {  // a·b = product + error exactly (TwoProduct)
      const double b = inputs.in2(i), product = a * b;
      add_exact(part, product);
      part.lo += fma(a, b, -product);
    } else {
      add_exact(part, a);
    }
  }
  __shared__ SumPart shared[kSumThreads];
  shared[threadIdx.x] = part;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) {
      SumPart& mine = shared[threadIdx.x];
      const SumPart& other = shared[threadIdx.x + half];
      double error;
      two_sum(mine.hi, other.hi, mine.hi, error);
      mine.lo += other.lo + error;
      mine.magnitude += other.magnitude;
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) parts[blockIdx.x] = shared[0];
}

}  // namespace

template <class T>
roofline::Verification verify_stream_output_on_device(StreamOp op, const T* out, std::size_t n, T s,
                                                      const StreamSeeds& seeds) {
  if (!stream_stores(op))
    throw std::invalid_argument("stream " + std::string(to_string(op)) + " has no output array");
  const auto f = check_elements_on_device(out, n, stream_output_tolerance<T>(op),
                                          StreamReference<T>{{op, seeds}, s});
  return stream_output_verdict<T>(op, n, f.check, f.found, f.expected);
}

template <class T>
roofline::Verification verify_stream_sum_on_device(StreamOp op, double sum, std::size_t n,
                                                   const StreamSeeds& seeds) {
  if (stream_stores(op))
    throw std::invalid_argument("stream " + std::string(to_string(op)) + " returns no sum");
  DeviceBuffer<SumPart> parts(kSumBlocks);
  exact_sum_kernel<T><<<kSumBlocks, kSumThreads>>>({op, seeds}, n, parts.data());
  check_launch("exact_sum_kernel");
  long double exact = 0, magnitude = 0;
  for (const SumPart& p : parts.to_host()) {
    exact += static_cast<long double>(p.hi) + p.lo;
    magnitude += p.magnitude;
  }
  return stream_sum_verdict<T>(op, sum, exact, magnitude, n);
}

template roofline::Verification verify_stream_output_on_device(StreamOp, const float*, std::size_t,
                                                               float, const StreamSeeds&);
template roofline::Verification verify_stream_output_on_device(StreamOp, const double*, std::size_t,
                                                               double, const StreamSeeds&);
template roofline::Verification verify_stream_sum_on_device<float>(StreamOp, double, std::size_t,
                                                                   const StreamSeeds&);
template roofline::Verification verify_stream_sum_on_device<double>(StreamOp, double, std::size_t,
                                                                    const StreamSeeds&);

}  // namespace kernels::cuda
