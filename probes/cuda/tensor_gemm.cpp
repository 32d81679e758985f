#include "probes/cuda/tensor_gemm.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/cublas.hpp"
#include "kernels/cuda/cublas_lt.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "probes/chain_check.hpp"
#include "roofline/input_error.hpp"

#define ROOFLAB_CUBLAS(call) ::kernels::cuda::check_cublas((call), #call)

namespace probes::cuda {

namespace {

using kernels::cuda::DeviceBuffer;
using roofline::Precision;

struct GemmTypes {
  cudaDataType_t input, output;
  cublasComputeType_t compute;
  int input_bytes, output_bytes;
  const char* call;
  // cublasGemmEx takes no fp8: those go through cublasLtMatmul.
  bool lt() const { return input == CUDA_R_8F_E4M3; }
};

std::optional<GemmTypes> gemm_types(Precision p) {
  switch (p) {
    case Precision::fp16_tensor:
      return GemmTypes{CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F,
                       2,          4,          "cublasGemmEx f16 x f16 -> f32, CUBLAS_COMPUTE_32F"};
    case Precision::bf16_tensor:
      return GemmTypes{
          CUDA_R_16BF, CUDA_R_32F, CUBLAS_COMPUTE_32F,
          2,           4,          "cublasGemmEx bf16 x bf16 -> f32, CUBLAS_COMPUTE_32F"};
    case Precision::tf32_tensor:
      return GemmTypes{
          CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32,
          4,          4,          "cublasGemmEx f32 x f32 -> f32, CUBLAS_COMPUTE_32F_FAST_TF32"};
    case Precision::int8_tensor:
      return GemmTypes{CUDA_R_8I, CUDA_R_32I, CUBLAS_COMPUTE_32I,
                       1,         4,          "cublasGemmEx s8 x s8 -> s32, CUBLAS_COMPUTE_32I"};
    // Without fast accumulation (cuBLASLt's default): partial sums are promoted to fp32, so C is
    // exact; the fast mode accumulates the whole k = n in the fp8 path and could not be checked.
    case Precision::fp8_tensor:
      return GemmTypes{CUDA_R_8F_E4M3,
                       CUDA_R_32F,
                       CUBLAS_COMPUTE_32F,
                       1,
                       4,
                       "cublasLtMatmul e4m3 x e4m3 -> f32, CUBLAS_COMPUTE_32F"};
    case Precision::fp64_tensor:
      return GemmTypes{CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F,
                       8,          8,          "cublasGemmEx f64 x f64 -> f64, CUBLAS_COMPUTE_64F"};
    // Without the TF32 math mode, fp32 inputs with fp32 compute run on the FMA units.
    case Precision::fp32:
      return GemmTypes{CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F,
                       4,          4,          "cublasGemmEx f32 x f32 -> f32, CUBLAS_COMPUTE_32F"};
    default:
      return std::nullopt;
  }
}

// v as the raw bytes of `type` at `p` (rounded to the nearest value the type holds; int8 cast).
void store_value(cudaDataType_t type, double v, unsigned char* p) {
  if (type == CUDA_R_16F) {
    const __half h = __double2half(v);
    std::memcpy(p, &h, 2);
  } else if (type == CUDA_R_16BF) {
    const __nv_bfloat16 h = __double2bfloat16(v);
    std::memcpy(p, &h, 2);
  } else if (type == CUDA_R_32F) {
    const float f = static_cast<float>(v);
    std::memcpy(p, &f, 4);
  } else if (type == CUDA_R_8I) {
    *p = static_cast<unsigned char>(static_cast<std::int8_t>(v));
  } else if (type == CUDA_R_8F_E4M3) {
    *p = __nv_cvt_double_to_fp8(v, __NV_SATFINITE, __NV_E4M3);
  } else {
    std::memcpy(p, &v, 8);
  }
}

// The value of the element at `p`, stored as `type`.
double value_at(cudaDataType_t type, const unsigned char* p) {
  switch (type) {
    case CUDA_R_8I:
      return static_cast<std::int8_t>(*p);
    case CUDA_R_8F_E4M3: {
      const __half_raw h = __nv_cvt_fp8_to_halfraw(*p, __NV_E4M3);
      return __half2float(__half(h));
    }
    case CUDA_R_16F: {
      __half h;
      std::memcpy(&h, p, 2);
      return __half2float(h);
    }
    case CUDA_R_16BF: {
      __nv_bfloat16 h;
      std::memcpy(&h, p, 2);
      return __bfloat162float(h);
    }
    case CUDA_R_32F: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    case CUDA_R_32I: {
      std::int32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default: {
      double d;
      std::memcpy(&d, p, 8);
      return d;
    }
  }
}

// n values equal to v, as the raw bytes of `type`.
std::vector<unsigned char> filled(cudaDataType_t type, int bytes, std::size_t n, double v) {
  unsigned char one[8];
  store_value(type, v, one);
  std::vector<unsigned char> out(n * bytes);
  for (std::size_t i = 0; i < n; ++i) std::memcpy(out.data() + i * bytes, one, bytes);
  return out;
}

// Every element of `raw`, stored as `type` (`bytes` each).
std::vector<double> values_of(cudaDataType_t type, int bytes,
                              const std::vector<unsigned char>& raw) {
  std::vector<double> out(raw.size() / bytes);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = value_at(type, raw.data() + i * bytes);
  return out;
}

// The 64-bit step of splitmix64: fast enough to fill a few hundred MiB of operands in the probe.
std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// n values uniform in [-1, 1] as the raw bytes of `type` (fp32 of a TF32 compute: its 10
// mantissa bits, so that the tensor cores read what is stored; int8: every value of the type).
std::vector<unsigned char> random_values(const GemmTypes& t, std::size_t n, std::uint64_t seed) {
  std::vector<unsigned char> out(n * t.input_bytes);
  unsigned char* p = out.data();
  for (std::size_t i = 0; i < n; ++i, p += t.input_bytes) {
    const std::uint64_t bits = next_random(seed);
    if (t.input == CUDA_R_8I) {
      *p = static_cast<unsigned char>(bits >> 56);
      continue;
    }
    store_value(t.input, 2.0 * static_cast<double>(bits >> 11) * 0x1p-53 - 1.0, p);
    if (t.compute == CUBLAS_COMPUTE_32F_FAST_TF32) {  // fp32's low 13 mantissa bits cleared
      std::uint32_t f;
      std::memcpy(&f, p, 4);
      f &= ~std::uint32_t{0x1fff};
      std::memcpy(p, &f, 4);
    }
  }
  return out;
}

// How far a sum of n products may stray from the exact one, as a share of Σ|a·b| (see the header).
double rounding_bound(const GemmTypes& t, int n) {
  if (t.compute == CUBLAS_COMPUTE_32I) return 0;
  if (t.lt()) return 0x1p-7;
  // The host's double sum of fp64 products rounds too: twice the bound.
  if (t.compute == CUBLAS_COMPUTE_64F) return 2.0 * n * 0x1p-53;
  return n * 0x1p-24;
}

class TensorGemmCase final : public kernels::cuda::CudaCase {
 public:
  TensorGemmCase(roofline::CaseInfo info, const GemmTypes& types, int n, GemmOperands operands)
      : CudaCase(std::move(info)), types_(types), n_(n), operands_(operands) {}

 protected:
  void prepare_device() override {
    const std::size_t elements = std::size_t(n_) * n_;
    a_buffer_.emplace(elements * types_.input_bytes);
    b_buffer_.emplace(elements * types_.input_bytes);
    c_buffer_.emplace(elements * types_.output_bytes);
    if (operands_ == GemmOperands::random) {
      a_host_ = random_values(types_, elements, 1);
      b_host_ = random_values(types_, elements, 2);
      a_buffer_->from_host(a_host_);
      b_buffer_->from_host(b_host_);
    } else {
      std::mt19937_64 rng(42);
      std::uniform_int_distribution<int> operand(1, 3);
      a_ = operand(rng);
      b_ = operand(rng);
      a_buffer_->from_host(filled(types_.input, types_.input_bytes, elements, a_));
      b_buffer_->from_host(filled(types_.input, types_.input_bytes, elements, b_));
    }
    if (types_.lt()) lt_.emplace(types_.input, types_.output, n_);
  }

  void run_device() override {
    if (lt_) return lt_->run(a_buffer_->data(), b_buffer_->data(), c_buffer_->data());
    cublasHandle_t h = handle_.get();
    ROOFLAB_CUBLAS(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
    ROOFLAB_CUBLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    const std::int32_t one_i = 1, zero_i = 0;
    const float one_f = 1, zero_f = 0;
    const double one_d = 1, zero_d = 0;
    const void* one = &one_f;
    const void* zero = &zero_f;
    if (types_.compute == CUBLAS_COMPUTE_32I) {
      one = &one_i;
      zero = &zero_i;
    } else if (types_.compute == CUBLAS_COMPUTE_64F) {
      one = &one_d;
      zero = &zero_d;
    }
    ROOFLAB_CUBLAS(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, n_, n_, n_, one, a_buffer_->data(),
                                types_.input, n_, b_buffer_->data(), types_.input, n_, zero,
                                c_buffer_->data(), types_.output, n_, types_.compute,
                                CUBLAS_GEMM_DEFAULT));
  }

  roofline::Verification verify_device() override {
    ROOFLAB_CUDA(cudaMemset(c_buffer_->data(), 0xff, c_buffer_->size()));
    run_device();
    if (operands_ == GemmOperands::random) return check_sampled();
    return probes::check_chains(values_of(types_.output, types_.output_bytes, c_buffer_->to_host()),
                                double(n_) * a_ * b_, "n·a·b");
  }

  // C(i, j) = Σ_k A(k, i)·B(k, j) (both stored column-major, k fastest) at 256 sampled elements;
  // errors as shares of Σ_k |A(k, i)·B(k, j)|.
  roofline::Verification check_sampled() {
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> index(0, n_ - 1);
    const double bound = rounding_bound(types_, n_);
    roofline::Verification v{.passed = true, .max_error = 0, .tolerance = bound, .message = ""};
    for (int s = 0; s < 256; ++s) {
      const std::size_t i = index(rng), j = index(rng), n = n_;
      double sum = 0, magnitude = 0;
      for (std::size_t k = 0; k < n; ++k) {
        const double ab =
            value_at(types_.input, a_host_.data() + (i * n + k) * types_.input_bytes) *
            value_at(types_.input, b_host_.data() + (j * n + k) * types_.input_bytes);
        sum += ab;
        magnitude += std::fabs(ab);
      }
      unsigned char raw[8];
      ROOFLAB_CUDA(cudaMemcpy(raw, c_buffer_->data() + (j * n + i) * types_.output_bytes,
                              types_.output_bytes, cudaMemcpyDeviceToHost));
      const double c = value_at(types_.output, raw);
      const double error = std::fabs(c - sum);
      v.max_error = std::max(v.max_error, magnitude > 0 ? error / magnitude : error);
      if (v.passed && !(error <= bound * magnitude)) {
        char text[200];
        std::snprintf(text, sizeof text,
                      "C(%zu, %zu) = %.17g, the host's sum %.17g (error %.3g, bound %.3g)", i, j, c,
                      sum, error, bound * magnitude);
        v.passed = false;
        v.message = text;
      }
    }
    if (v.passed) {
      char text[160];
      std::snprintf(text, sizeof text,
                    "256 sampled elements of C within %.3g of Σ|a·b| of the host's sum in double",
                    bound);
      v.message = text;
    }
    return v;
  }

  void release_device() override {
    a_host_.clear();
    b_host_.clear();
    lt_.reset();
    a_buffer_.reset();
    b_buffer_.reset();
    c_buffer_.reset();
  }

 private:
  GemmTypes types_;
  int n_;
  GemmOperands operands_;
  double a_ = 1, b_ = 1;                        // constant operands
  std::vector<unsigned char> a_host_, b_host_;  // random operands, kept for the check
  kernels::cuda::CublasHandle handle_;
  std::optional<kernels::cuda::CublasLtGemm> lt_;  // for the types that need cublasLtMatmul
  std::optional<DeviceBuffer<unsigned char>> a_buffer_, b_buffer_, c_buffer_;
};

}  // namespace

std::optional<std::string> gemm_call(Precision p) {
  if (const auto t = gemm_types(p)) return t->call;
  return std::nullopt;
}

std::optional<std::string> tensor_gemm_call(Precision p) {
  return roofline::is_tensor(p) ? gemm_call(p) : std::nullopt;
}

std::unique_ptr<roofline::Case> make_tensor_gemm_case(const roofline::Device& device, Precision p,
                                                      int n, GemmOperands operands) {
  const auto types = gemm_types(p);
  if (!types)
    throw roofline::InputError("tensor gemm: no cuBLAS reference for " + std::string(to_string(p)));
  if (n < 16 || n % 16 != 0)
    throw roofline::InputError("tensor gemm: n " + std::to_string(n) +
                               " is not a positive multiple of 16");
  const double cube = double(n) * n * n;
  roofline::CaseInfo info{
      .family = "tensor_gemm",
      .variant = operands == GemmOperands::random ? "cublas_random" : "cublas",
      .backend = "cuda",
      .device = device.id,
      .params = {{"precision", to_string(p)}, {"n", n}, {"call", types->call}},
      .work = {.precision = p,
               .flops = 2 * cube,
               .bytes = double(n) * n * (2.0 * types->input_bytes + types->output_bytes),
               .bytes_write_allocate = 0,
               .working_set = double(n) * n * (2.0 * types->input_bytes + types->output_bytes)},
      .level = ""};
  return std::make_unique<TensorGemmCase>(std::move(info), *types, n, operands);
}

}  // namespace probes::cuda
