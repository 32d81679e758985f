// The mma.sync chains of the tensor-core probe: one kernel template over the instruction, whose
// trait packs the operand registers and issues the instruction with its accumulators in place.
#include <climits>
#include <stdexcept>
#include <string>

#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/tensor_chains.hpp"
#include "probes/cuda/tensor_words.cuh"

namespace probes::cuda {
namespace {

// Per instruction: the operand register type and counts, the accumulator type, how a value fills
// one operand register, and the instruction itself (D = A·B + D).
template <TensorInstruction I>
struct Mma;

template <>
struct Mma<TensorInstruction::mma_f16> {
  using Word = std::uint32_t;
  using Acc = float;
  static constexpr int kA = 4, kB = 2, kAcc = 4;
  __device__ static Word pack(double v) { return f16x2_word(v); }
  __device__ static void step(Acc (&d)[kAcc], const Word (&a)[kA], const Word (&b)[kB]) {
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
};

template <>
struct Mma<TensorInstruction::mma_bf16> : Mma<TensorInstruction::mma_f16> {
  __device__ static Word pack(double v) { return bf16x2_word(v); }
  __device__ static void step(Acc (&d)[kAcc], const Word (&a)[kA], const Word (&b)[kB]) {
    asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
};

template <>
struct Mma<TensorInstruction::mma_tf32> {
  using Word = std::uint32_t;
  using Acc = float;
  static constexpr int kA = 4, kB = 2, kAcc = 4;
  __device__ static Word pack(double v) { return tf32_word(v); }
  __device__ static void step(Acc (&d)[kAcc], const Word (&a)[kA], const Word (&b)[kB]) {
    asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
};

template <>
struct Mma<TensorInstruction::mma_s8> {
  using Word = std::uint32_t;
  using Acc = int;
  static constexpr int kA = 4, kB = 2, kAcc = 4;
  __device__ static Word pack(double v) { return s8x4_word(v); }
  __device__ static void step(Acc (&d)[kAcc], const Word (&a)[kA], const Word (&b)[kB]) {
    asm("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
};

template <>
struct Mma<TensorInstruction::mma_f64> {
  using Word = double;
  using Acc = double;
  static constexpr int kA = 1, kB = 1, kAcc = 2;
  __device__ static Word pack(double v) { return v; }
  __device__ static void step(Acc (&d)[kAcc], const Word (&a)[kA], const Word (&b)[kB]) {
    asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
        : "+d"(d[0]), "+d"(d[1])
        : "d"(a[0]), "d"(b[0]));
  }
};

template <>
struct Mma<TensorInstruction::mma_f64_k16> {
  using Word = double;
  using Acc = double;
  static constexpr int kA = 8, kB = 4, kAcc = 4;
  __device__ static Word pack(double v) { return v; }
  __device__ static void step(Acc (&d)[kAcc], const Word (&a)[kA], const Word (&b)[kB]) {
#if __CUDA_ARCH__ >= 900
    asm("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, "
        "{%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};"
        : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
        : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]),
          "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
#else
    __trap();  // the table runs it on sm_90 and later only
#endif
  }
};

template <TensorInstruction I>
__global__ void mma_chains_kernel(double a, double b, double c, int trips, double* out) {
  using M = Mma<I>;
  static_assert(M::kAcc == tensor_shape(I).accumulators);
  const std::size_t threads = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t me = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  typename M::Acc d[kMmaChains][M::kAcc];
#if __CUDA_ARCH__ >= 800  // every instruction here starts with sm_80; the table says so too
  typename M::Word ra[M::kA], rb[M::kB];
#pragma unroll
  for (int r = 0; r < M::kA; ++r) ra[r] = M::pack(a);
#pragma unroll
  for (int r = 0; r < M::kB; ++r) rb[r] = M::pack(b);
#pragma unroll
  for (int ch = 0; ch < kMmaChains; ++ch)
#pragma unroll
    for (int v = 0; v < M::kAcc; ++v) d[ch][v] = typename M::Acc(c);
  for (int trip = 0; trip < trips; ++trip) {
#pragma unroll
    for (int u = 0; u < kTensorUnroll; ++u)
#pragma unroll
      for (int ch = 0; ch < kMmaChains; ++ch) M::step(d[ch], ra, rb);
  }
#else
  __trap();
#endif
#pragma unroll
  for (int ch = 0; ch < kMmaChains; ++ch)
#pragma unroll
    for (int v = 0; v < M::kAcc; ++v) out[(ch * M::kAcc + v) * threads + me] = double(d[ch][v]);
}

template <TensorInstruction I>
void launch(int blocks, int threads, int trips, const TensorOperands& o, double* out) {
  mma_chains_kernel<I><<<blocks, threads>>>(o.a, o.b, o.c, trips, out);
  kernels::cuda::check_launch("mma_chains_kernel");
}

}  // namespace

int tensor_values_per_thread(TensorInstruction i) {
  const TensorShape& s = tensor_shape(i);
  return s.path == "wgmma" ? s.accumulators : kMmaChains * s.accumulators;
}

void tensor_chains_launch(TensorInstruction i, int blocks, int threads_per_block,
                          std::int64_t iterations, const TensorOperands& operands, double* out) {
  if (iterations < kTensorUnroll || iterations % kTensorUnroll != 0 ||
      iterations / kTensorUnroll > INT_MAX)
    throw std::invalid_argument("tensor chains: iterations " + std::to_string(iterations) +
                                " is not a positive multiple of " + std::to_string(kTensorUnroll) +
                                " with at most 2^31 - 1 trips");
  const int trips = static_cast<int>(iterations / kTensorUnroll);
  switch (i) {
    case TensorInstruction::mma_f16:
      return launch<TensorInstruction::mma_f16>(blocks, threads_per_block, trips, operands, out);
    case TensorInstruction::mma_bf16:
      return launch<TensorInstruction::mma_bf16>(blocks, threads_per_block, trips, operands, out);
    case TensorInstruction::mma_tf32:
      return launch<TensorInstruction::mma_tf32>(blocks, threads_per_block, trips, operands, out);
    case TensorInstruction::mma_s8:
      return launch<TensorInstruction::mma_s8>(blocks, threads_per_block, trips, operands, out);
    case TensorInstruction::mma_f64:
      return launch<TensorInstruction::mma_f64>(blocks, threads_per_block, trips, operands, out);
    case TensorInstruction::mma_f64_k16:
      return launch<TensorInstruction::mma_f64_k16>(blocks, threads_per_block, trips, operands,
                                                    out);
    case TensorInstruction::wgmma_f16:
    case TensorInstruction::wgmma_bf16:
    case TensorInstruction::wgmma_tf32:
    case TensorInstruction::wgmma_s8:
    case TensorInstruction::wgmma_e4m3:
      return wgmma_chains_launch(i, blocks, threads_per_block, trips, operands, out);
  }
}

}  // namespace probes::cuda
